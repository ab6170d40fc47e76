/**
 * operator-ts/runtime/handler, also the `handler` namespace of operator-ts/runtime, after controller-runtime's
 * `pkg/handler`: event handlers turn watch events into reconcile requests for the object itself (`for`), its
 * controller owner (`owns`), or whatever a map function returns (`watches`).
 *
 * @packageDocumentation
 */
export { enqueueRequestsFromMapFunc, type MapFunc } from './enqueue-mapped.js';
export { enqueueRequestForObject } from './enqueue-object.js';
export { enqueueRequestForOwner, ownerRequests, type EnqueueOwnerOptions } from './enqueue-owner.js';
export type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from './events.js';
export type { EnqueueHandler, RequestQueue } from './handler.js';
