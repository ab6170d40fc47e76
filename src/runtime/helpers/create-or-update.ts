import type { Client } from '../client/client.js';
import { isNotFound } from '../rest/api-error.js';
import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import { createMergePatch } from './merge-patch.js';
import { cloneJson } from '../json/clone.js';
import { jsonEqual } from '../json/equal.js';

/** OperationResult says what {@link createOrUpdate} did. */
export type OperationResult = 'created' | 'updated' | 'unchanged';

/** PatchOperationResult says what {@link createOrPatch} did. */
export type PatchOperationResult = OperationResult | 'updatedStatus' | 'updatedStatusOnly';

/** MutateFn sets the desired state on the object (live when it exists, the given skeleton otherwise). */
export type MutateFn<T> = (obj: T) => void | Promise<void>;

/**
 * createOrUpdate reads the object named by `obj` (through the client, so from the cache for watched
 * kinds), runs `mutate` on it, and creates it when missing or updates it when `mutate` changed anything
 * (deep comparison). `obj` is replaced in place by the object as stored, as controller-runtime's
 * `CreateOrUpdate` does. `mutate` must not change the name or namespace.
 */
export async function createOrUpdate<T extends KubernetesObject>(
  client: Client,
  resource: ResourceDescriptor<T>,
  obj: T,
  mutate: MutateFn<T>,
): Promise<OperationResult> {
  const key = keyOf(resource, obj);
  if (await readOrCreate(client, resource, key, obj, mutate)) return 'created';
  const before = cloneJson(obj);
  await runMutate(resource, key, obj, mutate);
  if (jsonEqual(before, obj)) return 'unchanged';
  replaceInPlace(obj, await client.update(resource, obj));
  return 'updated';
}

/**
 * createOrPatch is {@link createOrUpdate} with merge patches instead of updates: the difference made by
 * `mutate` outside `status` is sent as one RFC 7386 merge patch, a difference in `status` as a second
 * merge patch to the status subresource. The result says which of the two were needed.
 */
export async function createOrPatch<T extends KubernetesObject>(
  client: Client,
  resource: ResourceDescriptor<T>,
  obj: T,
  mutate: MutateFn<T>,
): Promise<PatchOperationResult> {
  const key = keyOf(resource, obj);
  if (await readOrCreate(client, resource, key, obj, mutate)) return 'created';
  const before = cloneJson(obj) as T & { status?: unknown };
  await runMutate(resource, key, obj, mutate);
  const after = obj as T & { status?: unknown };
  const { status: beforeStatus, ...beforeMain } = before;
  const { status: afterStatus, ...afterMain } = after;
  const mainPatch = createMergePatch(beforeMain, afterMain);
  const statusPatch = createMergePatch(beforeStatus, afterStatus);
  if (mainPatch !== undefined) {
    replaceInPlace(obj, await client.patch(resource, key, { type: 'merge', data: mainPatch }));
  }
  if (statusPatch !== undefined) {
    const stored = await client.status().patch(resource, key, { type: 'merge', data: { status: statusPatch } });
    replaceInPlace(obj, stored);
  }
  if (mainPatch !== undefined) return statusPatch !== undefined ? 'updatedStatus' : 'updated';
  return statusPatch !== undefined ? 'updatedStatusOnly' : 'unchanged';
}

function keyOf(resource: ResourceDescriptor, obj: KubernetesObject): ObjectKey {
  const name = obj.metadata?.name;
  if (name === undefined || name === '') throw new Error(`createOrUpdate needs metadata.name on the ${resource.kind}`);
  if (!resource.namespaced) return { name };
  return { namespace: obj.metadata?.namespace ?? '', name };
}

async function runMutate<T extends KubernetesObject>(
  resource: ResourceDescriptor<T>,
  key: ObjectKey,
  obj: T,
  mutate: MutateFn<T>,
): Promise<void> {
  await mutate(obj);
  const after = keyOf(resource, obj);
  if (after.name !== key.name || (after.namespace ?? '') !== (key.namespace ?? '')) {
    throw new Error(
      `mutate changed the object key of ${resource.kind} from ${fmtKey(key)} to ${fmtKey(after)}: MutateFn must not change name or namespace`,
    );
  }
}

function fmtKey(key: ObjectKey): string {
  return key.namespace ? `${key.namespace}/${key.name}` : key.name;
}

/** replaceInPlace makes `target` a copy of `source`, keeping the caller's reference valid. */
function replaceInPlace(target: object, source: object): void {
  for (const k of Object.keys(target)) delete (target as Record<string, unknown>)[k];
  Object.assign(target, cloneJson(source));
}

/**
 * readOrCreate replaces `obj` in place by the stored object; when there is none it runs `mutate` and creates
 * the object instead, and tells so by returning true.
 */
async function readOrCreate<T extends KubernetesObject>(
  client: Client,
  resource: ResourceDescriptor<T>,
  key: ObjectKey,
  obj: T,
  mutate: MutateFn<T>,
): Promise<boolean> {
  try {
    replaceInPlace(obj, await client.get(resource, key));
    return false;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  await runMutate(resource, key, obj, mutate);
  replaceInPlace(obj, await client.create(resource, obj));
  return true;
}
