import { describe, expect, it } from 'vitest';
import { FakeClock } from '../fake/clock.js';
import { lowPriority } from './queue.js';
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, MaxOfRateLimiter } from './rate-limiter.js';
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

  it('counts a failure only when the attempt waited its backoff (kubernetes#132805)', async () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({ clock, rateLimiter: new ItemExponentialFailureRateLimiter(100, 100_000) });
    q.addRateLimited('a');
    expect(q.numRequeues('a')).toBe(1);
    // A watch event brings the key in 30 ms into its 100 ms backoff; that attempt fails too.
    clock.advance(30);
    q.add('a');
    expect(await q.get()).toBe('a');
    q.addRateLimited('a');
    q.done('a');
    // Not counted: it keeps the 70 ms it had left instead of doubling to 200 ms.
    expect(q.numRequeues('a')).toBe(1);
    clock.advance(69);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(q.len()).toBe(1);
    expect(await q.get()).toBe('a');
    // This attempt waited: it counts and doubles.
    q.addRateLimited('a');
    q.done('a');
    expect(q.numRequeues('a')).toBe(2);
    clock.advance(199);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(q.len()).toBe(1);
  });

  it('takes no bucket token for an attempt that did not wait', () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({
      clock,
      rateLimiter: new MaxOfRateLimiter(
        new ItemExponentialFailureRateLimiter(5, 1000),
        new BucketRateLimiter(1, 1, clock),
      ),
    });
    q.addRateLimited('a');
    // Early failures of the same key while it backs off: without the fix each would reserve a token (1 s each).
    for (let i = 0; i < 5; i++) q.addRateLimited('a');
    q.addRateLimited('b');
    // b got the second token: 1 s, not 6 s.
    clock.advance(1000);
    expect(q.len()).toBe(2);
  });

  it('gives requested requeues a limiter of their own that failures of other keys do not slow down', () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({
      clock,
      rateLimiter: new MaxOfRateLimiter(
        new ItemExponentialFailureRateLimiter(5, 1000),
        new BucketRateLimiter(1, 1, clock),
      ),
    });
    for (let i = 0; i < 50; i++) q.addRateLimited(`failing-${i}`);
    q.addRequeue('polling');
    q.addRequeue('polling-2');
    expect(q.numRequeues('polling')).toBe(1);
    clock.advance(5);
    expect(q.len()).toBe(3);
    q.forget('polling');
    expect(q.numRequeues('polling')).toBe(0);
  });

  it('holds keys while the API server is unreachable, probes one at a time and releases all once it answers', async () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({ clock, rateLimiter: new ItemExponentialFailureRateLimiter(5, 1000) });
    for (let i = 0; i < 100; i++) q.addUnavailable(`k${i}`, i === 7 ? lowPriority : undefined);
    expect(q.heldLen()).toBe(100);
    expect(q.numRequeues('k0')).toBe(0);
    expect(clock.pendingTimers()).toBe(1);
    // Probes: 100 ms, 200 ms, 400 ms... one key each.
    clock.advance(100);
    expect(q.len()).toBe(1);
    const probe = (await q.get()) as string;
    q.addUnavailable(probe);
    q.done(probe);
    expect(q.heldLen()).toBe(100);
    clock.advance(199);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(q.len()).toBe(1);
    const second = (await q.get()) as string;
    // The server answers this one: every held key is queued at once, at its priority, without backoff.
    q.forget(second);
    q.done(second);
    expect(q.heldLen()).toBe(0);
    expect(q.len()).toBe(99);
    expect(q.priorityOf('k7')).toBe(lowPriority);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('caps the probe interval and releases held keys when a held key fails for another reason', async () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({
      clock,
      rateLimiter: new ItemExponentialFailureRateLimiter(5, 1000),
      unavailable: { initialMs: 100, maxMs: 300 },
    });
    q.addUnavailable('a');
    q.addUnavailable('b');
    for (const wait of [100, 200, 300, 300]) {
      clock.advance(wait - 1);
      expect(q.len()).toBe(0);
      clock.advance(1);
      expect(q.len()).toBe(1);
      const key = (await q.get()) as string;
      q.addUnavailable(key);
      q.done(key);
    }
    clock.advance(300);
    const key = (await q.get()) as string;
    q.addRateLimited(key);
    q.done(key);
    expect(q.heldLen()).toBe(0);
    expect(q.len()).toBe(1);
  });

  it('drops held keys on shut down', () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({ clock });
    q.addUnavailable('a');
    q.shutDown();
    expect(q.heldLen()).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
    q.addUnavailable('b');
    expect(q.heldLen()).toBe(0);
  });
});
