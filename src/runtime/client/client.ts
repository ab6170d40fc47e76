import type { PartialObjectMetadata } from '../metadata.js';
import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import type { WithDates } from '../wire.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by a TSDoc {@link}
import { isNotFound, type ApiError } from '../rest/api-error.js';
import type { DeleteOptions, Patch } from '../rest/rest-client.js';

/**
 * WriteInput is what a write takes for objects of wire type `T`: the wire object itself, or the same with
 * Dates where it has timestamps (a client-node model such as `V1Job`). It never takes part in inferring `T`,
 * which comes from the descriptor.
 */
export type WriteInput<T> = NoInfer<T> | WithDates<NoInfer<T>>;

/** ListOptions restricts a list. */
export interface ListOptions {
  namespace?: string;
  labelSelector?: string;
  /** Server-side field selector (`metadata.name=x`); such a list is always read from the API server. */
  fieldSelector?: string;
  /**
   * Exact values of indexed fields, like controller-runtime's `client.MatchingFields`: served from the
   * field indexes registered with `mgr.getFieldIndexer().indexField()`. A client that reads live sends them
   * as a field selector, which the API server supports only for some fields.
   */
  matchingFields?: Record<string, string>;
  /** Read from the API server instead of the cache. */
  live?: boolean;
}

/** GetOptions changes how an object is read. */
export interface GetOptions {
  /** Read from the API server instead of the cache. */
  live?: boolean;
}

/** WriteOptions apply to create, update and patch. */
export interface WriteOptions {
  dryRun?: boolean;
  /** Field manager; defaults to the client's. */
  fieldManager?: string;
}

/** Reader reads objects; reads of kinds the manager watches come from its cache unless `live` is set. */
export interface Reader {
  /** Reader.get returns the object or throws an {@link ApiError} with code 404 (see `isNotFound`). */
  get<T extends KubernetesObject>(resource: ResourceDescriptor<T>, key: ObjectKey, options?: GetOptions): Promise<T>;
  /** Reader.list returns the matching objects. */
  list<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options?: ListOptions): Promise<T[]>;
  /**
   * Reader.getMetadata returns only the apiVersion, kind and metadata of an object (controller-runtime's
   * `Get` of a `PartialObjectMetadata`): from the metadata-only informer of the kind when a watch made one,
   * else from its full informer, else from the API server asking for `PartialObjectMetadata`. 404 as `get`.
   */
  getMetadata(resource: ResourceDescriptor, key: ObjectKey, options?: GetOptions): Promise<PartialObjectMetadata>;
  /** Reader.listMetadata lists the metadata of the matching objects, read as {@link Reader.getMetadata} reads. */
  listMetadata(resource: ResourceDescriptor, options?: ListOptions): Promise<PartialObjectMetadata[]>;
}

/** Writer changes objects on the API server; writes never go through the cache. */
export interface Writer {
  /** Writer.create creates the object and returns it as stored; Dates in it are sent as RFC 3339 strings. */
  create<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    object: WriteInput<T>,
    options?: WriteOptions,
  ): Promise<T>;
  /** Writer.update replaces the object (optimistic concurrency on metadata.resourceVersion). */
  update<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    object: WriteInput<T>,
    options?: WriteOptions,
  ): Promise<T>;
  /** Writer.patch patches the object named by key. */
  patch<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    patch: Patch,
    options?: WriteOptions,
  ): Promise<T>;
  /** Writer.delete deletes the object named by key; a missing object throws a 404 {@link ApiError}. */
  delete<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    options?: DeleteOptions,
  ): Promise<void>;
}

/** StatusWriter writes the status subresource. */
export interface StatusWriter {
  /** StatusWriter.update replaces the status of the object. */
  update<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    object: WriteInput<T>,
    options?: WriteOptions,
  ): Promise<T>;
  /** StatusWriter.patch patches the status of the object named by key. */
  patch<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    patch: Patch,
    options?: WriteOptions,
  ): Promise<T>;
}

/** Client is the typed client handed to reconcilers, after controller-runtime's `client.Client`. */
export interface Client extends Reader, Writer {
  /** Client.status returns the writer for the status subresource. */
  status(): StatusWriter;
  /** Client.fieldManager is the field manager used for writes without one. */
  readonly fieldManager: string;
}

/** ignoreNotFound resolves to undefined when the promise fails with 404, as controller-runtime's IgnoreNotFound. */
export async function ignoreNotFound<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}
