/**
 * operator-ts/runtime/controller: controllers and the reconcile contract, after controller-runtime's
 * `pkg/controller`, `pkg/builder` and `pkg/reconcile`. Sources feed a rate-limited work queue, workers run
 * the {@link Reconciler}, its {@link Result} decides requeues. `newControllerManagedBy(mgr)` is the
 * builder generated projects use; {@link Controller} and {@link kindSource} are the parts it assembles.
 *
 * @packageDocumentation
 */
export {
  isTerminalError,
  reconcilerFunc,
  Result,
  TerminalError,
  type ReconcileContext,
  type Reconciler,
  type Request,
} from '../reconcile/reconcile.js';
export {
  ControllerBuilder,
  newControllerManagedBy,
  type ControllerBuilderOptions,
  type ControllerManager,
  type MetadataWatchOptions,
  type WatchOptions,
} from './builder.js';
export { Controller, defaultCacheSyncTimeoutMs, type ControllerOptions } from './controller.js';
export { kindSource, type KindSourceOptions, type Source } from './source.js';
