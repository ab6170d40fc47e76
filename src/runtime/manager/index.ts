/**
 * operator-ts/runtime/manager: the manager that runs an operator, after controller-runtime's `pkg/manager`:
 * one shared cache and client, controllers and other {@link Runnable}s, the webhook server, metrics and
 * health endpoints, leader election and graceful shutdown. {@link HealthProbeServer} and {@link ping} are
 * the health endpoints' parts, for checks of an operator's own.
 *
 * @packageDocumentation
 */
export type { Runnable } from '../runnable.js';
export { createManager, type Manager } from './manager.js';
export type {
  LeaderElectionOptions,
  ManagerOptions,
  ManagerWebhookOptions,
  SelfManagedWebhookCertificates,
} from './options.js';
export type { TracingOptions } from '../tracing/config.js';
export { HealthProbeServer, ping, type Checker } from './probes.js';
export { setupSignalHandler } from './signals.js';
