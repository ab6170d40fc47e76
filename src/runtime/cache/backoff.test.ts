import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.js';

describe('Backoff', () => {
  it('doubles from 800 ms up to 30 s', () => {
    const b = new Backoff({ random: () => 0 });
    expect(Array.from({ length: 8 }, () => b.next())).toEqual([800, 1600, 3200, 6400, 12800, 25600, 30000, 30000]);
  });

  it('adds up to 20 % jitter without exceeding the maximum', () => {
    const b = new Backoff({ random: () => 0.999 });
    expect(b.next()).toBe(Math.round(800 * 1.1998));
    for (let i = 0; i < 10; i++) expect(b.next()).toBeLessThanOrEqual(30_000);
  });

  it('starts over after a healthy period but not after a short one', () => {
    let now = 0;
    const b = new Backoff({ random: () => 0, now: () => now, resetAfterMs: 120_000 });
    b.next();
    b.next();
    b.healthy();
    now += 1000;
    expect(b.next()).toBe(3200);
    b.healthy();
    now += 120_000;
    expect(b.next()).toBe(800);
  });
});
