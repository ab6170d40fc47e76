/** BackoffOptions tunes {@link Backoff}. */
export interface BackoffOptions {
  /** First delay in milliseconds; 800 like kube-rs. */
  initialMs?: number;
  /** Largest delay in milliseconds; 30 s. */
  maxMs?: number;
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
 * Backoff computes jittered exponential delays between retries (800 ms, 1.6 s, ... up to 30 s) and starts
 * over once the caller has been healthy for a while, so a flapping connection backs off while an
 * occasional drop after hours of health retries quickly.
 */
export class Backoff {
  private attempt = 0;
  private healthySince: number | undefined;
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly factor: number;
  private readonly jitter: number;
  private readonly resetAfterMs: number;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 800;
    this.maxMs = options.maxMs ?? 30_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 0.2;
    this.resetAfterMs = options.resetAfterMs ?? 120_000;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  /** Backoff.healthy records that the connection works (a list succeeded or a watch delivered). */
  healthy(): void {
    this.healthySince ??= this.now();
  }

  /** Backoff.next records a failure and returns how long to wait before the next attempt. */
  next(): number {
    if (this.healthySince !== undefined && this.now() - this.healthySince >= this.resetAfterMs) this.attempt = 0;
    this.healthySince = undefined;
    const base = Math.min(this.maxMs, this.initialMs * this.factor ** this.attempt);
    this.attempt++;
    return Math.round(Math.min(this.maxMs, base * (1 + this.jitter * this.random())));
  }

  /** Backoff.reset starts over from the first delay. */
  reset(): void {
    this.attempt = 0;
    this.healthySince = undefined;
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
