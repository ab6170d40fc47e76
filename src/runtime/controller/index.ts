/**
 * Controllers: sources feed a rate-limited work queue, workers run the reconciler, results decide requeues.
 * `newControllerManagedBy(mgr)` is the builder generated projects use.
 *
 * @packageDocumentation
 */
export {
  ControllerBuilder,
  newControllerManagedBy,
  type ControllerBuilderOptions,
  type ControllerManager,
  type WatchOptions,
} from './builder.js';
export { Controller, defaultCacheSyncTimeoutMs, type ControllerOptions } from './controller.js';
export { FakeCache, FakeInformer } from './fake-cache.js';
export { kindSource, type Source } from './source.js';
