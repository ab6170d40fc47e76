import { DelayingQueue } from './delaying-queue.js';
import type { WorkQueueOptions } from './queue.js';
import { defaultControllerRateLimiter, ItemExponentialFailureRateLimiter, type RateLimiter } from './rate-limiter.js';
import { UnavailableHold, type UnavailableHoldOptions } from './unavailable-hold.js';
import { WaitedBackoff } from './waited-backoff.js';

/** RateLimitingQueueOptions configures a {@link RateLimitingQueue}. */
export interface RateLimitingQueueOptions extends WorkQueueOptions {
  /** Decides the retry delays of failures; defaults to {@link defaultControllerRateLimiter}. */
  rateLimiter?: RateLimiter;
  /**
   * Decides the delays of requested requeues ({@link RateLimitingQueue.addRequeue}); defaults to a per-key
   * exponential backoff from 5 ms to 1000 s of its own, so keys that poll are never slowed down by the
   * failures of other keys filling the failure limiter's bucket.
   */
  requeueRateLimiter?: RateLimiter;
  /** Probe timing of keys held while the API server is unreachable ({@link RateLimitingQueue.addUnavailable}). */
  unavailable?: UnavailableHoldOptions;
}

/**
 * RateLimitingQueue is the controller's queue: a {@link DelayingQueue} with three ways back in, each with
 * state of its own so one cannot slow the others down:
 * - {@link RateLimitingQueue.addRateLimited} for failures, after the rate limiter's delay, counting only
 *   attempts that waited their delay ({@link WaitedBackoff});
 * - {@link RateLimitingQueue.addRequeue} for requeues the reconciler asked for, on a limiter of their own;
 * - {@link RateLimitingQueue.addUnavailable} for failures of an unreachable API server, held and probed
 *   ({@link UnavailableHold}) instead of backing each key off.
 *
 * {@link RateLimitingQueue.forget} resets a key's failure and requeue backoff on success.
 */
export class RateLimitingQueue extends DelayingQueue {
  private readonly failures: WaitedBackoff;
  private readonly requeues: WaitedBackoff;
  private readonly unreachable: UnavailableHold;

  constructor(options: RateLimitingQueueOptions = {}) {
    super(options);
    this.failures = new WaitedBackoff(options.rateLimiter ?? defaultControllerRateLimiter(this.clock), this.clock);
    this.requeues = new WaitedBackoff(
      options.requeueRateLimiter ?? new ItemExponentialFailureRateLimiter(5, 1_000_000),
      this.clock,
    );
    this.unreachable = new UnavailableHold(this.clock, (key, priority) => this.add(key, priority), options.unavailable);
  }

  /** RateLimitingQueue.addRateLimited adds `key` at `priority` after the failure rate limiter's delay for it. */
  addRateLimited(key: string, priority?: number): void {
    this.unreachable.answered(key);
    this.addAfter(key, this.failures.delay(key), priority);
  }

  /** RateLimitingQueue.addRequeue adds `key` at `priority` after the requeue rate limiter's delay for it (a `Result.requeue()`). */
  addRequeue(key: string, priority?: number): void {
    this.unreachable.answered(key);
    this.addAfter(key, this.requeues.delay(key), priority);
  }

  /** RateLimitingQueue.addUnavailable holds `key` until the API server answers again (its reconcile could not reach it). */
  addUnavailable(key: string, priority?: number): void {
    if (this.shuttingDown()) return;
    this.metrics.retry();
    this.unreachable.hold(key, priority);
  }

  /** RateLimitingQueue.heldLen is the number of keys held while the API server is unreachable. */
  heldLen(): number {
    return this.unreachable.size;
  }

  /** RateLimitingQueue.forget resets the retry history of `key`; call it when `key` was processed successfully. */
  forget(key: string): void {
    this.unreachable.answered(key);
    this.failures.forget(key);
    this.requeues.forget(key);
  }

  /** RateLimitingQueue.numRequeues is how many times `key` was retried or requeued since it was last forgotten. */
  numRequeues(key: string): number {
    return Math.max(this.failures.numRequeues(key), this.requeues.numRequeues(key));
  }

  protected override beginShutDown(): void {
    this.unreachable.clear();
    super.beginShutDown();
  }
}
