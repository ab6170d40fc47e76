import type { Clock } from '../workqueue/clock.js';

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
