import {
  METADATA_ACCEPT,
  METADATA_LIST_ACCEPT,
  toPartialObjectMetadata,
  type PartialObjectMetadata,
} from '../metadata.js';
import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import { encodeDates, type WithDates } from '../wire.js';
import { activeTracer, type ApiTarget } from '../tracing/tracer.js';
import type { Transport } from './transport.js';
import { resourcePath, type QueryValue } from './urls.js';
import { decodeWatchEvents, type WatchEvent } from './watch-stream.js';

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

/** DeleteOptions apply to delete. */
export interface DeleteOptions {
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: boolean;
}

/** PATCH_CONTENT_TYPES maps each patch kind to the media type the API server expects. */
export const PATCH_CONTENT_TYPES = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  // A JSON body is valid YAML, so apply patches are sent as JSON under the apply media type.
  apply: 'application/apply-patch+yaml',
} as const;

/** RestListOptions selects a page of a collection. */
export interface RestListOptions {
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  resourceVersion?: string | undefined;
  resourceVersionMatch?: 'Exact' | 'NotOlderThan' | undefined;
  limit?: number | undefined;
  continue?: string | undefined;
  /**
   * Ask for `PartialObjectMetadataList` (metadata only); the items are {@link PartialObjectMetadata} of the
   * resource's kind even when declared as `T`.
   */
  metadataOnly?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/** ListResult is a list response: items (with apiVersion and kind filled in) and the list's metadata. */
export interface ListResult<T extends KubernetesObject> {
  items: T[];
  resourceVersion: string;
  continue?: string | undefined;
}

/** RestWatchOptions starts a watch. */
export interface RestWatchOptions {
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  resourceVersion?: string | undefined;
  allowWatchBookmarks?: boolean | undefined;
  /** Server-side duration of the watch; the server ends the stream cleanly after it. */
  timeoutSeconds?: number | undefined;
  /** Milliseconds without any byte (events or bookmarks) before the client gives up on the connection. */
  inactivityTimeoutMs?: number | undefined;
  /** Ask for each object as a `PartialObjectMetadata` (metadata only), of the resource's kind. */
  metadataOnly?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/** RestWriteOptions are the query parameters of writes. */
export interface RestWriteOptions {
  dryRun?: boolean | undefined;
  fieldManager?: string | undefined;
  /** Subresource to write, such as `status`. */
  subresource?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** RestClient performs raw-JSON CRUD, list and watch calls for any {@link ResourceDescriptor}. It never caches. */
export class RestClient {
  constructor(
    /** transport sends the calls. */
    readonly transport: Transport,
  ) {}

  /** RestClient.get reads one object. */
  async get<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    options: { subresource?: string; signal?: AbortSignal } = {},
  ): Promise<T> {
    const path = resourcePath(resource, { ...keyPath(resource, key), subresource: options.subresource });
    const target = apiTarget('get', resource, { ...keyPath(resource, key), subresource: options.subresource });
    const body = await this.transport.request<T>({ method: 'GET', path, signal: options.signal, target });
    return withTypeMeta(resource, body);
  }

  /** RestClient.getMetadata reads the metadata of one object, as a `PartialObjectMetadata` of the resource's kind. */
  async getMetadata(
    resource: ResourceDescriptor,
    key: ObjectKey,
    options: { signal?: AbortSignal } = {},
  ): Promise<PartialObjectMetadata> {
    const path = resourcePath(resource, keyPath(resource, key));
    const request = { method: 'GET' as const, path, accept: METADATA_ACCEPT, signal: options.signal };
    const body = await this.transport.request<KubernetesObject>(request);
    return toPartialObjectMetadata(resource, body);
  }

  /** RestClient.list reads one page of a collection. */
  async list<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    options: RestListOptions = {},
  ): Promise<ListResult<T>> {
    const path = resourcePath(resource, { namespace: resource.namespaced ? options.namespace : undefined });
    const body = await this.transport.request<{
      items?: T[] | null;
      metadata?: { resourceVersion?: string; continue?: string };
    }>({
      method: 'GET',
      path,
      query: {
        labelSelector: options.labelSelector,
        fieldSelector: options.fieldSelector,
        resourceVersion: options.resourceVersion,
        resourceVersionMatch: options.resourceVersionMatch,
        limit: options.limit,
        continue: options.continue,
      },
      ...(options.metadataOnly === true ? { accept: METADATA_LIST_ACCEPT } : {}),
      signal: options.signal,
      target: apiTarget('list', resource, { namespace: resource.namespaced ? options.namespace : undefined }),
    });
    const items =
      options.metadataOnly === true
        ? (body?.items ?? []).map((item) => toPartialObjectMetadata(resource, item) as unknown as T)
        : (body?.items ?? []).map((item) => withTypeMeta(resource, item));
    return {
      items,
      resourceVersion: body?.metadata?.resourceVersion ?? '',
      continue: body?.metadata?.continue || undefined,
    };
  }

