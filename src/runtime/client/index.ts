/**
 * operator-ts/runtime/client: the typed client reconcilers receive, after controller-runtime's
 * `pkg/client`, with the resource model it reads and writes. Reads of kinds the manager watches come from
 * the cache, everything else and every write from the API server ({@link newClient} builds one over a
 * REST client and a cache). API failures are {@link ApiError}s, classified by `isNotFound`, `isConflict`
 * and `isAlreadyExists`. `getMetadata` and `listMetadata` read only objects' metadata, as
 * {@link PartialObjectMetadata}.
 *
 * @packageDocumentation
 */
export { builtin, isBuiltinResource, type BuiltinKind } from '../builtin.js';
export {
  defineResource,
  type KubernetesObject,
  type ObjectKey,
  type ObjectOf,
  type ResourceDescriptor,
  type ResourceDescriptorInit,
} from '../resource.js';
export { toPartialObjectMetadata, type PartialObjectMetadata, type PartialObjectMetadataList } from '../metadata.js';
export { ApiError, isAlreadyExists, isConflict, isNotFound } from '../rest/api-error.js';
export type { DeleteOptions, JsonPatchOperation, Patch } from '../rest/rest-client.js';
export type { Timestamp, Wire, WithDates } from '../wire.js';
export {
  ignoreNotFound,
  type Client,
  type GetOptions,
  type ListOptions,
  type Reader,
  type StatusWriter,
  type WriteOptions,
  type Writer,
} from './client.js';
export { newClient, type KubeClientOptions } from './kube-client.js';
