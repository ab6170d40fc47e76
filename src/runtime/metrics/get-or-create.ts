import { Counter, Gauge, Histogram, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from 'prom-client';
import { registry } from './registry.js';

// Metrics are process-wide and labelled per controller: the first caller creates and registers a metric,
// later callers (a second controller, another test) get the same one instead of a duplicate-name error.
// Looking the metric up in the registry on every call also survives a `registry.clear()` in tests.

/** getOrCreateCounter returns the counter named `config.name` in the runtime registry, creating it once. */
export function getOrCreateCounter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
  const existing = registry.getSingleMetric(config.name);
  if (existing) return existing as unknown as Counter<L>;
  return new Counter<L>({ ...config, registers: [registry] });
}

/** getOrCreateGauge returns the gauge named `config.name` in the runtime registry, creating it once. */
export function getOrCreateGauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
  const existing = registry.getSingleMetric(config.name);
  if (existing) return existing as unknown as Gauge<L>;
  return new Gauge<L>({ ...config, registers: [registry] });
}

/** getOrCreateHistogram returns the histogram named `config.name` in the runtime registry, creating it once. */
export function getOrCreateHistogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
  const existing = registry.getSingleMetric(config.name);
  if (existing) return existing as unknown as Histogram<L>;
  return new Histogram<L>({ ...config, registers: [registry] });
}
