import type * as PerfHooks from 'node:perf_hooks';
import type { Metric, Registry } from 'prom-client';
import { EventLoopLagHistogram } from './eventloop-lag.js';
import { Counter, Gauge, Histogram } from './prom-client-core.js';

/**
 * DEFAULT_EVENT_LOOP_RESOLUTION_MS is how often the event-loop monitor samples. Each sample wakes an idle
 * process: at prom-client's 10 ms that cost the benchmark operator 5 ms of CPU a second at rest, ten times
 * its idle CPU; at 100 ms it costs about a tenth of that. A block of the loop still shows whenever it
 * overlaps a sample, so over a scrape interval the histogram sees blocks in proportion to their length.
 */
const DEFAULT_EVENT_LOOP_RESOLUTION_MS = 100;

/** RuntimeMetricsOptions tunes {@link registerRuntimeMetrics}. */
export interface RuntimeMetricsOptions {
  /**
   * How often the event-loop lag is sampled, in milliseconds; 100 when absent. Shorter catches shorter
   * blocks at the cost of a wake-up per sample. The first registration in a process decides it.
   */
  eventLoopResolutionMs?: number | undefined;
  /**
   * Export `nodejs_gc_duration_seconds`; true when absent. Node.js builds a performance entry and runs a
   * callback for every collection, and a manager's small young generation collects often.
   */
  gcDurations?: boolean | undefined;
}
/**
 * GC_DURATION_BUCKETS reach below prom-client's smallest (1 ms): an operator's heap is small, and its
 * scavenges take a fraction of a millisecond.
 */
const GC_DURATION_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

/** RUNTIME_METRIC_NAMES lists the metrics {@link registerRuntimeMetrics} registers. */
export const RUNTIME_METRIC_NAMES: readonly string[] = [
  'nodejs_eventloop_lag_seconds',
  'nodejs_gc_duration_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_heap_size_total_bytes',
  'nodejs_external_memory_bytes',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
  'process_resident_memory_bytes',
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  'process_start_time_seconds',
];

// The metrics and their observers are process-wide, made once: a second manager in the same process (tests)
// registers the same objects rather than starting a second monitor and GC observer.
let shared: readonly Metric[] | undefined;

/**
 * registerRuntimeMetrics registers the health metrics of the Node.js process in `registry`: event-loop lag
 * and GC pauses by kind (histograms), heap used and total, external memory, active resources by type,
 * resident memory, CPU time and start time. Names follow prom-client's default metrics and Prometheus'
 * process collector, so existing Node.js and controller-runtime dashboards find them. Everything but the two
 * histograms is read when scraped; the event-loop monitor is a native timer, and the GC observer runs once
 * per batch of collections. The observers start on the first call and run for the life of the process.
 * Registering twice is a no-op; a different metric already registered under one of these names (prom-client's
 * `collectDefaultMetrics`) is an error that says so.
 */
export function registerRuntimeMetrics(registry: Registry, options: RuntimeMetricsOptions = {}): void {
  const resolutionMs = options.eventLoopResolutionMs ?? DEFAULT_EVENT_LOOP_RESOLUTION_MS;
  shared ??= createRuntimeMetrics(resolutionMs, options.gcDurations ?? true);
  for (const metric of shared) {
    const { name } = metric as unknown as { name: string };
    const existing = registry.getSingleMetric(name);
    if (existing === metric) continue;
    if (existing !== undefined) {
      throw new Error(
        `metric ${name} is already registered (prom-client's collectDefaultMetrics?): ` +
          `turn the runtime's own off with runtimeMetrics: false`,
      );
    }
    registry.registerMetric(metric);
  }
}

/**
 * createRuntimeMetrics makes the metrics and starts their observers; {@link registerRuntimeMetrics} calls it
 * once per process.
 */
