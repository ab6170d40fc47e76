import type { Clock } from './clock.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * WaitedBackoff asks a {@link RateLimiter} for a key's retry delay only when the attempt that failed had
 * waited out the previous delay. An attempt that ran early (a watch event queued the key while it was
 * backing off) and failed again gets the rest of the delay it skipped, without counting: otherwise each
 * event during a backoff doubles it again and takes a token of the shared bucket (kubernetes#132805).
 */
export class WaitedBackoff {
  /** When each key's current backoff ends. */
  private readonly until = new Map<string, number>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** WaitedBackoff.delay returns how long `key` waits before its retry, counting a failure only if it waited. */
  delay(key: string): number {
    const now = this.clock.now();
    const until = this.until.get(key);
    if (until !== undefined && now < until) return until - now;
    const ms = this.limiter.when(key);
    this.until.set(key, now + ms);
    return ms;
  }

  /** WaitedBackoff.forget starts the backoff of `key` over. */
  forget(key: string): void {
    this.limiter.forget(key);
    this.until.delete(key);
  }

  /** WaitedBackoff.numRequeues is the number of counted failures of `key`. */
  numRequeues(key: string): number {
    return this.limiter.numRequeues(key);
  }
}
