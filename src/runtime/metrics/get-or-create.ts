import type {
  Counter,
  CounterConfiguration,
  Gauge,
  GaugeConfiguration,
  Histogram,
  HistogramConfiguration,
} from 'prom-client';
import { Counter as CounterClass, Gauge as GaugeClass, Histogram as HistogramClass } from './prom-client-core.js';
import { registry } from './registry.js';

// Metrics are process-wide and labelled per controller: the first caller creates and registers a metric,
// later callers (a second controller, another test) get the same one instead of a duplicate-name error.
// Looking the metric up in the registry on every call also survives a `registry.clear()` in tests.

/** getOrCreateCounter returns the counter named `config.name` in the runtime registry, creating it once. */
export function getOrCreateCounter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
  const existing = registry.getSingleMetric(config.name);
  if (existing) return existing as unknown as Counter<L>;
  return new CounterClass<L>({ ...config, registers: [registry] });
}

/** getOrCreateGauge returns the gauge named `config.name` in the runtime registry, creating it once. */
export function getOrCreateGauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
  const existing = registry.getSingleMetric(config.name);
  if (existing) return existing as unknown as Gauge<L>;
  return new GaugeClass<L>({ ...config, registers: [registry] });
}

/** getOrCreateHistogram returns the histogram named `config.name` in the runtime registry, creating it once. */
export function getOrCreateHistogram<L extends string>(
  config: Omit<HistogramConfiguration<L>, 'registers'>,
): Histogram<L> {
  const existing = registry.getSingleMetric(config.name);
  if (existing) return existing as unknown as Histogram<L>;
  return new HistogramClass<L>({ ...config, registers: [registry] });
}
