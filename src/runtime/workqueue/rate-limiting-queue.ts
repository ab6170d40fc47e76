import { DelayingQueue } from './delaying-queue.js';
import type { WorkQueueOptions } from './queue.js';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiter.js';

/** RateLimitingQueueOptions configures a {@link RateLimitingQueue}. */
export interface RateLimitingQueueOptions extends WorkQueueOptions {
  /** Decides retry delays; defaults to {@link defaultControllerRateLimiter}. */
  rateLimiter?: RateLimiter;
}

/**
 * RateLimitingQueue is the controller's queue: a {@link DelayingQueue} whose failed keys are retried after
 * the delay a {@link RateLimiter} decides, until they are forgotten.
 */
export class RateLimitingQueue extends DelayingQueue {
  private readonly rateLimiter: RateLimiter;

  constructor(options: RateLimitingQueueOptions = {}) {
    super(options);
    this.rateLimiter = options.rateLimiter ?? defaultControllerRateLimiter(this.clock);
  }

  /** RateLimitingQueue.addRateLimited adds `key` at `priority` after the rate limiter's delay for it. */
  addRateLimited(key: string, priority?: number): void {
    this.addAfter(key, this.rateLimiter.when(key), priority);
  }

  /** RateLimitingQueue.forget resets the retry history of `key`; call it when `key` was processed successfully. */
  forget(key: string): void {
    this.rateLimiter.forget(key);
  }

  /** RateLimitingQueue.numRequeues is how many times `key` was retried since it was last forgotten. */
  numRequeues(key: string): number {
    return this.rateLimiter.numRequeues(key);
  }
}
