import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consistently,
  DEFAULT_CONSISTENTLY_DURATION_MS,
  DEFAULT_EVENTUALLY_TIMEOUT_MS,
  DEFAULT_POLLING_INTERVAL_MS,
  eventually,
} from './eventually.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('eventually', () => {
  it("uses Gomega's defaults: 1 s timeout, 10 ms polling; consistently 100 ms", () => {
    expect(DEFAULT_EVENTUALLY_TIMEOUT_MS).toBe(1000);
    expect(DEFAULT_POLLING_INTERVAL_MS).toBe(10);
    expect(DEFAULT_CONSISTENTLY_DURATION_MS).toBe(100);
  });

  it('retries a throwing assertion until it passes and returns its value', async () => {
    let calls = 0;
    const value = await eventually(() => {
      calls++;
      expect(calls).toBeGreaterThanOrEqual(3);
      return `after ${calls}`;
    });
    expect(value).toBe('after 3');
  });

  it('retries rejected promises of async functions', async () => {
    let calls = 0;
    await expect(
      eventually(async () => {
        calls++;
        if (calls < 2) throw new Error('not yet');
        return calls;
      }),
    ).resolves.toBe(2);
  });

  it('fails after the default 1 s, polling every 10 ms, with the last error in the message and as cause', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const outcome = eventually(() => {
      calls++;
      throw new Error(`attempt ${calls} failed`);
    }).catch((err: unknown) => err as Error);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(100);
    await vi.advanceTimersByTimeAsync(20);
    const err = await outcome;
    expect(err.message).toBe('eventually: still failing after 1000 ms (100 attempts): attempt 100 failed');
    expect((err.cause as Error).message).toBe(`attempt ${calls} failed`);
  });

  it('takes a timeout and an interval', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const outcome = eventually(
      () => {
        calls++;
        throw new Error('never');
      },
      { timeout: 200, interval: 50 },
    ).catch((err: unknown) => err as Error);
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(4);
    expect((await outcome).message).toBe('eventually: still failing after 200 ms (4 attempts): never');
  });

  it('lets an attempt running at the deadline finish and decide, starting no other', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const outcome = eventually(
      async () => {
        calls++;
        if (calls === 1) throw new Error('first failed');
        await new Promise((r) => setTimeout(r, 500));
        return 'slow but fine';
      },
      { timeout: 100 },
    );
    await vi.advanceTimersByTimeAsync(600);
    await expect(outcome).resolves.toBe('slow but fine');
    expect(calls).toBe(2);
  });

  it('describes thrown values that are not errors', async () => {
    const err = await eventually(
      () => {
        throw 'plain';
      },
      { timeout: 20 },
    ).catch((e: unknown) => e as Error);
    expect(err.message).toMatch(/: plain$/);
  });
});

describe('consistently', () => {
  it('passes when the assertion holds for the whole duration, checking every interval', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const done = consistently(() => {
      calls++;
    });
    await vi.advanceTimersByTimeAsync(DEFAULT_CONSISTENTLY_DURATION_MS + 20);
    await done;
    expect(calls).toBeGreaterThanOrEqual(10);
    expect(calls).toBeLessThanOrEqual(12);
  });

  it('fails at the first failing check with its error', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const outcome = consistently(
      () => {
        calls++;
        expect(calls).toBeLessThan(4);
      },
      { duration: 500, interval: 20 },
    ).catch((err: unknown) => err as Error);
    await vi.advanceTimersByTimeAsync(100);
    const err = await outcome;
    expect(calls).toBe(4);
    expect(err?.message).toMatch(/^consistently: failed after 60 ms \(attempt 4\): expected 4 to be less than 4/);
  });
});
