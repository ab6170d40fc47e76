import type { QueueMetricsProvider, QueueMetricsSink, UnfinishedWork } from '../workqueue/metrics.js';
import { getOrCreateCounter, getOrCreateGauge, getOrCreateHistogram } from './get-or-create.js';

type QueueLabels = 'name' | 'controller';
const labelNames: QueueLabels[] = ['name', 'controller'];
// client-go's buckets: 10 ns to 1000 s, one per power of ten.
const durationBuckets = Array.from({ length: 12 }, (_, i) => 1e-8 * 10 ** i);

// Unfinished work is read at scrape time from the live queues instead of a periodic timer.
const liveQueues = new Set<{ name: string; read: () => UnfinishedWork }>();

function unfinishedByName(): Map<string, UnfinishedWork> {
  const byName = new Map<string, UnfinishedWork>();
  for (const q of liveQueues) {
    const w = q.read();
    const acc = byName.get(q.name) ?? { unfinishedSeconds: 0, longestSeconds: 0 };
    acc.unfinishedSeconds += w.unfinishedSeconds;
    acc.longestSeconds = Math.max(acc.longestSeconds, w.longestSeconds);
    byName.set(q.name, acc);
  }
  return byName;
}

function metrics() {
  return {
    depth: getOrCreateGauge<QueueLabels>({ name: 'workqueue_depth', help: 'Current depth of workqueue', labelNames }),
    adds: getOrCreateCounter<QueueLabels>({
      name: 'workqueue_adds_total',
      help: 'Total number of adds handled by workqueue',
      labelNames,
    }),
    queueDuration: getOrCreateHistogram<QueueLabels>({
      name: 'workqueue_queue_duration_seconds',
      help: 'How long in seconds an item stays in workqueue before being requested',
      labelNames,
      buckets: durationBuckets,
    }),
    workDuration: getOrCreateHistogram<QueueLabels>({
      name: 'workqueue_work_duration_seconds',
      help: 'How long in seconds processing an item from workqueue takes',
      labelNames,
      buckets: durationBuckets,
    }),
    retries: getOrCreateCounter<QueueLabels>({
      name: 'workqueue_retries_total',
      help: 'Total number of retries handled by workqueue',
      labelNames,
    }),
    unfinished: getOrCreateGauge<QueueLabels>({
      name: 'workqueue_unfinished_work_seconds',
      help: 'How many seconds of work in progress has not been observed by work_duration yet; large values indicate stuck workers',
      labelNames,
      collect() {
        for (const [name, w] of unfinishedByName()) this.set({ name, controller: name }, w.unfinishedSeconds);
      },
    }),
    longest: getOrCreateGauge<QueueLabels>({
      name: 'workqueue_longest_running_processor_seconds',
      help: 'How many seconds the longest running processor of the workqueue has been running',
      labelNames,
      collect() {
        for (const [name, w] of unfinishedByName()) this.set({ name, controller: name }, w.longestSeconds);
      },
    }),
  };
}

/**
 * prometheusQueueMetrics records work queue metrics in the runtime registry under client-go's and
 * controller-runtime's names (`workqueue_*`), labelled `name` and `controller` (both the queue's name, as
 * controller-runtime does for controller queues).
 */
export const prometheusQueueMetrics: QueueMetricsProvider = (name: string): QueueMetricsSink => {
  const m = metrics();
  const labels = { name, controller: name };
  // Create the series at once so that dashboards see zeros before the first event.
  m.depth.set(labels, 0);
  m.adds.inc(labels, 0);
  m.retries.inc(labels, 0);
  let live: { name: string; read: () => UnfinishedWork } | undefined;
  return {
    depth: (n) => m.depth.set(labels, n),
    added: () => m.adds.inc(labels),
    queueDuration: (s) => m.queueDuration.observe(labels, s),
    workDuration: (s) => m.workDuration.observe(labels, s),
    retried: () => m.retries.inc(labels),
    watchUnfinished(read) {
      live = { name, read };
      liveQueues.add(live);
    },
    close() {
      if (live) liveQueues.delete(live);
      live = undefined;
      m.unfinished.set(labels, 0);
      m.longest.set(labels, 0);
    },
  };
};
