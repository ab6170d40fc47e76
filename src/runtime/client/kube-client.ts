import { deepCopy } from '../cache/deep-copy.js';
import { fieldSelectorFor, listByFields, MissingIndexError } from '../cache/field-index.js';
import type { Cache, Informer, InformerOptions } from '../cache/informer.js';
import { toPartialObjectMetadata, type PartialObjectMetadata } from '../metadata.js';
import type { OwnWrites } from '../cache/own-writes.js';
import { labelMatcher } from '../cache/label-selector.js';
import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import { ApiError } from '../rest/api-error.js';
import {
  type Client,
  type GetOptions,
  type ListOptions,
  type StatusWriter,
  type WriteInput,
  type WriteOptions,
} from './client.js';
import { type DeleteOptions, type Patch } from '../rest/rest-client.js';
import type { RestClient } from '../rest/rest-client.js';

/** KubeClientOptions configures {@link newClient}. */
export interface KubeClientOptions {
  /** rest performs the API calls. */
  rest: RestClient;
  /** cache serves reads of the kinds it has an informer for; without it every read is live (an API reader). */
  cache?: Cache | undefined;
  /** fieldManager is used for writes that name none, and for server-side apply. */
  fieldManager: string;
  /** Tells whether the cache holds a namespace of a resource; reads of other namespaces go live. All by default. */
  cachesNamespace?: ((resource: ResourceDescriptor, namespace: string) => boolean) | undefined;
  /** Tells whether reads of a resource may come from the cache (false for kinds that bypass it); all by default. */
  servesReads?: ((resource: ResourceDescriptor) => boolean) | undefined;
  /** Records the writes and deletes made during reconciles, for the controllers' read-your-writes. */
  ownWrites?: OwnWrites | undefined;
}

/**
 * newClient returns the {@link Client} handed to reconcilers: reads of a kind the cache has a synced
 * informer for are served from memory (as deep copies, so callers may mutate them) unless `live` is set;
 * every other read and every write goes to the API server.
 */
export function newClient(options: KubeClientOptions): Client {
  const cachesNamespace = options.cachesNamespace ?? (() => true);
  return new KubeClient(
    options.rest,
    options.cache,
    options.fieldManager,
    cachesNamespace,
    options.servesReads ?? (() => true),
    options.ownWrites,
  );
}

class KubeClient implements Client {
  constructor(
    private readonly rest: RestClient,
    private readonly cache: Cache | undefined,
    readonly fieldManager: string,
    private readonly cachesNamespace: (resource: ResourceDescriptor, namespace: string) => boolean,
    private readonly servesReads: (resource: ResourceDescriptor) => boolean,
    private readonly ownWrites: OwnWrites | undefined,
  ) {}

