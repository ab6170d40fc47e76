import type { Clock } from './clock.js';

/** UnfinishedWork is what a queue reports at scrape time about the items being processed. */
export interface UnfinishedWork {
  /** Sum over the items in processing of the seconds they have been processed so far. */
  unfinishedSeconds: number;
  /** Seconds the longest-running item has been processed so far. */
  longestSeconds: number;
}

/**
 * QueueMetricsSink receives the measurements of one named queue. A metrics backend (such as the Prometheus
 * one in `metrics/workqueue.ts`) implements it; the queue never depends on the backend.
 */
export interface QueueMetricsSink {
  /** QueueMetricsSink.depth sets the number of items waiting to be processed. */
  depth(n: number): void;
  /** QueueMetricsSink.added counts one add that was not de-duplicated away. */
  added(): void;
  /** QueueMetricsSink.queueDuration observes the seconds an item waited before a worker took it. */
  queueDuration(seconds: number): void;
  /** QueueMetricsSink.workDuration observes the seconds between taking an item and `done`. */
  workDuration(seconds: number): void;
  /** QueueMetricsSink.retried counts one delayed or rate-limited re-add. */
  retried(): void;
  /** QueueMetricsSink.watchUnfinished registers a function read at scrape time. */
  watchUnfinished(read: () => UnfinishedWork): void;
  /** QueueMetricsSink.close stops reporting unfinished work (the queue shut down). */
  close(): void;
}

/** QueueMetricsProvider makes the sink of a queue from the queue's name. */
export type QueueMetricsProvider = (name: string) => QueueMetricsSink;

/** noopQueueMetrics is the provider used when a queue is created without one: it records nothing. */
export const noopQueueMetrics: QueueMetricsProvider = () => ({
  depth() {},
  added() {},
  queueDuration() {},
  workDuration() {},
  retried() {},
  watchUnfinished() {},
  close() {},
});

/**
 * QueueMetricsRecorder keeps the per-item timestamps the queue metrics need (when an item was added, when
 * its processing started) and turns queue transitions into sink calls.
 */
export class QueueMetricsRecorder {
  private readonly addedAt = new Map<string, number>();
  private readonly startedAt = new Map<string, number>();
  private shut = false;

  constructor(
    private readonly sink: QueueMetricsSink,
    private readonly clock: Clock,
  ) {
    sink.watchUnfinished(() => this.unfinished());
  }

  /** QueueMetricsRecorder.add records a key that became dirty; `depth` is the new number of dirty keys. */
  add(key: string, depth: number): void {
    this.sink.added();
    this.sink.depth(depth);
    if (!this.addedAt.has(key)) this.addedAt.set(key, this.clock.now());
  }

  /** QueueMetricsRecorder.get records a key handed to a worker. */
  get(key: string, depth: number): void {
    const now = this.clock.now();
    this.sink.depth(depth);
    const added = this.addedAt.get(key);
    if (added !== undefined) {
      this.sink.queueDuration((now - added) / 1000);
      this.addedAt.delete(key);
    }
    this.startedAt.set(key, now);
  }

  /** QueueMetricsRecorder.done records the end of processing of a key. */
  done(key: string): void {
    const started = this.startedAt.get(key);
    if (started === undefined) return;
    this.sink.workDuration((this.clock.now() - started) / 1000);
    this.startedAt.delete(key);
    if (this.shut && this.startedAt.size === 0) this.sink.close();
  }

  /** QueueMetricsRecorder.retry records one delayed re-add. */
  retry(): void {
    this.sink.retried();
  }

  /** QueueMetricsRecorder.shutDown stops the unfinished-work reporting once the items in processing are done. */
  shutDown(): void {
    this.shut = true;
    if (this.startedAt.size === 0) this.sink.close();
  }

  private unfinished(): UnfinishedWork {
    const now = this.clock.now();
    let total = 0;
    let longest = 0;
    for (const started of this.startedAt.values()) {
      const seconds = (now - started) / 1000;
      total += seconds;
      if (seconds > longest) longest = seconds;
    }
    return { unfinishedSeconds: total, longestSeconds: longest };
  }
}
