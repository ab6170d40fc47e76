import { dashboard, dashboardUid, type PanelSpec, type RowSpec } from './dashboard.js';
import { labelValues, MANAGER, percentileQueries, rate, selector, sumBy, within } from './promql.js';
import { EVERY_REPLICA, managerVariables } from './runtime-dashboard.js';

/** RESOURCES_DASHBOARD_PATH is the process dashboard, where kubebuilder's grafana plugin writes it. */
export const RESOURCES_DASHBOARD_PATH = 'grafana/controller-resources-metrics.json';

const PODS = within(MANAGER, 'pod=~"$pod"');
const BY_POD = ['pod'];

const processPanels: PanelSpec[] = [
  {
    title: 'CPU',
    description: 'CPU time per second of each manager pod, user and system: 100% is one core busy.',
    unit: 'percentunit',
    queries: [{ expr: sumBy(BY_POD, rate('process_cpu_seconds_total', PODS)), legend: '{{pod}}' }],
  },
  {
    title: 'Resident memory',
    description:
      'Memory of each manager process held in RAM (RSS): what the container memory limit is measured against.',
    unit: 'bytes',
    queries: [{ expr: sumBy(BY_POD, selector('process_resident_memory_bytes', PODS)), legend: '{{pod}}' }],
  },
];

const nodePanels: PanelSpec[] = [
  {
    title: 'Event-loop lag',
    description:
      'How late the event loop ran a timer that was due, as percentiles: everything the manager does waits this ' +
      'long. Sustained lag means reconcilers or webhooks block the loop with synchronous work.',
    unit: 's',
    queries: percentileQueries('nodejs_eventloop_lag_seconds', PODS, BY_POD),
  },
  {
    title: 'Heap',
    description:
      'V8 heap in use and allocated, and memory of C++ objects bound to JavaScript objects (buffers). ' +
      'Heap in use that keeps rising across garbage collections is a leak.',
    unit: 'bytes',
    queries: [
      { expr: sumBy(BY_POD, selector('nodejs_heap_size_used_bytes', PODS)), legend: '{{pod}} used' },
      { expr: sumBy(BY_POD, selector('nodejs_heap_size_total_bytes', PODS)), legend: '{{pod}} total' },
      { expr: sumBy(BY_POD, selector('nodejs_external_memory_bytes', PODS)), legend: '{{pod}} external' },
    ],
  },
  {
    title: 'Time in garbage collection',
    description:
      'Share of wall-clock time spent in garbage collection pauses, by kind (minor, major, incremental, weakcb).',
    unit: 'percentunit',
    queries: [
      { expr: sumBy(['pod', 'kind'], rate('nodejs_gc_duration_seconds_sum', PODS)), legend: '{{pod}} {{kind}}' },
    ],
  },
  {
    title: 'Active handles and requests',
    description:
      'Resources keeping the event loop alive, by type (sockets, timers, file handles). A count that grows with ' +
      'every reconcile is a leaked watch, timer or connection.',
    unit: 'short',
    stacked: true,
    queries: [{ expr: sumBy(['pod', 'type'], selector('nodejs_active_resources', PODS)), legend: '{{pod}} {{type}}' }],
  },
];

/** RESOURCES_ROWS are the rows of the process dashboard. */
export const RESOURCES_ROWS: readonly RowSpec[] = [
  { title: 'Process', panels: processPanels },
  { title: 'Node.js runtime', panels: nodePanels },
];

/**
 * resourcesDashboard is grafana/controller-resources-metrics.json: what the manager process costs and how
 * healthy its Node.js runtime is (CPU, resident memory, event-loop lag, heap, garbage collection, active
 * handles), per pod.
 */
export function resourcesDashboard(projectName: string): object {
  return dashboard({
    uid: dashboardUid(projectName, 'resources'),
    title: `${projectName} / Resources`,
    description: `CPU, memory and Node.js runtime health of the ${projectName} manager pods.`,
    tags: ['operator-ts', projectName],
    variables: [
      ...managerVariables(),
      {
        name: 'pod',
        label: 'Pod',
        query: labelValues(EVERY_REPLICA, MANAGER, 'pod'),
        multi: true,
      },
    ],
    rows: RESOURCES_ROWS,
  });
}
