/**
 * operator-ts/runtime/metrics: the Prometheus registry of the runtime, like controller-runtime's
 * `metrics.Registry`. The runtime's own metrics are named like controller-runtime's so that existing
 * dashboards work (`controller_runtime_*` per controller, `workqueue_*` per queue, `rest_client_*`,
 * `leader_election_*`); an operator adds its own to {@link registry}, and the get-or-create functions return
 * one metric per name however often they are called. {@link registerRuntimeMetrics} adds the health metrics
 * of the Node.js process (the manager does so when it serves metrics). The server that serves the registry
 * is operator-ts/runtime/metrics/server.
 *
 * @packageDocumentation
 */
export { getOrCreateCounter, getOrCreateGauge, getOrCreateHistogram } from './get-or-create.js';
export { registry } from './registry.js';
export { registerRuntimeMetrics, type RuntimeMetricsOptions } from './runtime-health.js';
