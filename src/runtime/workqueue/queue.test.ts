import { describe, expect, it } from 'vitest';
import { livePriority, lowPriority, WorkQueue } from './queue.js';

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('WorkQueue', () => {
  it('queues a key added twice while waiting only once, in FIFO order', async () => {
    const q = new WorkQueue();
    q.add('a');
    q.add('b');
    q.add('a');
    expect(q.len()).toBe(2);
    expect(await q.get()).toBe('a');
    expect(await q.get()).toBe('b');
    expect(q.len()).toBe(0);
  });

  it('re-queues a key added during processing once, only after done', async () => {
    const q = new WorkQueue();
    q.add('a');
    expect(await q.get()).toBe('a');
    q.add('a');
    q.add('a');
    expect(q.len()).toBe(0);
    expect(q.isProcessing('a')).toBe(true);
    q.done('a');
    expect(q.len()).toBe(1);
    expect(await q.get()).toBe('a');
    q.done('a');
    expect(q.len()).toBe(0);
  });

  it('does not hand a key being processed to a second waiting worker', async () => {
    const q = new WorkQueue();
    q.add('a');
    const first = await q.get();
    let second: string | undefined | null = null;
    void q.get().then((k) => (second = k));
    q.add('a');
    await tick();
    expect(first).toBe('a');
    expect(second).toBeNull();
    q.done('a');
    await tick();
    expect(second).toBe('a');
  });

  it('makes get wait for work', async () => {
    const q = new WorkQueue();
    let got: string | undefined;
    const p = q.get().then((k) => (got = k));
    await tick();
    expect(got).toBeUndefined();
    q.add('x');
    await p;
    expect(got).toBe('x');
  });

  it('ignores adds after shut down, hands out what is queued, then releases getters with undefined', async () => {
    const q = new WorkQueue();
    q.add('a');
    const waiting = new WorkQueue();
    const pending = waiting.get();
    waiting.shutDown();
    expect(await pending).toBeUndefined();

    q.shutDown();
    q.add('b');
    expect(q.shuttingDown()).toBe(true);
    expect(await q.get()).toBe('a');
    expect(await q.get()).toBeUndefined();
  });

  it('shutDownWithDrain waits for in-flight keys to be done', async () => {
    const q = new WorkQueue();
    q.add('a');
    q.add('b');
    const a = await q.get();
    const b = await q.get();
    let drained = false;
    const drain = q.shutDownWithDrain().then(() => (drained = true));
    q.done(a as string);
    await tick();
    expect(drained).toBe(false);
    q.done(b as string);
    await drain;
    expect(drained).toBe(true);
  });

  it('shutDownWithDrain resolves at once when nothing is in flight', async () => {
    const q = new WorkQueue();
    await expect(q.shutDownWithDrain()).resolves.toBeUndefined();
  });

  it('never lets two workers hold the same key, and processes every key added after its last start', async () => {
    const q = new WorkQueue();
    const keys = ['a', 'b', 'c', 'd'];
    const inFlight = new Set<string>();
    const violations: string[] = [];
    // lastAdd[k] > lastStart[k] means an add is still owed a processing run.
    const lastAdd = new Map<string, number>();
    const lastStart = new Map<string, number>();
    let clock = 0;
    let producing = true;
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const add = (k: string) => {
      lastAdd.set(k, ++clock);
      q.add(k);
    };
    const worker = async () => {
      for (;;) {
        const key = await q.get();
        if (key === undefined) return;
        if (inFlight.has(key)) violations.push(key);
        inFlight.add(key);
        lastStart.set(key, ++clock);
        const yields = Math.floor(rand() * 4);
        for (let i = 0; i < yields; i++) await tick();
        if (producing && rand() < 0.3) add(keys[Math.floor(rand() * keys.length)] as string);
        inFlight.delete(key);
        q.done(key);
      }
    };
    const workers = Array.from({ length: 5 }, worker);
    for (let i = 0; i < 300; i++) {
      add(keys[Math.floor(rand() * keys.length)] as string);
      if (rand() < 0.5) await tick();
    }
    producing = false;
    while (q.len() > 0 || inFlight.size > 0) await tick();
    await q.shutDownWithDrain();
    await Promise.all(workers);
    expect(violations).toEqual([]);
    for (const k of keys) {
      if (lastAdd.has(k)) expect(lastStart.get(k) ?? 0).toBeGreaterThan(lastAdd.get(k) ?? 0);
    }
  });
});

describe('WorkQueue priorities', () => {
  it('hands out higher priorities first, FIFO within a priority', async () => {
    const q = new WorkQueue();
    q.add('list-1', lowPriority);
    q.add('list-2', lowPriority);
    q.add('live-1');
    q.add('urgent', 10);
    q.add('live-2', livePriority);
    expect(q.len()).toBe(5);
    const got: Array<string | undefined> = [];
    for (let i = 0; i < 5; i++) got.push(await q.get());
    expect(got).toEqual(['urgent', 'live-1', 'live-2', 'list-1', 'list-2']);
    expect(q.len()).toBe(0);
  });

  it('moves a waiting key up when it is added again with a higher priority, never down', async () => {
    const q = new WorkQueue();
    for (let i = 0; i < 5; i++) q.add(`list-${i}`, lowPriority);
    q.add('list-3');
    q.add('list-0', lowPriority - 10);
    expect(q.len()).toBe(5);
    expect(q.priorityOf('list-3')).toBe(livePriority);
    expect(q.priorityOf('list-0')).toBe(lowPriority);
    const got: Array<string | undefined> = [];
    for (let i = 0; i < 5; i++) got.push(await q.get());
    expect(got).toEqual(['list-3', 'list-0', 'list-1', 'list-2', 'list-4']);
    expect(q.len()).toBe(0);
  });

  it('remembers the priority a key was handed out with, and queues a key re-added while held at its new priority', async () => {
    const q = new WorkQueue();
    q.add('a', lowPriority);
    expect(await q.get()).toBe('a');
    expect(q.priorityOf('a')).toBe(lowPriority);
    q.add('a');
    q.add('b', lowPriority);
    q.done('a');
    expect(await q.get()).toBe('a');
    expect(q.priorityOf('a')).toBe(livePriority);
    q.done('a');
    expect(q.priorityOf('a')).toBeUndefined();
    expect(await q.get()).toBe('b');
  });

  it('keeps len exact across promotions and hand-outs (stale lane entries are skipped)', async () => {
    const q = new WorkQueue();
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const priorities = [lowPriority, livePriority, 5];
    const waiting = new Map<string, number>();
    for (let round = 0; round < 500; round++) {
      const key = `k${Math.floor(rand() * 20)}`;
      const priority = priorities[Math.floor(rand() * priorities.length)] as number;
      q.add(key, priority);
      waiting.set(key, Math.max(waiting.get(key) ?? -Infinity, priority));
      expect(q.len()).toBe(waiting.size);
      if (rand() < 0.4) {
        const got = (await q.get()) as string;
        const best = Math.max(...waiting.values());
        expect(waiting.get(got)).toBe(best);
        waiting.delete(got);
        q.done(got);
      }
    }
  });
});
