/**
 * Clock is the time source of the work queue, its rate limiters and the controller. Production code uses
 * {@link realClock}; tests inject {@link FakeClock} so that backoff and delays need no real waiting.
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

/**
 * FakeClock is a manually advanced {@link Clock} for tests: time stands still until {@link FakeClock.advance}
 * is called, which fires due timers in order.
 */
export class FakeClock implements Clock {
  private current: number;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start = 0) {
    this.current = start;
  }

  /** FakeClock.now returns the fake time in milliseconds. */
  now(): number {
    return this.current;
  }

  /** FakeClock.setTimer schedules `fn` at now + ms of fake time. */
  setTimer(ms: number, fn: () => void): () => void {
    const id = this.seq++;
    this.timers.set(id, { at: this.current + Math.max(0, ms), fn });
    return () => {
      this.timers.delete(id);
    };
  }

  /** FakeClock.pendingTimers is the number of timers not yet fired or cancelled. */
  pendingTimers(): number {
    return this.timers.size;
  }

  /** FakeClock.advance moves time forward by `ms`, firing every timer that becomes due, earliest first. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      let nextId: number | undefined;
      let next: { at: number; fn: () => void } | undefined;
      for (const [id, t] of this.timers) {
        if (t.at <= target && (next === undefined || t.at < next.at)) {
          nextId = id;
          next = t;
        }
      }
      if (next === undefined || nextId === undefined) break;
      this.timers.delete(nextId);
      this.current = Math.max(this.current, next.at);
      next.fn();
    }
    this.current = target;
  }
}
