import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import type { WithDates } from '../wire.js';

/**
 * WriteInput is what a write takes for objects of wire type `T`: the wire object itself, or the same with
 * Dates where it has timestamps (a client-node model such as `V1Job`). It never takes part in inferring `T`,
 * which comes from the descriptor.
 */
export type WriteInput<T> = NoInfer<T> | WithDates<NoInfer<T>>;

/** JsonPatchOperation is one RFC 6902 operation. */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

/**
 * Patch is one of the three patch kinds the API server accepts for custom resources (strategic merge is
 * not offered: it does not work on custom resources).
 */
export type Patch =
  | { type: 'merge'; data: unknown }
  | { type: 'json'; ops: JsonPatchOperation[] }
  | { type: 'apply'; data: KubernetesObject; force?: boolean; fieldManager?: string };

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

/** DeleteOptions apply to delete. */
export interface DeleteOptions {
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: boolean;
}

/** Reader reads objects; reads of kinds the manager watches come from its cache unless `live` is set. */
export interface Reader {
  /** Reader.get returns the object or throws an {@link ApiError} with code 404 (see `isNotFound`). */
  get<T extends KubernetesObject>(resource: ResourceDescriptor<T>, key: ObjectKey, options?: GetOptions): Promise<T>;
  /** Reader.list returns the matching objects. */
  list<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options?: ListOptions): Promise<T[]>;
}

/** Writer changes objects on the API server; writes never go through the cache. */
export interface Writer {
  /** Writer.create creates the object and returns it as stored; Dates in it are sent as RFC 3339 strings. */
  create<T extends KubernetesObject>(resource: ResourceDescriptor<T>, object: WriteInput<T>, options?: WriteOptions): Promise<T>;
  /** Writer.update replaces the object (optimistic concurrency on metadata.resourceVersion). */
  update<T extends KubernetesObject>(resource: ResourceDescriptor<T>, object: WriteInput<T>, options?: WriteOptions): Promise<T>;
  /** Writer.patch patches the object named by key. */
  patch<T extends KubernetesObject>(resource: ResourceDescriptor<T>, key: ObjectKey, patch: Patch, options?: WriteOptions): Promise<T>;
  /** Writer.delete deletes the object named by key; a missing object throws a 404 {@link ApiError}. */
  delete<T extends KubernetesObject>(resource: ResourceDescriptor<T>, key: ObjectKey, options?: DeleteOptions): Promise<void>;
}

/** StatusWriter writes the status subresource. */
export interface StatusWriter {
  /** StatusWriter.update replaces the status of the object. */
  update<T extends KubernetesObject>(resource: ResourceDescriptor<T>, object: WriteInput<T>, options?: WriteOptions): Promise<T>;
  /** StatusWriter.patch patches the status of the object named by key. */
  patch<T extends KubernetesObject>(resource: ResourceDescriptor<T>, key: ObjectKey, patch: Patch, options?: WriteOptions): Promise<T>;
}

/** Client is the typed client handed to reconcilers, after controller-runtime's `client.Client`. */
export interface Client extends Reader, Writer {
  /** Client.status returns the writer for the status subresource. */
  status(): StatusWriter;
  /** Client.fieldManager is the field manager used for writes without one. */
  readonly fieldManager: string;
}

/** ApiError is a failed API call: HTTP status code, the Kubernetes Status reason and message. */
export class ApiError extends Error {
  /** ApiError.name is fixed for logs. */
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status code (404, 409, 422, ...). */
    readonly code: number,
    /** Kubernetes `Status.reason` (`NotFound`, `Conflict`, `AlreadyExists`, `Invalid`, ...). */
    readonly reason: string,
    message: string,
    /** The Kubernetes Status object when the server sent one. */
    readonly status?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** isNotFound tells whether err is a 404 {@link ApiError}. */
export function isNotFound(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === 404;
}

/** isConflict tells whether err is a 409 {@link ApiError} with reason Conflict. */
export function isConflict(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === 409 && err.reason === 'Conflict';
}

/** isAlreadyExists tells whether err is a 409 {@link ApiError} with reason AlreadyExists. */
export function isAlreadyExists(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === 409 && err.reason === 'AlreadyExists';
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