  /** RestClient.listAll follows `continue` tokens and returns every item and the first page's resourceVersion. */
  async listAll<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    options: RestListOptions = {},
  ): Promise<ListResult<T>> {
    const first = await this.list(resource, options);
    const items = [...first.items];
    let token = first.continue;
    while (token !== undefined) {
      // Continuation pages are served at the first page's snapshot; they take no resourceVersion.
      const page = await this.list(resource, {
        ...options,
        resourceVersion: undefined,
        resourceVersionMatch: undefined,
        continue: token,
      });
      items.push(...page.items);
      token = page.continue;
    }
    return { items, resourceVersion: first.resourceVersion };
  }

  /** RestClient.create creates an object; its namespace comes from the object's metadata. Dates in it are sent as RFC 3339 strings. */
  async create<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    given: NoInfer<T> | WithDates<NoInfer<T>>,
    options: RestWriteOptions = {},
  ): Promise<T> {
    const object = given as KubernetesObject;
    const namespace = resource.namespaced ? object.metadata?.namespace : undefined;
    if (resource.namespaced && (namespace === undefined || namespace === '')) {
      throw new Error(
        `${resource.kind} "${object.metadata?.name ?? object.metadata?.generateName ?? ''}" is namespaced: set metadata.namespace`,
      );
    }
    const path = resourcePath(resource, { namespace });
    return withTypeMeta(
      resource,
      await this.transport.request<T>({
        method: 'POST',
        path,
        query: writeQuery(options),
        body: typedCopy(resource, object),
        signal: options.signal,
        target: apiTarget('create', resource, { namespace }),
      }),
    );
  }

  /** RestClient.update replaces an object (or its subresource); the server checks metadata.resourceVersion. */
  async update<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    given: NoInfer<T> | WithDates<NoInfer<T>>,
    options: RestWriteOptions = {},
  ): Promise<T> {
    const object = given as KubernetesObject;
    const key = objectKey(object);
    const path = resourcePath(resource, { ...keyPath(resource, key), subresource: options.subresource });
    return withTypeMeta(
      resource,
      await this.transport.request<T>({
        method: 'PUT',
        path,
        query: writeQuery(options),
        body: typedCopy(resource, object),
        signal: options.signal,
        target: apiTarget('update', resource, { ...keyPath(resource, key), subresource: options.subresource }),
      }),
    );
  }

  /** RestClient.patch sends a merge, JSON or server-side apply patch; apply needs a field manager. */
  async patch<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    patch: Patch,
    options: RestWriteOptions = {},
  ): Promise<T> {
    const path = resourcePath(resource, { ...keyPath(resource, key), subresource: options.subresource });
    const query: Record<string, QueryValue> = writeQuery(options);
    let body: unknown;
    switch (patch.type) {
      case 'merge':
        body = encodeDates(patch.data);
        break;
      case 'json':
        body = encodeDates(patch.ops);
        break;
      case 'apply': {
        const manager = patch.fieldManager ?? options.fieldManager;
        if (manager === undefined || manager === '')
          throw new Error(`${resource.kind} "${key.name}": server-side apply needs a fieldManager`);
        query.fieldManager = manager;
        if (patch.force === true) query.force = true;
        body = typedCopy(resource, patch.data);
        break;
      }
    }
    return withTypeMeta(
      resource,
      await this.transport.request<T>({
        method: 'PATCH',
        path,
        query,
        body,
        contentType: PATCH_CONTENT_TYPES[patch.type],
        signal: options.signal,
        target: apiTarget('patch', resource, { ...keyPath(resource, key), subresource: options.subresource }),
      }),
    );
  }

  /** RestClient.delete deletes an object, sending DeleteOptions in the body. */
  async delete(
    resource: ResourceDescriptor,
    key: ObjectKey,
    options: DeleteOptions & { signal?: AbortSignal } = {},
  ): Promise<void> {
    const path = resourcePath(resource, keyPath(resource, key));
    const body: Record<string, unknown> = { apiVersion: 'v1', kind: 'DeleteOptions' };
    if (options.propagationPolicy !== undefined) body.propagationPolicy = options.propagationPolicy;
    if (options.gracePeriodSeconds !== undefined) body.gracePeriodSeconds = options.gracePeriodSeconds;
    if (options.preconditions !== undefined) body.preconditions = options.preconditions;
    if (options.dryRun === true) body.dryRun = ['All'];
    const target = apiTarget('delete', resource, keyPath(resource, key));
    await this.transport.request({ method: 'DELETE', path, body, signal: options.signal, target });
  }

  /** RestClient.post sends a body to an arbitrary path, such as a TokenReview or SubjectAccessReview creation. */
  async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    return this.transport.request<T>({ method: 'POST', path, body, signal });
  }

  /**
   * RestClient.watch opens a watch and yields its events until the server ends the stream, the connection
   * fails (the error is thrown from the iterator), stays silent for `inactivityTimeoutMs`, or the signal aborts.
   */
  async watch<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    options: RestWatchOptions = {},
  ): Promise<AsyncGenerator<WatchEvent<T>>> {
    const path = resourcePath(resource, { namespace: resource.namespaced ? options.namespace : undefined });
    const body = await this.transport.stream({
      method: 'GET',
      path,
      query: {
        watch: true,
        labelSelector: options.labelSelector,
        fieldSelector: options.fieldSelector,
        resourceVersion: options.resourceVersion,
        allowWatchBookmarks: options.allowWatchBookmarks,
        timeoutSeconds: options.timeoutSeconds,
      },
      ...(options.metadataOnly === true ? { accept: METADATA_ACCEPT } : {}),
      signal: options.signal,
      timeoutMs: options.inactivityTimeoutMs ?? 300_000,
      target: apiTarget('watch', resource, { namespace: resource.namespaced ? options.namespace : undefined }),
    });
    const events = decodeWatchEvents<T>(body);
    const metadataOnly = options.metadataOnly === true;
    return (async function* () {
      try {
        for await (const event of events) {
          if (event.type !== 'ERROR' && event.type !== 'BOOKMARK') {
            if (metadataOnly) event.object = toPartialObjectMetadata(resource, event.object) as unknown as T;
            else withTypeMeta(resource, event.object);
          }
          yield event;
        }
      } finally {
        body.destroy();
      }
    })();
  }
}

