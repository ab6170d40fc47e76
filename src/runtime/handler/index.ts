/**
 * Event handlers turn watch events into reconcile requests: the object itself (`for`), its controller
 * owner (`owns`), or whatever a map function returns (`watches`).
 *
 * @packageDocumentation
 */
export { enqueueRequestsFromMapFunc, type MapFunc } from './enqueue-mapped.js';
export { enqueueRequestForObject } from './enqueue-object.js';
export { enqueueRequestForOwner, ownerRequests, type EnqueueOwnerOptions } from './enqueue-owner.js';
export type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from './events.js';
export type { EnqueueHandler, RequestQueue } from './handler.js';
