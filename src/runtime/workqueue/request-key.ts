import type { Request } from '../reconcile/reconcile.js';
import type { KubernetesObject } from '../resource.js';

/**
 * requestToKey turns a request into its work queue key: `namespace/name`, or `name` alone for
 * cluster-scoped objects (the same keys client-go's `MetaNamespaceKeyFunc` produces).
 */
export function requestToKey(request: Request): string {
  return request.namespace ? `${request.namespace}/${request.name}` : request.name;
}

/** keyToRequest is the inverse of {@link requestToKey}; neither namespaces nor names can contain `/`. */
export function keyToRequest(key: string): Request {
  const slash = key.indexOf('/');
  if (slash < 0) return { namespace: '', name: key };
  return { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** objectToRequest returns the request for an object, or undefined when it has no name. */
export function objectToRequest(obj: KubernetesObject): Request | undefined {
  const name = obj.metadata?.name;
  if (!name) return undefined;
  return { namespace: obj.metadata?.namespace ?? '', name };
}
