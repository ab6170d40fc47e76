// prom-client's index also loads its Pushgateway (http, https, zlib), default process metrics (perf_hooks,
// v8), cluster aggregation and OpenTelemetry exemplar support: about 13 MB of resident memory that an
// operator pays at start and never uses. The runtime needs four classes, so it imports their modules
// directly. They are the very modules the index re-exports, so metrics made with the index's classes and
// registered in the runtime's registry (what operators do) work alike.
import type * as Prom from 'prom-client';
import RegistryClass from 'prom-client/lib/registry.js';
import CounterClass from 'prom-client/lib/counter.js';
import GaugeClass from 'prom-client/lib/gauge.js';
import HistogramClass from 'prom-client/lib/histogram.js';

/** Registry is prom-client's `Registry` class. */
export const Registry: typeof Prom.Registry = RegistryClass;
/** Counter is prom-client's `Counter` class. */
export const Counter: typeof Prom.Counter = CounterClass;
/** Gauge is prom-client's `Gauge` class. */
export const Gauge: typeof Prom.Gauge = GaugeClass;
/** Histogram is prom-client's `Histogram` class. */
export const Histogram: typeof Prom.Histogram = HistogramClass;
