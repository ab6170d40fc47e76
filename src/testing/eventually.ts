/** DEFAULT_EVENTUALLY_TIMEOUT_MS is how long {@link eventually} retries by default: Gomega's 1 s. */
export const DEFAULT_EVENTUALLY_TIMEOUT_MS = 1000;
/** DEFAULT_CONSISTENTLY_DURATION_MS is how long {@link consistently} checks by default: Gomega's 100 ms. */
export const DEFAULT_CONSISTENTLY_DURATION_MS = 100;
/** DEFAULT_POLLING_INTERVAL_MS is the pause between two attempts of either: Gomega's 10 ms. */
export const DEFAULT_POLLING_INTERVAL_MS = 10;

/** EventuallyOptions configure {@link eventually}. */
export interface EventuallyOptions {
  /** Milliseconds to keep retrying; 1000 by default. */
  timeout?: number;
  /** Milliseconds between the end of one attempt and the start of the next; 10 by default. */
  interval?: number;
}

/** ConsistentlyOptions configure {@link consistently}. */
export interface ConsistentlyOptions {
  /** Milliseconds the assertion must keep holding; 100 by default. */
  duration?: number;
  /** Milliseconds between the end of one check and the start of the next; 10 by default. */
  interval?: number;
}

/**
 * eventually calls `fn` until it returns (or its promise resolves) without throwing, like Gomega's
 * `Eventually(func(g Gomega) {...}).Should(Succeed())`, and resolves with what it returned. Assertions
 * such as vitest's `expect` make good bodies: a failing one throws and is retried. No attempt starts after
 * `timeout`; then it rejects with an Error naming the timeout, the number of attempts and the last error
 * (also its `cause`). As in Gomega, an attempt is never interrupted: one still running at the deadline
 * decides the outcome when it ends.
 */
export async function eventually<T>(fn: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<Awaited<T>> {
  const timeout = options.timeout ?? DEFAULT_EVENTUALLY_TIMEOUT_MS;
  const interval = options.interval ?? DEFAULT_POLLING_INTERVAL_MS;
  const deadline = Date.now() + timeout;
  for (let attempt = 1; ; attempt++) {
    let lastError: unknown;
    try {
      return await fn();
    } catch (err) {
      lastError = err;
    }
    const remaining = deadline - Date.now();
    if (remaining > 0) await sleep(Math.min(interval, remaining));
    if (Date.now() >= deadline) {
      throw new Error(`eventually: still failing after ${timeout} ms (${attempt} attempts): ${describe(lastError)}`, {
        cause: lastError,
      });
    }
  }
}

/**
 * consistently calls `fn` repeatedly for `duration` and rejects at the first call that throws, like
 * Gomega's `Consistently(...).Should(Succeed())`: use it to check that something does not happen (no
 * object created, a status left alone). The error names when and at which attempt it failed, and carries
 * the assertion's error as `cause`.
 */
export async function consistently(fn: () => unknown, options: ConsistentlyOptions = {}): Promise<void> {
  const duration = options.duration ?? DEFAULT_CONSISTENTLY_DURATION_MS;
  const interval = options.interval ?? DEFAULT_POLLING_INTERVAL_MS;
  const start = Date.now();
  const deadline = start + duration;
  for (let attempt = 1; ; attempt++) {
    try {
      await fn();
    } catch (err) {
      throw new Error(`consistently: failed after ${Date.now() - start} ms (attempt ${attempt}): ${describe(err)}`, {
        cause: err,
      });
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) return;
    await sleep(Math.min(interval, remaining));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