export function createRuntimeMetrics(resolutionMs: number, gcDurations: boolean): Metric[] {
  const perf: typeof PerfHooks = process.getBuiltinModule('node:perf_hooks');
  const monitor = perf.monitorEventLoopDelay({ resolution: resolutionMs });
  monitor.enable();
  const lag = new EventLoopLagHistogram(monitor, resolutionMs);

  const gc = gcDurations ? [gcHistogram(perf)] : [];

  const gauge = (name: string, help: string, read: () => number): Metric =>
    new Gauge({
      name,
      help,
      registers: [],
      collect() {
        this.set(read());
      },
    });
  const resources = new Gauge({
    name: 'nodejs_active_resources',
    help: 'Resources (handles, requests, timers) keeping the event loop alive, by type.',
    labelNames: ['type'],
    registers: [],
    collect() {
      this.reset();
      for (const [type, count] of countByType(process.getActiveResourcesInfo())) this.set({ type }, count);
    },
  });
  const startTime = new Gauge({
    name: 'process_start_time_seconds',
    help: 'Start time of the process since the Unix epoch in seconds.',
    registers: [],
  });
  startTime.set(Math.round(Date.now() / 1000 - process.uptime()));

  return [
    lag as unknown as Metric,
    ...gc,
    gauge('nodejs_heap_size_used_bytes', 'V8 heap in use, in bytes.', () => process.memoryUsage().heapUsed),
    gauge('nodejs_heap_size_total_bytes', 'V8 heap allocated, in bytes.', () => process.memoryUsage().heapTotal),
    gauge(
      'nodejs_external_memory_bytes',
      'Memory of C++ objects bound to JavaScript objects, in bytes.',
      () => process.memoryUsage().external,
    ),
    resources,
    gauge(
      'nodejs_active_resources_total',
      'Resources keeping the event loop alive.',
      () => process.getActiveResourcesInfo().length,
    ),
    gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', () => process.memoryUsage.rss()),
    ...cpuCounters(),
    startTime,
  ];
}

/** cpuCounters are the process' CPU seconds (user, system, both), each advanced by the usage since its last scrape. */
function cpuCounters(): Metric[] {
  const counter = (name: string, help: string, pick: (usage: NodeJS.CpuUsage) => number): Metric => {
    let last = 0;
    return new Counter({
      name,
      help,
      registers: [],
      collect() {
        const now = pick(process.cpuUsage());
        this.inc(Math.max(0, now - last) / 1e6);
        last = now;
      },
    });
  };
  return [
    counter('process_cpu_user_seconds_total', 'User CPU time spent in seconds.', (u) => u.user),
    counter('process_cpu_system_seconds_total', 'System CPU time spent in seconds.', (u) => u.system),
    counter('process_cpu_seconds_total', 'Total user and system CPU time spent in seconds.', (u) => u.user + u.system),
  ];
}

/** gcHistogram is `nodejs_gc_duration_seconds`, fed by an observer of `gc` performance entries. */
function gcHistogram(perf: typeof PerfHooks): Metric {
  const gc = new Histogram({
    name: 'nodejs_gc_duration_seconds',
    help: 'Garbage collection pauses by kind: minor, major, incremental or weakcb.',
    labelNames: ['kind'],
    buckets: GC_DURATION_BUCKETS,
    registers: [],
  });
  const kinds = gcKinds(perf.constants);
  // One callback per batch of entries: each entry is one collection.
  new perf.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = kinds.get((entry as { detail?: { kind?: number } }).detail?.kind ?? -1) ?? 'unknown';
      gc.observe({ kind }, entry.duration / 1000);
    }
  }).observe({ entryTypes: ['gc'] });
  return gc;
}

/** gcKinds names the `detail.kind` values of `gc` performance entries as prom-client does. */
function gcKinds(c: typeof PerfHooks.constants): Map<number, string> {
  return new Map([
    [c.NODE_PERFORMANCE_GC_MINOR, 'minor'],
    [c.NODE_PERFORMANCE_GC_MAJOR, 'major'],
    [c.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental'],
    [c.NODE_PERFORMANCE_GC_WEAKCB, 'weakcb'],
  ]);
}

/** countByType counts `process.getActiveResourcesInfo()`'s entries per type. */
export function countByType(types: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}
