import type { Request } from '../reconcile/reconcile.js';
import type { KubernetesObject, ObjectKey } from '../resource.js';
import { requestToKey } from '../workqueue/request-key.js';
import type { EnqueueHandler, RequestQueue } from './handler.js';

/** MapFunc maps a watched object to the requests to reconcile; a missing namespace means cluster-scoped. */
export type MapFunc<T extends KubernetesObject = KubernetesObject> = (
  obj: T,
) => readonly ObjectKey[] | undefined | void;

function enqueueMapped<T extends KubernetesObject>(mapFn: MapFunc<T>, objects: T[], queue: RequestQueue): void {
  const seen = new Set<string>();
  for (const obj of objects) {
    for (const key of mapFn(obj) ?? []) {
      if (!key?.name) continue;
      const request: Request = { namespace: key.namespace ?? '', name: key.name };
      const k = requestToKey(request);
      if (seen.has(k)) continue;
      seen.add(k);
      queue.add(request);
    }
  }
}

/**
 * enqueueRequestsFromMapFunc enqueues whatever `mapFn` returns for the object (what `.watches(kind, mapFn)`
 * uses). An update maps both the old and the new object, de-duplicating the requests.
 */
export function enqueueRequestsFromMapFunc<T extends KubernetesObject = KubernetesObject>(
  mapFn: MapFunc<T>,
): EnqueueHandler<T> {
  return {
    create: (e, q) => enqueueMapped(mapFn, [e.object], q),
    update: (e, q) => enqueueMapped(mapFn, [e.objectOld, e.objectNew], q),
    delete: (e, q) => enqueueMapped(mapFn, [e.object], q),
    generic: (e, q) => enqueueMapped(mapFn, [e.object], q),
  };
}
