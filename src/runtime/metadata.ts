import type { KubernetesObject, ObjectMeta, ResourceDescriptor } from './resource.js';

/**
 * PartialObjectMetadata is an object reduced to its type and metadata: what the API server sends for a
 * `meta.k8s.io/v1` `PartialObjectMetadata` request, and what a metadata-only informer caches. The runtime
 * sets `apiVersion` and `kind` to those of the resource the object belongs to (the server answers with
 * `meta.k8s.io/v1` / `PartialObjectMetadata`), as controller-runtime's metadata cache does, so owner
 * references and logs name the real kind.
 */
export interface PartialObjectMetadata extends KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
}

/** PartialObjectMetadataList is the `meta.k8s.io/v1` list a metadata-only list returns. */
export interface PartialObjectMetadataList {
  apiVersion: 'meta.k8s.io/v1';
  kind: 'PartialObjectMetadataList';
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items: PartialObjectMetadata[];
}

/**
 * METADATA_LIST_ACCEPT asks for a list as a `PartialObjectMetadataList`. Plain JSON is the fallback a server
 * without the conversion (an aggregated API server) may answer with; the client then reduces the objects itself.
 */
export const METADATA_LIST_ACCEPT = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json';

/** METADATA_ACCEPT asks for one object, or each object of a watch, as a `PartialObjectMetadata`. */
export const METADATA_ACCEPT = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';

/** toPartialObjectMetadata returns the metadata of `obj` as a {@link PartialObjectMetadata} of `resource`'s kind. */
export function toPartialObjectMetadata(resource: ResourceDescriptor, obj: KubernetesObject): PartialObjectMetadata {
  return { apiVersion: resource.apiVersion, kind: resource.kind, metadata: (obj.metadata ?? {}) as ObjectMeta };
}
