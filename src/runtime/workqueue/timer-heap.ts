/** TimerEntry is one key waiting in a {@link TimerHeap} until `readyAt`. */
export interface TimerEntry {
  key: string;
  readyAt: number;
  /** Insertion order, so that keys ready at the same time come out first-in first-out. */
  seq: number;
}

/**
 * TimerHeap is a binary min-heap of keys ordered by ready time, holding each key at most once. Re-adding a
 * key keeps the earlier of the two ready times, like client-go's delaying queue.
 */
export class TimerHeap {
  private readonly heap: TimerEntry[] = [];
  private readonly index = new Map<string, number>();
  private seq = 0;

  /** TimerHeap.size is the number of waiting keys. */
  get size(): number {
    return this.heap.length;
  }

  /** TimerHeap.push adds `key` ready at `readyAt`, or moves an existing entry earlier. */
  push(key: string, readyAt: number): void {
    const at = this.index.get(key);
    if (at !== undefined) {
      const entry = this.heap[at] as TimerEntry;
      if (readyAt < entry.readyAt) {
        entry.readyAt = readyAt;
        this.up(at);
      }
      return;
    }
    this.heap.push({ key, readyAt, seq: this.seq++ });
    this.index.set(key, this.heap.length - 1);
    this.up(this.heap.length - 1);
  }

  /** TimerHeap.peek returns the earliest entry without removing it. */
  peek(): TimerEntry | undefined {
    return this.heap[0];
  }

  /** TimerHeap.pop removes and returns the earliest entry. */
  pop(): TimerEntry | undefined {
    const top = this.heap[0];
    if (top === undefined) return undefined;
    const last = this.heap.pop() as TimerEntry;
    this.index.delete(top.key);
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.index.set(last.key, 0);
      this.down(0);
    }
    return top;
  }

  /** TimerHeap.clear removes every entry. */
  clear(): void {
    this.heap.length = 0;
    this.index.clear();
  }

  private less(a: number, b: number): boolean {
    const x = this.heap[a] as TimerEntry;
    const y = this.heap[b] as TimerEntry;
    return x.readyAt < y.readyAt || (x.readyAt === y.readyAt && x.seq < y.seq);
  }

  private swap(a: number, b: number): void {
    const x = this.heap[a] as TimerEntry;
    const y = this.heap[b] as TimerEntry;
    this.heap[a] = y;
    this.heap[b] = x;
    this.index.set(y.key, a);
    this.index.set(x.key, b);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < this.heap.length && this.less(l, smallest)) smallest = l;
      if (r < this.heap.length && this.less(r, smallest)) smallest = r;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }
}
