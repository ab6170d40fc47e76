/**
 * operator-ts/runtime is the controller runtime TypeScript operators run on, with the vocabulary of
 * controller-runtime and kube-rs: a {@link Manager} owns a shared informer cache, controllers built with
 * {@link newControllerManagedBy}, a webhook server, metrics and health endpoints and leader election;
 * reconcilers receive a {@link Request} and return a {@link Result}; the {@link Client} reads from the cache
 * and writes to the API server with raw JSON. It imports nothing from the CLI side of the package.
 *
 * This entry point holds what an operator author uses daily, like controller-runtime's `ctrl` package
 * (its alias.go). Each part has a subpath with all of its API, which this entry point selects from:
 *
 * | Subpath | Holds |
 * |---|---|
 * | `operator-ts/runtime/fake` | FakeClient, FakeCache, FakeInformer, FakeClock for unit tests |
 * | `operator-ts/runtime/client` | the client, its options, the resource model, `newClient` |
 * | `operator-ts/runtime/controller` | the controller builder, `Controller`, sources, the reconcile contract |
 * | `operator-ts/runtime/handler`, `.../predicate` | event handlers and predicates (also namespaces here) |
 * | `operator-ts/runtime/helpers` | conditions, finalizers, owner references, create-or-update |
 * | `operator-ts/runtime/webhook` | admission and conversion webhooks, the webhook server, review types |
 * | `operator-ts/runtime/manager` | manager options, runnables, health probes, signals |
 * | `operator-ts/runtime/cache` | the informer cache, shared informers, field indexes |
 * | `operator-ts/runtime/events` | event recorders and sinks |
 * | `operator-ts/runtime/log` | loggers |
 * | `operator-ts/runtime/metrics`, `.../metrics/server` | the Prometheus registry; the `/metrics` server |
 * | `operator-ts/runtime/leaderelection` | Lease-based leader election |
 * | `operator-ts/runtime/workqueue` | work queues, rate limiters, clocks |
 * | `operator-ts/runtime/rest` | the REST client, the transport, watch events, API errors |
 *
 * The names of every entry point are pinned by src/entry-points.test.ts.
 *
 * @packageDocumentation
 */

// Resources and their wire form.
export { builtin } from './builtin.js';
export { defineResource, type KubernetesObject, type ObjectOf, type ResourceDescriptor } from './resource.js';
export type { Wire } from './wire.js';

// The reconcile contract and the client.
export { Result, TerminalError, type ReconcileContext, type Reconciler, type Request } from './reconcile/reconcile.js';
export { ignoreNotFound, type Client } from './client/client.js';
export { ApiError, isAlreadyExists, isConflict, isNotFound } from './rest/api-error.js';

// The manager and its logs.
export { createManager, type Manager } from './manager/manager.js';
export { setupSignalHandler } from './manager/signals.js';
export { newLogger, silentLogger, type Logger } from './log/logger.js';

// Controllers: the builder, handlers and predicates, events, field indexes.
export { newControllerManagedBy } from './controller/builder.js';
export * as handler from './handler/index.js';
export * as predicate from './predicate/index.js';
export type { EventRecorder } from './events/recorder.js';
export type { FieldIndexer } from './cache/field-index.js';

// What reconcilers do to objects.
export {
  findStatusCondition,
  isStatusConditionTrue,
  setStatusCondition,
  type Condition,
  type ConditionInput,
} from './helpers/conditions.js';
export { addFinalizer, containsFinalizer, finalizer, removeFinalizer } from './helpers/finalizers.js';
export { getControllerOf, setControllerReference } from './helpers/owner-references.js';
export { getReference } from './helpers/object-reference.js';
export { createOrUpdate } from './helpers/create-or-update.js';

// Webhooks.
export { newWebhookManagedBy } from './webhook/builder.js';
export {
  WebhookCertificateProvisioner,
  certificateRunnables,
  type SelfManagedCertificateOptions,
} from './webhookcerts/provisioner.js';
export type { CABundleTargets } from './webhookcerts/ca-injection.js';
export {
  AdmissionError,
  type AdmissionContext,
  type CustomDefaulter,
  type CustomValidator,
  type Warnings,
} from './webhook/admission.js';
