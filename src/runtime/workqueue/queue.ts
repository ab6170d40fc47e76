import { realClock, type Clock } from './clock.js';
import { noopQueueMetrics, QueueMetricsRecorder, type QueueMetricsProvider } from './metrics.js';

/** WorkQueueOptions configures a {@link WorkQueue}. */
export interface WorkQueueOptions {
  /** Name used as the `name` (and `controller`) label of the queue metrics. */
  name?: string;
  /** Time source; defaults to {@link realClock}. */
  clock?: Clock;
  /** Metrics backend; defaults to recording nothing. */
  metrics?: QueueMetricsProvider;
}

/**
 * WorkQueue is client-go's de-duplicating work queue for string keys:
 * - a key added while it waits in the queue is queued once (the `dirty` set);
 * - a key added while a worker processes it is queued again only after that worker calls {@link WorkQueue.done},
 *   so no two workers ever hold the same key (the `processing` set);
 * - {@link WorkQueue.get} waits for work, FIFO among waiting workers.
 *
 * After {@link WorkQueue.shutDown}, adds are ignored, keys still queued are handed out, and then every
 * waiting and future `get` resolves to `undefined`.
 */
export class WorkQueue {
  /** WorkQueue.name labels the queue's metrics. */
  readonly name: string;
  protected readonly clock: Clock;
  protected readonly metrics: QueueMetricsRecorder;
  private items: string[] = [];
  private head = 0;
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly waiters: Array<(key: string | undefined) => void> = [];
  private shutting = false;
  private drainWaiters: Array<() => void> = [];

  constructor(options: WorkQueueOptions = {}) {
    this.name = options.name ?? '';
    this.clock = options.clock ?? realClock;
    this.metrics = new QueueMetricsRecorder((options.metrics ?? noopQueueMetrics)(this.name), this.clock);
  }

  /** WorkQueue.add marks `key` as needing processing; a no-op when it already does or the queue is shut down. */
  add(key: string): void {
    if (this.shutting || this.dirty.has(key)) return;
    this.dirty.add(key);
    this.metrics.add(key, this.dirty.size);
    if (this.processing.has(key)) return;
    this.items.push(key);
    this.dispatch();
  }

  /** WorkQueue.len is the number of keys waiting to be handed to a worker. */
  len(): number {
    return this.items.length - this.head;
  }

  /**
   * WorkQueue.get resolves with the next key to process, waiting until there is one, or with `undefined`
   * once the queue is shut down and empty. The caller must call {@link WorkQueue.done} with the key.
   */
  get(): Promise<string | undefined> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.dispatch();
    });
  }

  /** WorkQueue.done ends the processing of `key`; if it was added meanwhile, it is queued again. */
  done(key: string): void {
    if (!this.processing.delete(key)) return;
    this.metrics.done(key);
    if (this.dirty.has(key)) {
      this.items.push(key);
      this.dispatch();
    } else if (this.processing.size === 0) {
      this.releaseDrainWaiters();
    }
  }

  /** WorkQueue.isProcessing tells whether a worker currently holds `key`. */
  isProcessing(key: string): boolean {
    return this.processing.has(key);
  }

  /** WorkQueue.shuttingDown tells whether {@link WorkQueue.shutDown} has been called. */
  shuttingDown(): boolean {
    return this.shutting;
  }

  /** WorkQueue.shutDown stops accepting keys and releases waiting workers once the queue is empty. It does not wait for in-flight work. */
  shutDown(): void {
    this.beginShutDown();
    // A plain shut down cancels a drain in progress, as in client-go.
    this.releaseDrainWaiters();
  }

  /**
   * WorkQueue.shutDownWithDrain shuts the queue down and resolves once every key being processed has been
   * marked done. Keys still queued may be handed out during the drain; they are waited for too.
   */
  shutDownWithDrain(): Promise<void> {
    this.beginShutDown();
    if (this.processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  protected beginShutDown(): void {
    if (!this.shutting) {
      this.shutting = true;
      this.metrics.shutDown();
    }
    this.dispatch();
  }

  private releaseDrainWaiters(): void {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const w of waiters) w();
  }

  private dispatch(): void {
    while (this.waiters.length > 0 && this.len() > 0) {
      const key = this.items[this.head] as string;
      this.head++;
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
      this.processing.add(key);
      this.dirty.delete(key);
      this.metrics.get(key, this.dirty.size);
      (this.waiters.shift() as (key: string | undefined) => void)(key);
    }
    if (this.shutting && this.len() === 0) {
      const waiters = this.waiters.splice(0);
      for (const w of waiters) w(undefined);
    }
  }
}
