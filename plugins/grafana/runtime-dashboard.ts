import { dashboard, dashboardUid, type PanelSpec, type QueryVariableSpec, type RowSpec } from './dashboard.js';
import { labelValues, MANAGER, percentileQueries, rate, selector, sumBy, within } from './promql.js';

/** RUNTIME_DASHBOARD_PATH is the controller-runtime dashboard, where kubebuilder's grafana plugin writes it. */
export const RUNTIME_DASHBOARD_PATH = 'grafana/controller-runtime-metrics.json';

// Every controller metric, and every work queue metric (queues are named after their controller), carries
// the controller label; the panels of those follow the controllers the `controller` variable picks.
const CONTROLLERS = within(MANAGER, 'controller=~"$controller"');
const BY_CONTROLLER = ['controller'];

/**
 * EVERY_REPLICA is a series each manager replica serves from its start: standby replicas of a leader-elected
 * manager read their Lease too, and run no controller (so serve no `controller_runtime_*`) until elected.
 */
export const EVERY_REPLICA = 'rest_client_requests_total';

/** managerVariables are the variables picking one manager: its namespace, then its scrape job. */
export function managerVariables(): QueryVariableSpec[] {
  return [
    { name: 'namespace', label: 'Namespace', query: labelValues(EVERY_REPLICA, [], 'namespace'), multi: false },
    { name: 'job', label: 'Job', query: labelValues(EVERY_REPLICA, ['namespace="$namespace"'], 'job'), multi: false },
  ];
}

const reconciliation: PanelSpec[] = [
  {
    title: 'Reconciles per second',
    description:
      'Finished reconciles by controller and result: success, error, requeue (asked to run again) or requeue_after.',
    unit: 'ops',
    queries: [
      {
        expr: sumBy(['controller', 'result'], rate('controller_runtime_reconcile_total', CONTROLLERS)),
        legend: '{{controller}} {{result}}',
      },
    ],
  },
  {
    title: 'Reconcile errors per second',
    description: 'Reconciles that returned an error (retried with backoff), terminal errors (not retried) and panics.',
    unit: 'ops',
    queries: [
      {
        expr: sumBy(BY_CONTROLLER, rate('controller_runtime_reconcile_errors_total', CONTROLLERS)),
        legend: '{{controller}} errors',
      },
      {
        expr: sumBy(BY_CONTROLLER, rate('controller_runtime_terminal_reconcile_errors_total', CONTROLLERS)),
        legend: '{{controller}} terminal',
      },
      {
        expr: sumBy(BY_CONTROLLER, rate('controller_runtime_reconcile_panics_total', CONTROLLERS)),
        legend: '{{controller}} panics',
      },
    ],
  },
  {
    title: 'Reconcile time',
    description: 'How long one reconcile takes, as percentiles per controller.',
    unit: 's',
    queries: percentileQueries('controller_runtime_reconcile_time_seconds', CONTROLLERS, BY_CONTROLLER),
  },
  {
    title: 'Workers in use',
    description:
      'Reconciles running at once per controller, against the most the controller allows (MaxConcurrentReconciles).',
    unit: 'short',
    queries: [
      {
        expr: sumBy(BY_CONTROLLER, selector('controller_runtime_active_workers', CONTROLLERS)),
        legend: '{{controller}} active',
      },
      {
        expr: sumBy(BY_CONTROLLER, selector('controller_runtime_max_concurrent_reconciles', CONTROLLERS)),
        legend: '{{controller}} max',
      },
    ],
  },
];

const workQueue: PanelSpec[] = [
  {
    title: 'Queue depth',
    description: 'Requests waiting to be reconciled. A depth that keeps growing means the controller cannot keep up.',
    unit: 'short',
    queries: [{ expr: sumBy(BY_CONTROLLER, selector('workqueue_depth', CONTROLLERS)), legend: '{{controller}}' }],
  },
  {
    title: 'Queue adds and retries per second',
    description:
      'Requests added to the queue (events, requeues) and retries after an error, with rate-limited backoff.',
    unit: 'ops',
    queries: [
      { expr: sumBy(BY_CONTROLLER, rate('workqueue_adds_total', CONTROLLERS)), legend: '{{controller}} adds' },
      { expr: sumBy(BY_CONTROLLER, rate('workqueue_retries_total', CONTROLLERS)), legend: '{{controller}} retries' },
    ],
  },
  {
    title: 'Time in queue',
    description: 'How long a request waits in the queue before a worker takes it: the age of queued work.',
    unit: 's',
    queries: percentileQueries('workqueue_queue_duration_seconds', CONTROLLERS, BY_CONTROLLER),
  },
  {
    title: 'Work duration',
    description: 'How long a worker holds a request, from taking it off the queue to done.',
    unit: 's',
    queries: percentileQueries('workqueue_work_duration_seconds', CONTROLLERS, BY_CONTROLLER),
  },
  {
    title: 'Unfinished work',
    description:
      'Seconds of work in progress not yet finished, and the longest-running reconcile. Values that grow without ' +
      'bound point at a stuck reconciler.',
    unit: 's',
    width: 24,
    queries: [
      {
        expr: sumBy(BY_CONTROLLER, selector('workqueue_unfinished_work_seconds', CONTROLLERS)),
        legend: '{{controller}} unfinished',
      },
      {
        expr: sumBy(BY_CONTROLLER, selector('workqueue_longest_running_processor_seconds', CONTROLLERS)),
        legend: '{{controller}} longest',
      },
    ],
  },
];

