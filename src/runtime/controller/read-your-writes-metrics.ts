import type { Counter, Histogram } from 'prom-client';
import { getOrCreateCounter, getOrCreateHistogram } from '../metrics/get-or-create.js';

const delayBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * ReadYourWritesMetrics count what read-your-writes costs a controller: requests taken from the queue but
 * not reconciled because the cache did not show the controller's own writes yet, and how long each such
 * request was held (`outcome` `caught_up`, or `timed_out` when it ran at the bound on whatever the cache had).
 */
export class ReadYourWritesMetrics {
  private readonly skipped: Counter<'controller'>;
  private readonly delay: Histogram<'controller' | 'outcome'>;
  private readonly labels: { controller: string };

  constructor(controller: string) {
    this.labels = { controller };
    this.skipped = getOrCreateCounter({
      name: 'controller_runtime_reconcile_stale_skipped_total',
      help: 'Total number of reconciles skipped because the cache did not yet show the controller’s own writes, per controller',
      labelNames: ['controller'],
    });
    this.delay = getOrCreateHistogram({
      name: 'controller_runtime_reconcile_stale_delay_seconds',
      help: 'Time a request was held until the cache showed the controller’s own writes, per controller and outcome',
      labelNames: ['controller', 'outcome'],
      buckets: delayBuckets,
    });
  }

  /** ReadYourWritesMetrics.init creates the series at zero. */
  init(): void {
    this.skipped.inc(this.labels, 0);
  }

  /** ReadYourWritesMetrics.skippedOne counts a reconcile skipped for a stale cache. */
  skippedOne(): void {
    this.skipped.inc(this.labels);
  }

  /** ReadYourWritesMetrics.held records how long a request was held and whether the cache caught up. */
  held(seconds: number, caughtUp: boolean): void {
    this.delay.observe({ ...this.labels, outcome: caughtUp ? 'caught_up' : 'timed_out' }, seconds);
  }
}
