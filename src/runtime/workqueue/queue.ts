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
 * livePriority is the priority of keys added for live watch events, rate-limited retries of them and
 * anything added without a priority.
 */
export const livePriority = 0;

/**
 * lowPriority is the priority of keys added for objects an informer found when it first listed (and for
 * handlers registered after that list), controller-runtime's `handler.LowPriority`: a controller starting
 * on 10 000 existing objects still reconciles an object that just changed first.
 */
export const lowPriority = -100;

/** Lane is the FIFO of keys of one priority; entries made stale by a promotion are skipped. */
interface Lane {
  readonly priority: number;
  items: string[];
  head: number;
}

/**
 * WorkQueue is client-go's de-duplicating work queue for string keys, with controller-runtime's priorities:
 * - a key added while it waits in the queue is queued once (the `dirty` set);
 * - a key added while a worker processes it is queued again only after that worker calls {@link WorkQueue.done},
 *   so no two workers ever hold the same key (the `processing` set);
 * - {@link WorkQueue.get} waits for work, FIFO among waiting workers;
 * - keys are handed out highest priority first, FIFO within a priority; a waiting key added again with a
 *   higher priority moves up (never down), so a live event for an object queued by the initial list does not
 *   wait behind the rest of that list.
 *
 * After {@link WorkQueue.shutDown}, adds are ignored, keys still queued are handed out, and then every
 * waiting and future `get` resolves to `undefined`.
 */
export class WorkQueue {
  /** WorkQueue.name labels the queue's metrics. */
  readonly name: string;
  protected readonly clock: Clock;
  protected readonly metrics: QueueMetricsRecorder;
  /** Lanes by descending priority. */
  private readonly lanes: Lane[] = [];
  private queued = 0;
  /** Keys that need processing, with the priority they were (last) raised to. */
  private readonly dirty = new Map<string, number>();
  /** Keys held by a worker, with the priority they were handed out with. */
  private readonly processing = new Map<string, number>();
  private readonly waiters: Array<(key: string | undefined) => void> = [];
  private shutting = false;
  private drainWaiters: Array<() => void> = [];

  constructor(options: WorkQueueOptions = {}) {
    this.name = options.name ?? '';
    this.clock = options.clock ?? realClock;
    this.metrics = new QueueMetricsRecorder((options.metrics ?? noopQueueMetrics)(this.name), this.clock);
  }

  /**
   * WorkQueue.add marks `key` as needing processing at `priority` (default {@link livePriority}); when it
   * already does, it only raises the key's priority. A no-op once the queue is shut down.
   */
  add(key: string, priority: number = livePriority): void {
    if (this.shutting) return;
    const current = this.dirty.get(key);
    if (current !== undefined) {
      if (priority <= current) return;
      this.dirty.set(key, priority);
      // A key held by a worker is queued again at its raised priority when done; a waiting one moves lanes.
      if (!this.processing.has(key)) {
        this.lane(priority).items.push(key);
        this.dispatch();
      }
      return;
    }
    this.dirty.set(key, priority);
    this.metrics.add(key, this.dirty.size);
    if (this.processing.has(key)) return;
    this.enqueue(key, priority);
  }

  /** WorkQueue.len is the number of keys waiting to be handed to a worker. */
  len(): number {
    return this.queued;
  }

  /**
   * WorkQueue.priorityOf is the priority of `key`: the one it was handed out with while a worker holds
   * it, else the one it waits at; undefined when it is neither held nor waiting.
   */
  priorityOf(key: string): number | undefined {
    return this.processing.get(key) ?? this.dirty.get(key);
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
    const priority = this.dirty.get(key);
    if (priority !== undefined) {
      this.enqueue(key, priority);
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

  private enqueue(key: string, priority: number): void {
    this.lane(priority).items.push(key);
    this.queued++;
    this.dispatch();
  }

  /** lane returns the lane of `priority`, creating it in order. */
  private lane(priority: number): Lane {
    let i = 0;
    while (i < this.lanes.length && (this.lanes[i] as Lane).priority > priority) i++;
    const found = this.lanes[i];
    if (found?.priority === priority) return found;
    const lane: Lane = { priority, items: [], head: 0 };
    this.lanes.splice(i, 0, lane);
    return lane;
  }

  /** next takes the first live entry of the highest non-empty lane; entries left behind by a promotion or a hand-out are skipped. */
  private next(): string | undefined {
    for (const lane of this.lanes) {
      while (lane.head < lane.items.length) {
        const key = lane.items[lane.head] as string;
        lane.head++;
        if (lane.head > 1024 && lane.head * 2 > lane.items.length) {
          lane.items = lane.items.slice(lane.head);
          lane.head = 0;
        }
        if (this.dirty.get(key) === lane.priority && !this.processing.has(key)) return key;
      }
      lane.items = [];
      lane.head = 0;
    }
    return undefined;
  }

  private dispatch(): void {
    while (this.waiters.length > 0 && this.queued > 0) {
      const key = this.next();
      if (key === undefined) break;
      this.queued--;
      this.processing.set(key, this.dirty.get(key) as number);
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
