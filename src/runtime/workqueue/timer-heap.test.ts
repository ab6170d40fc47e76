import { describe, expect, it } from 'vitest';
import { TimerHeap } from './timer-heap.js';

describe('TimerHeap', () => {
  it('pops entries by ready time, FIFO among equal times, keeping the earliest time of a re-pushed key', () => {
    const h = new TimerHeap();
    h.push('c', 30);
    h.push('a', 10);
    h.push('b', 20);
    h.push('d', 20);
    h.push('c', 5);
    h.push('a', 50);
    expect(h.size).toBe(4);
    const order: string[] = [];
    for (let e = h.pop(); e; e = h.pop()) order.push(`${e.key}@${e.readyAt}`);
    expect(order).toEqual(['c@5', 'a@10', 'b@20', 'd@20']);
  });

  it('stays ordered under many random pushes', () => {
    const h = new TimerHeap();
    const times = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1009);
    times.forEach((t, i) => h.push(`k${i}`, t));
    let prev = -1;
    for (let e = h.pop(); e; e = h.pop()) {
      expect(e.readyAt).toBeGreaterThanOrEqual(prev);
      prev = e.readyAt;
    }
    expect(h.size).toBe(0);
  });
});