  async get<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    options: GetOptions = {},
  ): Promise<T> {
    const informer = this.cachedInformer(resource, options.live, key.namespace);
    if (informer === undefined) return this.rest.get(resource, key);
    const found = informer.get(resource.namespaced ? key : { name: key.name });
    if (found === undefined) throw notFound(resource, key.name);
    return deepCopy(found);
  }

  async list<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options: ListOptions = {}): Promise<T[]> {
    const fields =
      options.matchingFields !== undefined && Object.keys(options.matchingFields).length > 0
        ? options.matchingFields
        : undefined;
    const hasFieldSelector = options.fieldSelector !== undefined && options.fieldSelector !== '';
    if (fields !== undefined && hasFieldSelector)
      throw new Error(`list ${resource.kind}: give matchingFields or fieldSelector, not both`);
    // The cache indexes only the fields registered with indexField: other field selectors go to the API server.
    const informer = this.cachedInformer(resource, options.live === true || hasFieldSelector, options.namespace);
    if (informer === undefined) return this.listLive(resource, options, fields);
    const namespace = resource.namespaced ? options.namespace : undefined;
    if (fields === undefined)
      return informer.list({ namespace, labelSelector: options.labelSelector }).map((item) => deepCopy(item));
    let found: T[];
    try {
      found = listByFields(informer, resource, fields, namespace);
    } catch (err) {
      if (err instanceof MissingIndexError) throw missingIndex(resource, err);
      throw err;
    }
    const labels = labelMatcher(options.labelSelector);
    return found.filter((item) => labels(item.metadata?.labels)).map((item) => deepCopy(item));
  }

  async getMetadata(
    resource: ResourceDescriptor,
    key: ObjectKey,
    options: GetOptions = {},
  ): Promise<PartialObjectMetadata> {
    const informer = this.metadataInformer(resource, options.live, key.namespace);
    if (informer === undefined) return this.rest.getMetadata(resource, key);
    const found = informer.get(resource.namespaced ? key : { name: key.name });
    if (found === undefined) throw notFound(resource, key.name);
    return deepCopy(toPartialObjectMetadata(resource, found));
  }

  async listMetadata(resource: ResourceDescriptor, options: ListOptions = {}): Promise<PartialObjectMetadata[]> {
    const fields = options.matchingFields !== undefined && Object.keys(options.matchingFields).length > 0;
    // Field indexes live on full informers: such a list is a full list reduced to metadata.
    if (fields) return (await this.list(resource, options)).map((o) => toPartialObjectMetadata(resource, o));
    const hasFieldSelector = options.fieldSelector !== undefined && options.fieldSelector !== '';
    const informer = this.metadataInformer(resource, options.live === true || hasFieldSelector, options.namespace);
    if (informer === undefined) {
      const result = await this.rest.listAll(resource, {
        namespace: options.namespace,
        labelSelector: options.labelSelector,
        fieldSelector: options.fieldSelector,
        metadataOnly: true,
      });
      return result.items.map((o) => toPartialObjectMetadata(resource, o));
    }
    const namespace = resource.namespaced ? options.namespace : undefined;
    const found = informer.list({ namespace, labelSelector: options.labelSelector });
    return found.map((o) => deepCopy(toPartialObjectMetadata(resource, o)));
  }

  /** metadataInformer is the synced informer metadata reads come from: the metadata-only one, else the full one. */
  private metadataInformer(
    resource: ResourceDescriptor,
    live: boolean | undefined,
    namespace: string | undefined,
  ): Informer | undefined {
    const metadataOnly = this.cachedInformer(resource, live, namespace, { metadataOnly: true });
    return metadataOnly ?? this.cachedInformer(resource, live, namespace);
  }

  private async listLive<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    options: ListOptions,
    fields: Record<string, string> | undefined,
  ): Promise<T[]> {
    try {
      const result = await this.rest.listAll(resource, {
        namespace: options.namespace,
        labelSelector: options.labelSelector,
        fieldSelector: fields === undefined ? options.fieldSelector : fieldSelectorFor(fields),
      });
      return result.items;
    } catch (err) {
      if (fields !== undefined && err instanceof ApiError && err.code === 400)
        throw unsupportedField(resource, Object.keys(fields), err);
      throw err;
    }
  }

  create<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    object: WriteInput<T>,
    options: WriteOptions = {},
  ): Promise<T> {
    return this.recorded(resource, options, this.rest.create(resource, object, this.writeOptions(options)));
  }

  update<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    object: WriteInput<T>,
    options: WriteOptions = {},
  ): Promise<T> {
    return this.recorded(resource, options, this.rest.update(resource, object, this.writeOptions(options)));
  }

  patch<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    patch: Patch,
    options: WriteOptions = {},
  ): Promise<T> {
    return this.recorded(resource, options, this.rest.patch(resource, key, patch, this.writeOptions(options)));
  }

  async delete<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    options: DeleteOptions = {},
  ): Promise<void> {
    await this.rest.delete(resource, key, options);
    if (options.dryRun !== true) this.ownWrites?.recordDelete(resource, key);
  }

  status(): StatusWriter {
    return {
      update: (resource, object, options = {}) =>
        this.recorded(
          resource,
          options,
          this.rest.update(resource, object, { ...this.writeOptions(options), subresource: 'status' }),
        ),
      patch: (resource, key, patch, options = {}) =>
        this.recorded(
          resource,
          options,
          this.rest.patch(resource, key, patch, { ...this.writeOptions(options), subresource: 'status' }),
        ),
    };
  }

  /** recorded reports a successful write to the read-your-writes tracker. */
  private async recorded<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    options: WriteOptions,
    write: Promise<T>,
  ): Promise<T> {
    const written = await write;
    if (options.dryRun !== true) this.ownWrites?.recordWrite(resource, written);
    return written;
  }

  private writeOptions(options: WriteOptions): { dryRun?: boolean | undefined; fieldManager: string } {
    return { dryRun: options.dryRun, fieldManager: options.fieldManager ?? this.fieldManager };
  }

  private cachedInformer<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    live: boolean | undefined,
    namespace: string | undefined,
    view?: InformerOptions,
  ) {
    if (live === true || this.cache === undefined || !this.servesReads(resource)) return undefined;
    if (!this.cache.hasInformer(resource, view)) return undefined;
    if (
      resource.namespaced &&
      namespace !== undefined &&
      namespace !== '' &&
      !this.cachesNamespace(resource, namespace)
    )
      return undefined;
    const informer = this.cache.getInformer(resource, view);
    // Before the first list is stored the cache would answer "not found" for everything.
    return informer.hasSynced() ? informer : undefined;
  }
}

/** missingIndex explains a list by a field the cache has no index for. */
function missingIndex(resource: ResourceDescriptor, err: MissingIndexError): MissingIndexError {
  const field = err.index.replace(/^field:/, '');
  return new MissingIndexError(
    err.index,
    `${err.message}: register it with mgr.getFieldIndexer().indexField(${resource.kind}, '${field}', ...) before the manager starts`,
  );
}

/** unsupportedField explains a live list by fields the API server cannot select on. */
function unsupportedField(resource: ResourceDescriptor, fields: string[], err: ApiError): ApiError {
  const qualified = resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`;
  const message =
    `${qualified} cannot be listed by field ${fields.join(', ')} from the API server (${err.message}): this client reads live, so matchingFields ` +
    `is sent as a field selector, which the API server supports only for metadata.name, metadata.namespace and a few fields of some kinds; ` +
    `list through the manager's cached client instead, with an index registered by mgr.getFieldIndexer().indexField(${resource.kind}, '${fields[0]}', ...)`;
  return new ApiError(err.code, err.reason, message, err.status, { cause: err });
}

/** notFound builds the 404 error the API server would send for a missing object. */
export function notFound(resource: ResourceDescriptor, name: string): ApiError {
  const qualified = resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`;
  const message = `${qualified} "${name}" not found`;
  return new ApiError(404, 'NotFound', message, {
    kind: 'Status',
    apiVersion: 'v1',
    status: 'Failure',
    message,
    reason: 'NotFound',
    details: { name, group: resource.group, kind: resource.plural },
    code: 404,
  });
}
