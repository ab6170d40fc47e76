import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.js';

/** clocked makes a backoff on a manual clock; `wait` advances it by each returned delay, as a retry loop would. */
function clocked(options: ConstructorParameters<typeof Backoff>[0] = {}) {
  let now = 0;
  const b = new Backoff({ random: () => 0, now: () => now, ...options });
  return {
    b,
    advance: (ms: number) => (now += ms),
    wait: () => {
      const d = b.next();
      now += d;
      return d;
    },
  };
}

describe('Backoff', () => {
  it('retries an outage fast first: 250 ms doubling to 2 s, held at 2 s for the first minute', () => {
    const { wait } = clocked();
    const delays = Array.from({ length: 8 }, wait);
    expect(delays).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000, 2000]);
  });

  it('after the fast minute keeps doubling from 2 s up to 30 s', () => {
    const { wait } = clocked();
    let elapsed = 0;
    while (elapsed < 60_000) elapsed += wait();
    expect(Array.from({ length: 6 }, wait)).toEqual([4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('without a fast phase doubles from the first delay up to the maximum', () => {
    const { wait } = clocked({ initialMs: 800, fastForMs: 0 });
    expect(Array.from({ length: 7 }, wait)).toEqual([800, 1600, 3200, 6400, 12800, 25600, 30000]);
  });

  it('adds up to 20 % jitter without exceeding the cap of the phase', () => {
    const b = new Backoff({ random: () => 0.999 });
    expect(b.next()).toBe(Math.round(250 * 1.1998));
    for (let i = 0; i < 10; i++) expect(b.next()).toBeLessThanOrEqual(2000);
  });

  it('starts over after a healthy period but not after a short one', () => {
    const { b, advance } = clocked({ fastForMs: 0, initialMs: 800 });
    b.next();
    b.next();
    b.healthy();
    advance(1000);
    expect(b.next()).toBe(3200);
    b.healthy();
    advance(120_000);
    expect(b.next()).toBe(800);
  });

  it('opens a new fast phase for an outage that follows 10 s of health, not for a flap', () => {
    const { b, wait, advance } = clocked();
    let elapsed = 0;
    while (elapsed < 70_000) elapsed += wait();
    // A flap: healthy for 1 s, then failing again; still in the slow phase.
    b.healthy();
    advance(1000);
    expect(wait()).toBeGreaterThan(2000);
    // Healthy for 15 s: a new outage is retried fast again (the attempt count is kept, the cap is 2 s).
    b.healthy();
    advance(15_000);
    expect(wait()).toBe(2000);
  });
});
