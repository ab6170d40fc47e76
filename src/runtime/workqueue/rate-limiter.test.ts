import { describe, expect, it } from 'vitest';
import { FakeClock } from '../fake/clock.js';
import {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialFailureRateLimiter,
  MaxOfRateLimiter,
} from './rate-limiter.js';

describe('ItemExponentialFailureRateLimiter', () => {
  it('doubles from 5 ms per key and caps at 1000 s', () => {
    const l = new ItemExponentialFailureRateLimiter();
    expect([1, 2, 3, 4, 5].map(() => l.when('a'))).toEqual([5, 10, 20, 40, 80]);
    expect(l.when('b')).toBe(5);
    expect(l.numRequeues('a')).toBe(5);
    for (let i = 0; i < 40; i++) l.when('a');
    expect(l.when('a')).toBe(1_000_000);
    for (let i = 0; i < 2000; i++) l.when('a');
    expect(l.when('a')).toBe(1_000_000);
  });

  it('starts over after forget', () => {
    const l = new ItemExponentialFailureRateLimiter(5, 1000);
    l.when('a');
    l.when('a');
    l.forget('a');
    expect(l.numRequeues('a')).toBe(0);
    expect(l.when('a')).toBe(5);
  });
});

describe('BucketRateLimiter', () => {
  it('lets a burst through, then spaces retries by 1/qps and refills over time', () => {
    const clock = new FakeClock();
    const l = new BucketRateLimiter(10, 100, clock);
    for (let i = 0; i < 100; i++) expect(l.when(`k${i}`)).toBe(0);
    expect(l.when('x')).toBeCloseTo(100);
    expect(l.when('y')).toBeCloseTo(200);
    clock.advance(1000);
    // 10 tokens came back, 2 were already owed.
    for (let i = 0; i < 8; i++) expect(l.when(`z${i}`)).toBe(0);
    expect(l.when('w')).toBeCloseTo(100);
    expect(l.numRequeues('x')).toBe(0);
  });

  it('never holds more than burst tokens', () => {
    const clock = new FakeClock();
    const l = new BucketRateLimiter(10, 2, clock);
    clock.advance(1_000_000);
    expect(l.when('a')).toBe(0);
    expect(l.when('a')).toBe(0);
    expect(l.when('a')).toBeCloseTo(100);
  });
});

describe('MaxOfRateLimiter and the default', () => {
  it('returns the longest delay and forgets in every limiter', () => {
    const clock = new FakeClock();
    const l = new MaxOfRateLimiter(new ItemExponentialFailureRateLimiter(5, 1000), new BucketRateLimiter(1, 1, clock));
    expect(l.when('a')).toBe(5);
    expect(l.when('a')).toBeCloseTo(1000);
    expect(l.numRequeues('a')).toBe(2);
    l.forget('a');
    expect(l.numRequeues('a')).toBe(0);
  });

  it('default combines 5 ms exponential backoff with a 10 qps / 100 burst bucket', () => {
    const clock = new FakeClock();
    const l = defaultControllerRateLimiter(clock);
    expect([l.when('a'), l.when('a'), l.when('a')]).toEqual([5, 10, 20]);
    for (let i = 0; i < 97; i++) l.when(`k${i}`);
    // The bucket is empty now: a fresh key waits for a token (100 ms) rather than 5 ms.
    expect(l.when('fresh')).toBeCloseTo(100);
  });
});
