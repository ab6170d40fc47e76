/**
 * Clock is the time source of the work queue, its rate limiters and the controller. Production code uses
 * {@link realClock}; tests inject a fake clock (operator-ts/runtime/fake) so that backoff and delays need no real waiting.
 */
export interface Clock {
  /** Clock.now returns the current time in milliseconds (monotonic for the real clock). */
  now(): number;
  /** Clock.setTimer calls `fn` once after `ms` milliseconds; the returned function cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

/** realClock is the process clock: `performance.now()` and the global timers. */
export const realClock: Clock = {
  now: () => performance.now(),
  setTimer(ms, fn) {
    // Looked up on every call (not captured at import) so that fake timers installed by tests still apply.
    const handle = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(handle);
  },
};
