import type { V1OwnerReference } from '@kubernetes/client-node';
import type { Request } from '../reconcile/reconcile.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { requestToKey } from '../workqueue/request-key.js';
import type { EnqueueHandler, RequestQueue } from './handler.js';

/** EnqueueOwnerOptions tunes {@link enqueueRequestForOwner}. */
export interface EnqueueOwnerOptions {
  /** Only follow the owner reference marked `controller: true` (default true, what `.owns(kind)` uses). */
  onlyController?: boolean;
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * ownerRequests returns the requests for the owners of `obj` whose kind and API group (any version) match
 * `owner`. The namespace is the owned object's for namespaced owners and empty for cluster-scoped ones
 * (owner references never cross namespaces).
 */
export function ownerRequests(
  obj: KubernetesObject,
  owner: ResourceDescriptor,
  options: EnqueueOwnerOptions = {},
): Request[] {
  const onlyController = options.onlyController ?? true;
  const refs: V1OwnerReference[] = obj.metadata?.ownerReferences ?? [];
  const out: Request[] = [];
  for (const ref of refs) {
    if (onlyController && ref.controller !== true) continue;
    if (ref.kind !== owner.kind || groupOf(ref.apiVersion ?? '') !== owner.group || !ref.name) continue;
    out.push({ namespace: owner.namespaced ? (obj.metadata?.namespace ?? '') : '', name: ref.name });
  }
  return out;
}

function enqueueAll(requests: Request[], queue: RequestQueue, seen: Set<string>): void {
  for (const r of requests) {
    const key = requestToKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    queue.add(r);
  }
}

/**
 * enqueueRequestForOwner enqueues the owner of the object the event is about (what `.owns(kind)` uses):
 * by default the owner reference with `controller: true` whose group and kind are `owner`'s. An update
 * enqueues the owners of both the old and the new object, so that an owner that lost the object hears of it.
 */
export function enqueueRequestForOwner<T extends KubernetesObject = KubernetesObject>(
  owner: ResourceDescriptor,
  options: EnqueueOwnerOptions = {},
): EnqueueHandler<T> {
  const one = (obj: T, q: RequestQueue) => enqueueAll(ownerRequests(obj, owner, options), q, new Set());
  return {
    create: (e, q) => one(e.object, q),
    update: (e, q) => {
      const seen = new Set<string>();
      enqueueAll(ownerRequests(e.objectOld, owner, options), q, seen);
      enqueueAll(ownerRequests(e.objectNew, owner, options), q, seen);
    },
    delete: (e, q) => one(e.object, q),
    generic: (e, q) => one(e.object, q),
  };
}