const readYourWrites: PanelSpec[] = [
  {
    title: 'Reconciles held for a stale cache',
    description: 'Requests not reconciled yet because the cache did not show the controller’s own last write.',
    unit: 'ops',
    queries: [
      {
        expr: sumBy(BY_CONTROLLER, rate('controller_runtime_reconcile_stale_skipped_total', CONTROLLERS)),
        legend: '{{controller}}',
      },
    ],
  },
  {
    title: 'Stale-cache hold time',
    description: 'How long a request was held until the cache caught up with the controller’s own writes.',
    unit: 's',
    queries: percentileQueries('controller_runtime_reconcile_stale_delay_seconds', CONTROLLERS, BY_CONTROLLER),
  },
];

const apiServer: PanelSpec[] = [
  {
    title: 'API server requests by code',
    description:
      'Requests to the Kubernetes API server per second by HTTP status code; ' +
      '<error> is a request that got no response.',
    unit: 'reqps',
    stacked: true,
    queries: [{ expr: sumBy(['code'], rate('rest_client_requests_total', MANAGER)), legend: '{{code}}' }],
  },
  {
    title: 'API server requests by method',
    description: 'Requests to the Kubernetes API server per second by HTTP method.',
    unit: 'reqps',
    stacked: true,
    queries: [{ expr: sumBy(['method'], rate('rest_client_requests_total', MANAGER)), legend: '{{method}}' }],
  },
  {
    title: 'Objects in the cache',
    description:
      'Objects each informer held when it last synced, by resource and view (full objects or metadata only).',
    unit: 'short',
    queries: [
      { expr: sumBy(['resource', 'view'], selector('cache_objects', MANAGER)), legend: '{{resource}} {{view}}' },
    ],
  },
  {
    title: 'Cache size',
    description: 'JSON size of the objects each informer held when it last synced.',
    unit: 'bytes',
    queries: [
      { expr: sumBy(['resource', 'view'], selector('cache_object_bytes', MANAGER)), legend: '{{resource}} {{view}}' },
    ],
  },
  {
    title: 'Watch restarts and relists',
    description:
      'Watches restarted by reason (closed by the server, expired resource version, errors) and full relists. ' +
      'A steady stream of restarts for errors means the cache is falling behind.',
    unit: 'ops',
    queries: [
      {
        expr: sumBy(['resource', 'reason'], rate('reflector_restarts_total', MANAGER)),
        legend: '{{resource}} {{reason}}',
      },
      { expr: sumBy(['resource'], rate('reflector_lists_total', MANAGER)), legend: '{{resource}} lists' },
    ],
  },
  {
    title: 'Leader',
    description: '1 on the replica that holds the leader election lease, 0 on the others.',
    unit: 'short',
    queries: [
      { expr: sumBy(['pod', 'name'], selector('leader_election_master_status', MANAGER)), legend: '{{pod}} {{name}}' },
    ],
  },
];

const webhooks: PanelSpec[] = [
  {
    title: 'Admission requests by code',
    description: 'Webhook requests per second by path and HTTP status code.',
    unit: 'reqps',
    width: 8,
    queries: [
      {
        expr: sumBy(['webhook', 'code'], rate('controller_runtime_webhook_requests_total', MANAGER)),
        legend: '{{webhook}} {{code}}',
      },
    ],
  },
  {
    title: 'Admission latency',
    description: 'How long the webhook server takes to answer, as percentiles per path.',
    unit: 's',
    width: 8,
    queries: percentileQueries('controller_runtime_webhook_latency_seconds', MANAGER, ['webhook']),
  },
  {
    title: 'Admission requests in flight',
    description: 'Webhook requests being served right now, per path.',
    unit: 'short',
    width: 8,
    queries: [
      {
        expr: sumBy(['webhook'], selector('controller_runtime_webhook_requests_in_flight', MANAGER)),
        legend: '{{webhook}}',
      },
    ],
  },
];

/** RUNTIME_ROWS are the rows of the controller-runtime dashboard. */
export const RUNTIME_ROWS: readonly RowSpec[] = [
  { title: 'Reconciliation', panels: reconciliation },
  { title: 'Work queue', panels: workQueue },
  { title: 'Read-your-writes', panels: readYourWrites },
  { title: 'API server and cache', panels: apiServer },
  { title: 'Webhooks', panels: webhooks },
];

/**
 * runtimeDashboard is grafana/controller-runtime-metrics.json: what the controllers of one manager do
 * (reconcile rate, errors, latency, workers), their work queues (depth, age, work duration, stuck work),
 * read-your-writes holds, the API server requests and cache, and the webhook server.
 */
export function runtimeDashboard(projectName: string): object {
  return dashboard({
    uid: dashboardUid(projectName, 'runtime'),
    title: `${projectName} / Controller Runtime`,
    description: `Controllers, work queues, API server requests, cache and webhooks of ${projectName}.`,
    tags: ['operator-ts', projectName],
    variables: [
      ...managerVariables(),
      {
        name: 'controller',
        label: 'Controller',
        query: labelValues('controller_runtime_reconcile_total', MANAGER, 'controller'),
        multi: true,
      },
    ],
    rows: RUNTIME_ROWS,
  });
}
