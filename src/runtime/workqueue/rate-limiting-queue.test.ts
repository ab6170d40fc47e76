import { describe, expect, it } from 'vitest';
import { FakeClock } from '../fake/clock.js';
import { ItemExponentialFailureRateLimiter } from './rate-limiter.js';
import { RateLimitingQueue } from './rate-limiting-queue.js';

describe('RateLimitingQueue', () => {
  it('re-adds a failing key after growing delays until forgotten', async () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({ clock, rateLimiter: new ItemExponentialFailureRateLimiter(5, 1000) });
    q.addRateLimited('a');
    expect(q.numRequeues('a')).toBe(1);
    clock.advance(4);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(q.len()).toBe(1);
    expect(await q.get()).toBe('a');
    q.addRateLimited('a');
    q.done('a');
    clock.advance(9);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(q.len()).toBe(1);
    q.forget('a');
    expect(q.numRequeues('a')).toBe(0);
    q.addRateLimited('b');
    clock.advance(5);
    expect(q.len()).toBe(2);
  });

  it('uses the default controller rate limiter when none is given', () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({ clock });
    q.addRateLimited('a');
    clock.advance(5);
    expect(q.len()).toBe(1);
  });
});
