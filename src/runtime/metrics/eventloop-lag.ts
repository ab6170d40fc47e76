import type { ELDHistogram } from 'node:perf_hooks';

/** HistogramSample is one line of a histogram as prom-client's registry formats it. */
export interface HistogramSample {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

/** HistogramSnapshot is what prom-client's registry reads from a metric's `get()`. */
export interface HistogramSnapshot {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: HistogramSample[];
}

/** EVENT_LOOP_LAG_BUCKETS are the upper bounds (seconds) of {@link EventLoopLagHistogram}'s buckets. */
export const EVENT_LOOP_LAG_BUCKETS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

/** PercentileSource is the part of a Node.js histogram that {@link countAtOrBelow} reads. */
export interface PercentileSource {
  readonly min: number;
  readonly max: number;
  percentile(p: number): number;
}

/**
 * countAtOrBelow is how many of the `n` samples of a Node.js (HDR) histogram are at most `limit`. The
 * histogram keeps no bucket counts, only values at percentiles, so the percentile whose value is the
 * largest one not above `limit` is found by bisection, to half a sample: about log2(2n) native calls.
 * `from` is a percentile known to be at or below the limit's (a lower bucket's count), to start from.
 */
export function countAtOrBelow(h: PercentileSource, limit: number, n: number, from = 0): number {
  if (n <= 0 || h.min > limit) return 0;
  if (h.max <= limit) return n;
  let lo = from;
  let hi = 100;
  const halfSample = 50 / n;
  while (hi - lo > halfSample) {
    const mid = (lo + hi) / 2;
    if (h.percentile(mid) <= limit) lo = mid;
    else hi = mid;
  }
  return Math.round((n * lo) / 100);
}

/**
 * EventLoopLagHistogram exports `perf_hooks.monitorEventLoopDelay` as a Prometheus histogram. The monitor
 * records natively, on a libuv timer every `resolution` ms, the time between two firings; the lag is that
 * time less the resolution. Nothing runs per sample in JavaScript. The monitor keeps every sample since it
 * started, which is what a Prometheus histogram counts, so a scrape reads the cumulative bucket counts off
 * it and never resets it (a reset would also drop the interval it falls in: the lag right after a scrape).
 * It is registered in a prom-client registry as a custom metric: prom-client's Histogram can only count
 * one observation at a time.
 */
export class EventLoopLagHistogram {
  /** EventLoopLagHistogram.name is the metric name. */
  readonly name = 'nodejs_eventloop_lag_seconds';
  /** EventLoopLagHistogram.help is the metric's HELP text. */
  readonly help = 'Event loop lag: how late the event loop ran a timer, sampled every few milliseconds.';
  /** EventLoopLagHistogram.type is the metric's TYPE. */
  readonly type = 'histogram' as const;
  /** EventLoopLagHistogram.aggregator tells prom-client's cluster aggregation to add the values. */
  readonly aggregator = 'sum' as const;

  constructor(
    private readonly monitor: ELDHistogram,
    private readonly resolutionMs: number,
    private readonly buckets: readonly number[] = EVENT_LOOP_LAG_BUCKETS,
  ) {}

  /** EventLoopLagHistogram.get returns the bucket counts, sum and count of every sample so far. */
  get(): HistogramSnapshot {
    const n = this.monitor.count;
    const resolutionNs = this.resolutionMs * 1e6;
    const bucket = (le: number | string, value: number): HistogramSample => ({
      labels: { le },
      value,
      metricName: `${this.name}_bucket`,
    });
    // Each bucket's bisection starts where the one below ended: counts only grow with the bound.
    let below = 0;
    const values = this.buckets.map((le) => {
      const count = countAtOrBelow(this.monitor, le * 1e9 + resolutionNs, n, n === 0 ? 0 : (100 * below) / n);
      below = count;
      return bucket(le, count);
    });
    const sum = n === 0 ? 0 : (Math.max(0, this.monitor.mean - resolutionNs) * n) / 1e9;
    values.push(
      bucket('+Inf', n),
      { labels: {}, value: sum, metricName: `${this.name}_sum` },
      { labels: {}, value: n, metricName: `${this.name}_count` },
    );
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** EventLoopLagHistogram.reset zeroes the histogram, as prom-client's `registry.resetMetrics()` expects. */
  reset(): void {
    this.monitor.reset();
  }
}