function writeQuery(options: RestWriteOptions): Record<string, QueryValue> {
  return { dryRun: options.dryRun === true ? 'All' : undefined, fieldManager: options.fieldManager };
}

/** apiTarget names what a call addresses, for its trace span; undefined while tracing is off. */
function apiTarget(
  verb: string,
  resource: ResourceDescriptor,
  at: { namespace?: string | undefined; name?: string; subresource?: string | undefined },
): ApiTarget | undefined {
  if (activeTracer() === undefined) return undefined;
  const { group, version, kind, plural } = resource;
  const namespace = at.namespace === undefined || at.namespace === '' ? undefined : at.namespace;
  return { verb, group, version, kind, resource: plural, namespace, name: at.name, subresource: at.subresource };
}

function keyPath(resource: ResourceDescriptor, key: ObjectKey): { namespace?: string; name: string } {
  return resource.namespaced ? { namespace: key.namespace ?? '', name: key.name } : { name: key.name };
}

/** objectKey returns the namespace/name key of an object; throws when it has no name. */
export function objectKey(object: KubernetesObject): ObjectKey {
  const name = object.metadata?.name;
  if (name === undefined || name === '') throw new Error(`${object.kind ?? 'object'}: metadata.name is required`);
  const namespace = object.metadata?.namespace;
  return namespace === undefined || namespace === '' ? { name } : { namespace, name };
}

/** withTypeMeta fills in apiVersion and kind (lists omit them on items of built-in kinds) and returns the object. */
export function withTypeMeta<T extends KubernetesObject>(resource: ResourceDescriptor, object: T): T {
  if (object === undefined || object === null || typeof object !== 'object') return object;
  if (object.apiVersion === undefined || object.apiVersion === '') object.apiVersion = resource.apiVersion;
  if (object.kind === undefined || object.kind === '') object.kind = resource.kind;
  return object;
}

/** typedCopy is the body of a write: the object with apiVersion and kind filled in and Dates as strings. */
function typedCopy(resource: ResourceDescriptor, object: KubernetesObject): KubernetesObject {
  const encoded = encodeDates(object);
  if (
    encoded.apiVersion !== undefined &&
    encoded.apiVersion !== '' &&
    encoded.kind !== undefined &&
    encoded.kind !== ''
  )
    return encoded;
  return { ...encoded, apiVersion: encoded.apiVersion || resource.apiVersion, kind: encoded.kind || resource.kind };
}
