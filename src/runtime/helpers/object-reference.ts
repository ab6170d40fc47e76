import type { V1ObjectReference } from '@kubernetes/client-node';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';

/**
 * getReference returns a `corev1.ObjectReference` to `object`, as client-go's `reference.GetReference`:
 * apiVersion, kind, namespace, name, uid and resourceVersion, each left out when the object has none. It
 * is what status fields such as a CronJob's `status.active` and events point at. apiVersion and kind come
 * from the object, or from `resource` where the object lacks them (items of built-in lists do); an object
 * whose kind cannot be told is refused, since a reference without one points at nothing.
 */
export function getReference(object: KubernetesObject, resource?: ResourceDescriptor): V1ObjectReference {
  const typed = {
    ...object,
    apiVersion: nonEmpty(object.apiVersion) ?? resource?.apiVersion,
    kind: nonEmpty(object.kind) ?? resource?.kind,
  };
  const missing = (['apiVersion', 'kind'] as const).filter((key) => typed[key] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `reference needs the object's ${missing.join(', ')}: pass an object read from the API server, or its descriptor`,
    );
  }
  return objectReference(typed);
}

/** objectReference is {@link getReference} without the check: the fields the object has, for events about anything. */
export function objectReference(object: KubernetesObject): V1ObjectReference {
  const meta = object.metadata ?? {};
  const ref: V1ObjectReference = {};
  if (object.apiVersion !== undefined) ref.apiVersion = object.apiVersion;
  if (object.kind !== undefined) ref.kind = object.kind;
  if (meta.namespace !== undefined && meta.namespace !== '') ref.namespace = meta.namespace;
  if (meta.name !== undefined) ref.name = meta.name;
  if (meta.uid !== undefined) ref.uid = meta.uid;
  if (meta.resourceVersion !== undefined) ref.resourceVersion = meta.resourceVersion;
  return ref;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
