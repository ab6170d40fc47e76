import { realClock, type Clock } from './clock.js';

/**
 * RateLimiter decides how long a key waits before it is retried (client-go's `TypedRateLimiter`).
 */
export interface RateLimiter {
  /** RateLimiter.when returns the delay in milliseconds before `key` may be retried, and records the retry. */
  when(key: string): number;
  /** RateLimiter.forget stops tracking `key` (it succeeded): its backoff starts over. */
  forget(key: string): void;
  /** RateLimiter.numRequeues is how many times `key` has been retried since it was last forgotten. */
  numRequeues(key: string): number;
}

/**
 * ItemExponentialFailureRateLimiter delays each key by `baseDelayMs * 2^failures`, capped at `maxDelayMs`:
 * 5 ms, 10 ms, 20 ms... up to 1000 s with the controller defaults.
 */
export class ItemExponentialFailureRateLimiter implements RateLimiter {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly baseDelayMs = 5,
    private readonly maxDelayMs = 1_000_000,
  ) {}

  /** ItemExponentialFailureRateLimiter.when returns the next backoff of `key`. */
  when(key: string): number {
    const exp = this.failures.get(key) ?? 0;
    this.failures.set(key, exp + 1);
    const delay = this.baseDelayMs * 2 ** exp;
    return Number.isFinite(delay) ? Math.min(delay, this.maxDelayMs) : this.maxDelayMs;
  }

  /** ItemExponentialFailureRateLimiter.forget resets the backoff of `key`. */
  forget(key: string): void {
    this.failures.delete(key);
  }

  /** ItemExponentialFailureRateLimiter.numRequeues is the failure count of `key`. */
  numRequeues(key: string): number {
    return this.failures.get(key) ?? 0;
  }
}

/**
 * BucketRateLimiter is an overall token bucket shared by all keys (`qps` tokens a second, `burst` at most):
 * each retry takes a token, waiting for it when the bucket is empty. It protects the API server when many
 * keys fail at once.
 */
export class BucketRateLimiter implements RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly qps = 10,
    private readonly burst = 100,
    private readonly clock: Clock = realClock,
  ) {
    if (!(qps > 0) || !(burst >= 1))
      throw new RangeError(`BucketRateLimiter needs qps > 0 and burst >= 1, got ${qps} and ${burst}`);
    this.tokens = burst;
    this.last = clock.now();
  }

  /** BucketRateLimiter.when reserves one token and returns how long until it is available. */
  when(_key: string): number {
    const now = this.clock.now();
    if (now > this.last) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.qps);
      this.last = now;
    }
    // A reservation always succeeds; the bucket goes negative and later callers wait longer.
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.qps) * 1000;
  }

  /** BucketRateLimiter.forget does nothing: the bucket is not per key. */
  forget(_key: string): void {}

  /** BucketRateLimiter.numRequeues is always 0: the bucket is not per key. */
  numRequeues(_key: string): number {
    return 0;
  }
}

/**
 * MaxOfRateLimiter combines limiters: every limiter records each retry and the longest delay wins.
 */
export class MaxOfRateLimiter implements RateLimiter {
  private readonly limiters: readonly RateLimiter[];

  constructor(...limiters: RateLimiter[]) {
    if (limiters.length === 0) throw new RangeError('MaxOfRateLimiter needs at least one rate limiter');
    this.limiters = limiters;
  }

  /** MaxOfRateLimiter.when asks every limiter and returns the longest delay. */
  when(key: string): number {
    let delay = 0;
    for (const l of this.limiters) delay = Math.max(delay, l.when(key));
    return delay;
  }

  /** MaxOfRateLimiter.forget forgets `key` in every limiter. */
  forget(key: string): void {
    for (const l of this.limiters) l.forget(key);
  }

  /** MaxOfRateLimiter.numRequeues is the largest count any limiter reports. */
  numRequeues(key: string): number {
    let n = 0;
    for (const l of this.limiters) n = Math.max(n, l.numRequeues(key));
    return n;
  }
}

/**
 * defaultControllerRateLimiter is controller-runtime's default: per-key exponential backoff from 5 ms to
 * 1000 s, combined with an overall bucket of 10 qps and burst 100.
 */
export function defaultControllerRateLimiter(clock: Clock = realClock): RateLimiter {
  return new MaxOfRateLimiter(
    new ItemExponentialFailureRateLimiter(5, 1_000_000),
    new BucketRateLimiter(10, 100, clock),
  );
}
