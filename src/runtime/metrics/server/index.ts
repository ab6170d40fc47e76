/**
 * operator-ts/runtime/metrics/server: the `/metrics` endpoint, after controller-runtime's
 * `pkg/metrics/server`. A manager starts one from its metrics options; {@link MetricsServer} serves a
 * registry on its own, over HTTP or, secured like a kubebuilder project, over TLS with TokenReview and
 * SubjectAccessReview authorization. With {@link ProfilingOptions} it also serves CPU profiles, heap
 * snapshots and a summary of active handles under `/debug/profile/`, authorized the same way.
 *
 * @packageDocumentation
 */
export { MetricsServer, type MetricsServerOptions } from './server.js';
export type { ProfilingOptions } from './profiling.js';
