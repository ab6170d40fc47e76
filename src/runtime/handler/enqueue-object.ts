import type { KubernetesObject } from '../resource.js';
import { objectToRequest } from '../workqueue/request-key.js';
import type { EnqueueHandler, RequestQueue } from './handler.js';

function enqueue(obj: KubernetesObject | undefined, queue: RequestQueue): void {
  const request = obj && objectToRequest(obj);
  if (request) queue.add(request);
}

/**
 * enqueueRequestForObject enqueues the object the event is about (what `.for(kind)` uses): its namespace and
 * name. An update enqueues the new object, or the old one when the new one has no name.
 */
export function enqueueRequestForObject<T extends KubernetesObject = KubernetesObject>(): EnqueueHandler<T> {
  return {
    create: (e, q) => enqueue(e.object, q),
    update: (e, q) => enqueue(e.objectNew?.metadata?.name ? e.objectNew : e.objectOld, q),
    delete: (e, q) => enqueue(e.object, q),
    generic: (e, q) => enqueue(e.object, q),
  };
}
