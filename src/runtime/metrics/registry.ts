import { Registry } from 'prom-client';

/**
 * registry is the one Prometheus registry the runtime's metrics are registered in and the metrics server
 * serves, like controller-runtime's `metrics.Registry`. Operators add their own metrics to it.
 */
export const registry = new Registry();
