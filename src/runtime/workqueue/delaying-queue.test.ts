import { describe, expect, it } from 'vitest';
import { FakeClock } from '../fake/clock.js';
import { DelayingQueue } from './delaying-queue.js';
import { livePriority, lowPriority } from './queue.js';

function drain(q: DelayingQueue): string[] {
  const out: string[] = [];
  // Items are handed out synchronously when queued; collect them through get().
  while (q.len() > 0) {
    void q.get().then((k) => {
      if (k) {
        out.push(k);
        q.done(k);
      }
    });
  }
  return out;
}

describe('DelayingQueue', () => {
  it('adds keys when their delay has passed, earliest first', async () => {
    const clock = new FakeClock();
    const q = new DelayingQueue({ clock });
    q.addAfter('late', 300);
    q.addAfter('early', 100);
    q.addAfter('middle', 200);
    expect(q.len()).toBe(0);
    expect(q.waitingLen()).toBe(3);
    clock.advance(99);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(q.len()).toBe(1);
    clock.advance(200);
    expect(q.len()).toBe(3);
    const got = drain(q);
    await Promise.resolve();
    expect(got).toEqual(['early', 'middle', 'late']);
  });

  it('keeps the earliest ready time when a waiting key is added again', () => {
    const clock = new FakeClock();
    const q = new DelayingQueue({ clock });
    q.addAfter('a', 1000);
    q.addAfter('a', 10);
    q.addAfter('a', 500);
    expect(q.waitingLen()).toBe(1);
    clock.advance(10);
    expect(q.len()).toBe(1);
    clock.advance(1000);
    expect(q.len()).toBe(1);
  });

  it('adds at once for a zero or negative delay', () => {
    const q = new DelayingQueue({ clock: new FakeClock() });
    q.addAfter('a', 0);
    q.addAfter('b', -5);
    expect(q.len()).toBe(2);
  });

  it('drops waiting keys and timers on shut down', () => {
    const clock = new FakeClock();
    const q = new DelayingQueue({ clock });
    q.addAfter('a', 10);
    expect(clock.pendingTimers()).toBe(1);
    q.shutDown();
    expect(clock.pendingTimers()).toBe(0);
    q.addAfter('b', 10);
    clock.advance(100);
    expect(q.len()).toBe(0);
    expect(q.waitingLen()).toBe(0);
  });

  it('uses one timer for many waiting keys', () => {
    const clock = new FakeClock();
    const q = new DelayingQueue({ clock });
    for (let i = 0; i < 50; i++) q.addAfter(`k${i}`, 1000 - i);
    expect(clock.pendingTimers()).toBe(1);
    clock.advance(1000);
    expect(q.len()).toBe(50);
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('DelayingQueue priorities', () => {
  it('adds a delayed key at the highest priority it was asked for', async () => {
    const clock = new FakeClock();
    const q = new DelayingQueue({ clock });
    q.add('live');
    q.addAfter('retry', 10, lowPriority);
    q.addAfter('retry', 20, livePriority);
    q.add('other', lowPriority);
    clock.advance(10);
    expect(q.priorityOf('retry')).toBe(livePriority);
    expect(await q.get()).toBe('live');
    expect(await q.get()).toBe('retry');
    expect(await q.get()).toBe('other');
  });
});
