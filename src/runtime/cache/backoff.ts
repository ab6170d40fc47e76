/** BackoffOptions tunes {@link Backoff}. */
export interface BackoffOptions {
  /** First delay in milliseconds; 250. */
  initialMs?: number;
  /** Largest delay in milliseconds; 30 s. */
  maxMs?: number;
  /**
   * How long an outage is retried fast: for this many milliseconds after the first failure, delays are
   * capped at {@link BackoffOptions.fastMaxMs}; 60 s.
   */
  fastForMs?: number;
  /** Largest delay during the fast phase; 2 s. */
  fastMaxMs?: number;
  /** Healthy time after which the next failure opens a new fast phase; 10 s. */
  fastRestartAfterMs?: number;
  /** Growth per consecutive failure; 2. */
  factor?: number;
  /** Relative jitter added on top of each delay (0.2 means up to +20 %). */
  jitter?: number;
  /** Healthy time after which the next failure starts from the first delay again; 120 s. */
  resetAfterMs?: number;
  /** Random source in [0, 1), for tests. */
  random?: () => number;
  /** Clock in milliseconds, for tests. */
  now?: () => number;
}

/**
 * Backoff computes jittered exponential delays between retries and starts over once the caller has been
 * healthy for a while, so a flapping connection backs off while an occasional drop after hours of health
 * retries quickly.
 *
 * An outage is retried fast first: for the first minute after a failure that follows a healthy period,
 * delays grow 250 ms, 500 ms, 1 s and then stay at 2 s, so a restarted API server is seen again within
 * about 2 s of its return (client-go's 800 ms..30 s reconnect backoff can leave a cache stale for up to
 * 30 s after a short restart). Past the fast phase the delays keep doubling from 2 s up to 30 s, which
 * bounds the cost of a long outage to one attempt per 30 s per watch.
 */
export class Backoff {
  private attempt = 0;
  private healthySince: number | undefined;
  private failingSince: number | undefined;
  private fast: boolean;
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly factor: number;
  private readonly jitter: number;
  private readonly resetAfterMs: number;
  private readonly fastForMs: number;
  private readonly fastMaxMs: number;
  private readonly fastRestartAfterMs: number;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 250;
    this.maxMs = options.maxMs ?? 30_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 0.2;
    this.resetAfterMs = options.resetAfterMs ?? 120_000;
    this.fastForMs = options.fastForMs ?? 60_000;
    this.fastMaxMs = Math.min(options.fastMaxMs ?? 2000, this.maxMs);
    this.fastRestartAfterMs = options.fastRestartAfterMs ?? 10_000;
    this.fast = this.fastForMs > 0;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  /** Backoff.healthy records that the connection works (a list succeeded or a watch delivered). */
  healthy(): void {
    this.healthySince ??= this.now();
  }

  /** Backoff.next records a failure and returns how long to wait before the next attempt. */
  next(): number {
    const now = this.now();
    const healthyFor = this.healthySince === undefined ? undefined : now - this.healthySince;
    if (healthyFor !== undefined && healthyFor >= this.resetAfterMs) this.attempt = 0;
    if (this.failingSince === undefined || (healthyFor !== undefined && healthyFor >= this.fastRestartAfterMs)) {
      this.failingSince = now;
      this.fast = this.fastForMs > 0;
    }
    this.healthySince = undefined;
    if (this.fast && now - this.failingSince >= this.fastForMs) {
      // Leaving the fast phase: keep doubling from its cap rather than jumping to the attempt count's delay.
      this.fast = false;
      this.attempt = Math.max(0, Math.ceil(Math.log(this.fastMaxMs / this.initialMs) / Math.log(this.factor)) + 1);
    }
    const cap = this.fast ? this.fastMaxMs : this.maxMs;
    const base = Math.min(cap, this.initialMs * this.factor ** Math.min(this.attempt, 64));
    this.attempt++;
    return Math.round(Math.min(cap, base * (1 + this.jitter * this.random())));
  }

  /** Backoff.reset starts over from the first delay. */
  reset(): void {
    this.attempt = 0;
    this.healthySince = undefined;
    this.failingSince = undefined;
    this.fast = this.fastForMs > 0;
  }
}

/** sleep waits for ms, resolving early (without throwing) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
