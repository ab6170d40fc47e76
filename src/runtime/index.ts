/**
 * operator-ts/runtime is the controller runtime TypeScript operators run on, with the vocabulary of
 * controller-runtime and kube-rs: a {@link Manager} owns a shared informer cache, controllers built with
 * {@link newControllerManagedBy}, a webhook server, metrics and health endpoints and leader election;
 * reconcilers receive a {@link Request} and return a {@link Result}; the {@link Client} reads from the cache
 * and writes to the API server with raw JSON. It imports nothing from the CLI side of the package.
 *
 * @packageDocumentation
 */

// Resources, reconcile contract and client.
export { defineResource, type KubernetesObject, type ObjectKey, type ObjectOf, type ResourceDescriptor, type ResourceDescriptorInit } from './resource.js';
export type { Timestamp, WithDates, Wire } from './wire.js';
export { Result, TerminalError, isTerminalError, reconcilerFunc, type ReconcileContext, type Reconciler, type Request } from './reconcile/reconcile.js';
export {
  ApiError,
  ignoreNotFound,
  isAlreadyExists,
  isConflict,
  isNotFound,
  type Client,
  type DeleteOptions,
  type GetOptions,
  type JsonPatchOperation,
  type ListOptions,
  type Patch,
  type Reader,
  type StatusWriter,
  type WriteOptions,
  type Writer,
} from './client/client.js';
export { builtin, isBuiltinResource, type BuiltinKind } from './builtin.js';

// Manager, logging, transport.
export { createManager, type Manager } from './manager/manager.js';
export type { ManagerOptions, LeaderElectionOptions } from './manager/options.js';
export { setupSignalHandler } from './manager/signals.js';
export { ping, HealthProbeServer, type Checker } from './manager/probes.js';
export type { Runnable } from './manager/runnable.js';
export { newLogger, withValues, withName, parseLogLevel, silentLogger, type Logger, type LoggerOptions, type LogLevel } from './log/logger.js';
export { newClient, type KubeClientOptions } from './client/kube-client.js';
export { RestClient, PATCH_CONTENT_TYPES, type ListResult, type RestListOptions, type RestWatchOptions, type RestWriteOptions } from './client/rest-client.js';
export { KubeTransport, InactivityTimeoutError, type Transport, type TransportRequest, type KubeTransportOptions } from './client/transport.js';
export type { WatchEvent, WatchEventType } from './client/watch-stream.js';
export { isGone, retryAfterMs } from './client/api-error.js';
export { FakeClient, type FakeClientOptions } from './client/fake-client.js';

// Cache and leader election.
export { InformerCache, type CacheOptions, type ResourceCacheOptions } from './cache/informer-cache.js';
export { SharedInformer } from './cache/shared-informer.js';
export type { Cache, Informer, EventHandler, ListFilter } from './cache/informer.js';
export type { FieldIndexer, IndexerFunc } from './cache/field-index.js';
export { LeaderElector, type Clock as LeaderElectionClock } from './leaderelection/leader-elector.js';

// Controllers, predicates, handlers, work queue.
export {
  newControllerManagedBy,
  ControllerBuilder,
  Controller,
  kindSource,
  FakeCache,
  FakeInformer,
  defaultCacheSyncTimeoutMs,
  type ControllerManager,
  type ControllerBuilderOptions,
  type ControllerOptions,
  type WatchOptions,
  type Source,
} from './controller/index.js';
export {
  generationChangedPredicate,
  labelChangedPredicate,
  annotationChangedPredicate,
  resourceVersionChangedPredicate,
  predicateFuncs,
  type Predicate,
  type PredicateFuncs,
} from './predicate/index.js';
export * as predicate from './predicate/index.js';
export {
  enqueueRequestForObject,
  enqueueRequestForOwner,
  enqueueRequestsFromMapFunc,
  ownerRequests,
  type EnqueueHandler,
  type RequestQueue,
  type MapFunc,
  type EnqueueOwnerOptions,
  type CreateEvent,
  type UpdateEvent,
  type DeleteEvent,
  type GenericEvent,
} from './handler/index.js';
export {
  WorkQueue,
  DelayingQueue,
  RateLimitingQueue,
  ItemExponentialFailureRateLimiter,
  BucketRateLimiter,
  MaxOfRateLimiter,
  defaultControllerRateLimiter,
  requestToKey,
  keyToRequest,
  objectToRequest,
  FakeClock,
  realClock,
  type Clock,
  type RateLimiter,
  type WorkQueueOptions,
  type RateLimitingQueueOptions,
} from './workqueue/index.js';

// Metrics.
export { registry } from './metrics/registry.js';
export { MetricsServer } from './metrics/server.js';

// Helpers: events, finalizers, conditions, owner references, create-or-update.
export { newEventRecorder, type EventRecorder, type EventRecorderOptions, type EventType, type RecordingEventRecorder } from './events/recorder.js';
export { eventSinkFor, type EventSink } from './events/sink.js';
export { addFinalizer, containsFinalizer, dropFinalizer, ensureFinalizer, finalizer, removeFinalizer, type FinalizerHandlers } from './helpers/finalizers.js';
export {
  findStatusCondition,
  isStatusConditionFalse,
  isStatusConditionPresentAndEqual,
  isStatusConditionTrue,
  removeStatusCondition,
  setStatusCondition,
  type Condition,
  type ConditionInput,
  type ConditionStatus,
} from './helpers/conditions.js';
export {
  AlreadyOwnedError,
  getControllerOf,
  hasControllerReference,
  hasOwnerReference,
  isAlreadyOwnedError,
  removeOwnerReference,
  setControllerReference,
  setOwnerReference,
} from './helpers/owner-references.js';
export { getReference } from './helpers/object-reference.js';
export { createOrPatch, createOrUpdate, type MutateFn, type OperationResult, type PatchOperationResult } from './helpers/create-or-update.js';

// Webhooks.
export { WebhookServer, type WebhookHandler, type WebhookRegistrationOptions, type WebhookRequestContext, type WebhookServerOptions } from './webhook/server.js';
export {
  AdmissionError,
  type AdmissionContext,
  type AdmissionOperation,
  type AdmissionRequest,
  type AdmissionResponse,
  type AdmissionReview,
  type CustomDefaulter,
  type CustomValidator,
  type UserInfo,
  type Warnings,
} from './webhook/admission.js';
export { defaultingHandler } from './webhook/defaulting.js';
export { validatingHandler } from './webhook/validating.js';
export { ConversionRegistry, type ConversionRequest, type ConversionResponse, type ConversionReview, type HubSpokeConversion, type SpokeConversion } from './webhook/conversion.js';
export { CONVERSION_PATH, WebhookBuilder, defaultingPath, newWebhookManagedBy, validationPath, type WebhookManager } from './webhook/builder.js';
