import { livePriority, WorkQueue } from './queue.js';
import { TimerHeap } from './timer-heap.js';

/**
 * DelayingQueue is a {@link WorkQueue} that can also add a key after a delay. Keys waiting for their delay
 * sit in a heap (one entry per key, the earliest ready time wins) served by a single timer; they are not
 * visible to {@link WorkQueue.len} until they are added. Shutting down drops the waiting keys.
 */
export class DelayingQueue extends WorkQueue {
  private readonly waiting = new TimerHeap();
  /** Priority each waiting key is added with; the highest asked for wins. */
  private readonly waitingPriority = new Map<string, number>();
  private cancelTimer: (() => void) | undefined;
  private timerAt = Number.POSITIVE_INFINITY;

  /** DelayingQueue.addAfter adds `key` at `priority` once `ms` milliseconds have passed; at once when `ms <= 0`. */
  addAfter(key: string, ms: number, priority: number = livePriority): void {
    if (this.shuttingDown()) return;
    this.metrics.retry();
    if (!(ms > 0)) {
      this.add(key, priority);
      return;
    }
    this.waiting.push(key, this.clock.now() + ms);
    const before = this.waitingPriority.get(key);
    if (before === undefined || priority > before) this.waitingPriority.set(key, priority);
    this.schedule();
  }

  /** DelayingQueue.waitingLen is the number of keys waiting for their delay. */
  waitingLen(): number {
    return this.waiting.size;
  }

  protected override beginShutDown(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    this.waiting.clear();
    this.waitingPriority.clear();
    super.beginShutDown();
  }

  private schedule(): void {
    const next = this.waiting.peek();
    if (next === undefined || next.readyAt >= this.timerAt) return;
    this.cancelTimer?.();
    this.timerAt = next.readyAt;
    this.cancelTimer = this.clock.setTimer(next.readyAt - this.clock.now(), () => this.fire());
  }

  private fire(): void {
    this.cancelTimer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    for (let next = this.waiting.peek(); next !== undefined && next.readyAt <= now; next = this.waiting.peek()) {
      this.waiting.pop();
      const priority = this.waitingPriority.get(next.key) ?? livePriority;
      this.waitingPriority.delete(next.key);
      this.add(next.key, priority);
    }
    this.schedule();
  }
}
