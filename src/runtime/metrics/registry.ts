import type { Registry as PromRegistry } from 'prom-client';
import { Registry } from './prom-client-core.js';

/**
 * registry is the one Prometheus registry the runtime's metrics are registered in and the metrics server
 * serves, like controller-runtime's `metrics.Registry`. Operators add their own metrics to it.
 */
export const registry: PromRegistry = new Registry();
