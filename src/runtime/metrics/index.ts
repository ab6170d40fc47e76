/**
 * Prometheus metrics of the runtime, named like controller-runtime's so that existing dashboards work:
 * `controller_runtime_*` per controller and `workqueue_*` per queue, all in {@link registry}.
 *
 * @packageDocumentation
 */
export { ControllerMetrics, type ReconcileOutcome } from './controller.js';
export { getOrCreateCounter, getOrCreateGauge, getOrCreateHistogram } from './get-or-create.js';
export { registry } from './registry.js';
export { prometheusQueueMetrics } from './workqueue.js';
