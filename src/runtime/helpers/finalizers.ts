import type { Client } from '../client/client.js';
import type { JsonPatchOperation } from '../rest/rest-client.js';
import { ApiError } from '../rest/api-error.js';
import type { Result } from '../reconcile/reconcile.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';

/** containsFinalizer tells whether the object carries the finalizer. */
export function containsFinalizer(obj: KubernetesObject, finalizer: string): boolean {
  return obj.metadata?.finalizers?.includes(finalizer) ?? false;
}

/** addFinalizer adds the finalizer to the object in memory; returns false when it was already there. */
export function addFinalizer(obj: KubernetesObject, finalizer: string): boolean {
  if (containsFinalizer(obj, finalizer)) return false;
  obj.metadata ??= {};
  obj.metadata.finalizers = [...(obj.metadata.finalizers ?? []), finalizer];
  return true;
}

/** removeFinalizer removes every occurrence of the finalizer in memory; returns false when it was absent. */
export function removeFinalizer(obj: KubernetesObject, finalizer: string): boolean {
  const current = obj.metadata?.finalizers;
  if (current === undefined || !current.includes(finalizer)) return false;
  obj.metadata!.finalizers = current.filter((f) => f !== finalizer);
  return true;
}

/**
 * ensureFinalizer adds the finalizer on the server with a JSON patch guarded by `test` operations on
 * `metadata.resourceVersion` and the current finalizer list, so that a concurrent writer makes the patch
 * fail instead of being clobbered (kube-rs's finalizer semantics). The API server answers a failed `test`
 * with 422; it is reported as a 409 Conflict {@link ApiError} (cause: the original) so that reconcilers
 * retry it like any optimistic-concurrency conflict. Returns the object as stored (or `obj` unchanged when
 * the finalizer was already there).
 */
export async function ensureFinalizer<T extends KubernetesObject>(
  client: Client,
  resource: ResourceDescriptor<T>,
  obj: T,
  finalizer: string,
): Promise<T> {
  if (containsFinalizer(obj, finalizer)) return obj;
  const current = obj.metadata?.finalizers ?? [];
  const ops: JsonPatchOperation[] = [...resourceVersionGuard(obj)];
  if (current.length === 0) {
    // A missing list tests equal to null on the API server.
    ops.push(
      { op: 'test', path: '/metadata/finalizers', value: null },
      { op: 'add', path: '/metadata/finalizers', value: [finalizer] },
    );
  } else {
    ops.push(
      { op: 'test', path: '/metadata/finalizers', value: current },
      { op: 'add', path: '/metadata/finalizers/-', value: finalizer },
    );
  }
  return guardedPatch(client, resource, obj, ops);
}

/**
 * dropFinalizer removes the finalizer on the server with a JSON patch that tests the resourceVersion and
 * the finalizer at its index before removing it, so that another controller's finalizer is never removed
 * by mistake. Failures of the guard surface as a 409 Conflict like {@link ensureFinalizer}.
 */
export async function dropFinalizer<T extends KubernetesObject>(
  client: Client,
  resource: ResourceDescriptor<T>,
  obj: T,
  finalizer: string,
): Promise<T> {
  const current = obj.metadata?.finalizers ?? [];
  const index = current.indexOf(finalizer);
  if (index < 0) return obj;
  const path = `/metadata/finalizers/${index}`;
  const ops: JsonPatchOperation[] = [
    ...resourceVersionGuard(obj),
    { op: 'test', path, value: finalizer },
    { op: 'remove', path },
  ];
  return guardedPatch(client, resource, obj, ops);
}

function resourceVersionGuard(obj: KubernetesObject): JsonPatchOperation[] {
  const rv = obj.metadata?.resourceVersion;
  return rv === undefined || rv === '' ? [] : [{ op: 'test', path: '/metadata/resourceVersion', value: rv }];
}

async function guardedPatch<T extends KubernetesObject>(
  client: Client,
  resource: ResourceDescriptor<T>,
  obj: T,
  ops: JsonPatchOperation[],
): Promise<T> {
  const name = obj.metadata?.name;
  if (name === undefined || name === '')
    throw new Error(`cannot patch finalizers of a ${resource.kind} without metadata.name`);
  const key = resource.namespaced ? { namespace: obj.metadata?.namespace ?? '', name } : { name };
  try {
    return await client.patch(resource, key, { type: 'json', ops });
  } catch (err) {
    if (err instanceof ApiError && err.code === 422 && /test/i.test(err.message)) {
      throw new ApiError(
        409,
        'Conflict',
        `finalizer patch of ${resource.kind} ${name} lost a race: ${err.message}`,
        err.status,
        { cause: err },
      );
    }
    throw err;
  }
}

/** FinalizerHandlers are the two halves of a reconciler driven by {@link finalizer}. */
export interface FinalizerHandlers<T extends KubernetesObject> {
  /** apply reconciles a live object; it runs only once the finalizer is on the object. */
  apply(obj: T): Promise<Result | void>;
  /** cleanup releases external resources of an object being deleted; the finalizer is removed after it succeeds. */
  cleanup(obj: T): Promise<Result | void>;
}

/**
 * finalizer drives a reconcile through a finalizer, after kube-rs's `finalizer()`: on a live object it
 * first adds the finalizer (guarded patch) and then calls `apply`; on an object being deleted that still
 * carries the finalizer it calls `cleanup` and then removes the finalizer (guarded patch); on an object
 * being deleted without it there is nothing to do. Errors of the handlers and conflicts propagate, so the
 * reconcile is retried.
 */
export async function finalizer<T extends KubernetesObject>(
  client: Client,
  resource: ResourceDescriptor<T>,
  obj: T,
  name: string,
  handlers: FinalizerHandlers<T>,
): Promise<Result | void> {
  const deleting = obj.metadata?.deletionTimestamp !== undefined && obj.metadata.deletionTimestamp !== null;
  const has = containsFinalizer(obj, name);
  if (!deleting) {
    const live = has ? obj : await ensureFinalizer(client, resource, obj, name);
    return handlers.apply(live);
  }
  if (!has) return {};
  const result = await handlers.cleanup(obj);
  await dropFinalizer(client, resource, obj, name);
  return result;
}
