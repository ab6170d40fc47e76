import type { Request } from '../reconcile/reconcile.js';
import type { KubernetesObject } from '../resource.js';
import type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from './events.js';

/** RequestQueue is what an {@link EnqueueHandler} writes to: the controller's queue, seen as requests. */
export interface RequestQueue {
  /**
   * RequestQueue.add asks for `request` to be reconciled; duplicates are merged by the queue. `priority`
   * (default 0, live) orders the queue: higher first; a source lowers it for objects of an initial list.
   */
  add(request: Request, options?: { priority?: number }): void;
}

/**
 * EnqueueHandler maps events about watched objects to the requests to reconcile (controller-runtime's
 * `handler.EventHandler`). Absent methods enqueue nothing.
 */
export interface EnqueueHandler<T extends KubernetesObject = KubernetesObject> {
  /** EnqueueHandler.create handles a created object. */
  create?(event: CreateEvent<T>, queue: RequestQueue): void;
  /** EnqueueHandler.update handles a changed object. */
  update?(event: UpdateEvent<T>, queue: RequestQueue): void;
  /** EnqueueHandler.delete handles a deleted object. */
  delete?(event: DeleteEvent<T>, queue: RequestQueue): void;
  /** EnqueueHandler.generic handles an event from a non-API source. */
  generic?(event: GenericEvent<T>, queue: RequestQueue): void;
}
