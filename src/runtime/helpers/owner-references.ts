import type { V1OwnerReference } from '@kubernetes/client-node';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';

/** AlreadyOwnedError says that an object already has a different controller owner. */
export class AlreadyOwnedError extends Error {
  /** AlreadyOwnedError.name is fixed for logs. */
  override readonly name = 'AlreadyOwnedError';
  constructor(
    /** The object that was to be owned. */
    readonly object: { namespace?: string; name?: string },
    /** Its existing controller reference. */
    readonly owner: V1OwnerReference,
  ) {
    super(
      `object ${object.namespace ? `${object.namespace}/` : ''}${object.name ?? ''} is already owned by another ${owner.kind} controller ${owner.name}`,
    );
  }
}

/** isAlreadyOwnedError tells whether err is an {@link AlreadyOwnedError}. */
export function isAlreadyOwnedError(err: unknown): err is AlreadyOwnedError {
  return err instanceof AlreadyOwnedError;
}

/**
 * setControllerReference makes `owner` the managing controller of `object` (controller and
 * blockOwnerDeletion true), so that garbage collection deletes `object` with its owner and `owns()`
 * watches route its events to the owner. An existing reference to the same owner is updated in place;
 * a different controller owner is refused with {@link AlreadyOwnedError}. The owner needs apiVersion,
 * kind, name and uid (pass its descriptor when the object lacks apiVersion/kind); a namespaced owner must
 * be in the object's namespace, and cannot own a cluster-scoped object.
 */
export function setControllerReference(
  owner: KubernetesObject,
  object: KubernetesObject,
  ownerResource?: ResourceDescriptor,
): void {
  const ref = { ...ownerReference(owner, ownerResource), blockOwnerDeletion: true, controller: true };
  validateOwner(owner, object);
  const existing = getControllerOf(object);
  if (existing !== undefined && !referSameObject(existing, ref)) {
    throw new AlreadyOwnedError({ namespace: object.metadata?.namespace, name: object.metadata?.name }, existing);
  }
  upsertOwnerReference(object, ref);
}

/**
 * setOwnerReference adds `owner` as a non-controlling owner of `object` (garbage collection only), or
 * replaces an existing reference to the same owner. The same validation as {@link setControllerReference}
 * applies.
 */
export function setOwnerReference(
  owner: KubernetesObject,
  object: KubernetesObject,
  ownerResource?: ResourceDescriptor,
): void {
  const ref = ownerReference(owner, ownerResource);
  validateOwner(owner, object);
  upsertOwnerReference(object, ref);
}

/** removeOwnerReference removes references to `owner` from `object`; returns false when there were none. */
export function removeOwnerReference(
  owner: KubernetesObject,
  object: KubernetesObject,
  ownerResource?: ResourceDescriptor,
): boolean {
  const ref = ownerReference(owner, ownerResource);
  const refs = object.metadata?.ownerReferences ?? [];
  const kept = refs.filter((r) => !referSameObject(r, ref));
  if (kept.length === refs.length) return false;
  object.metadata!.ownerReferences = kept;
  return true;
}

/** hasControllerReference tells whether the object has a controller owner. */
export function hasControllerReference(object: KubernetesObject): boolean {
  return getControllerOf(object) !== undefined;
}

/** getControllerOf returns the object's controller owner reference, or undefined. */
export function getControllerOf(object: KubernetesObject): V1OwnerReference | undefined {
  return object.metadata?.ownerReferences?.find((r) => r.controller === true);
}

/** hasOwnerReference tells whether `object` has a reference (controlling or not) to `owner`. */
export function hasOwnerReference(
  owner: KubernetesObject,
  object: KubernetesObject,
  ownerResource?: ResourceDescriptor,
): boolean {
  const ref = ownerReference(owner, ownerResource);
  return (object.metadata?.ownerReferences ?? []).some((r) => referSameObject(r, ref));
}

function ownerReference(owner: KubernetesObject, ownerResource: ResourceDescriptor | undefined): V1OwnerReference {
  const apiVersion = owner.apiVersion ?? ownerResource?.apiVersion;
  const kind = owner.kind ?? ownerResource?.kind;
  const name = owner.metadata?.name;
  const uid = owner.metadata?.uid;
  const missing = [
    ['apiVersion', apiVersion],
    ['kind', kind],
    ['metadata.name', name],
    ['metadata.uid', uid],
  ].filter(([, v]) => v === undefined || v === '');
  if (missing.length > 0) {
    throw new Error(
      `owner reference needs the owner's ${missing.map(([k]) => k).join(', ')}: pass an object read from the API server (or its descriptor for apiVersion/kind)`,
    );
  }
  return { apiVersion: apiVersion!, kind: kind!, name: name!, uid: uid! };
}

function validateOwner(owner: KubernetesObject, object: KubernetesObject): void {
  const ownerNs = owner.metadata?.namespace ?? '';
  if (ownerNs === '') return;
  const objectNs = object.metadata?.namespace ?? '';
  if (objectNs === '') {
    throw new Error(`cluster-scoped resource must not have a namespace-scoped owner, owner's namespace ${ownerNs}`);
  }
  if (objectNs !== ownerNs) {
    throw new Error(
      `cross-namespace owner references are disallowed, owner's namespace ${ownerNs}, obj's namespace ${objectNs}`,
    );
  }
}

/** referSameObject compares group (not version), kind and name, as the garbage collector does. */
function referSameObject(a: V1OwnerReference, b: V1OwnerReference): boolean {
  return groupOf(a.apiVersion) === groupOf(b.apiVersion) && a.kind === b.kind && a.name === b.name;
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

function upsertOwnerReference(object: KubernetesObject, ref: V1OwnerReference): void {
  object.metadata ??= {};
  const refs = [...(object.metadata.ownerReferences ?? [])];
  const index = refs.findIndex((r) => referSameObject(r, ref));
  if (index < 0) refs.push(ref);
  else refs[index] = ref;
  object.metadata.ownerReferences = refs;
}
