import { randomUUID } from 'node:crypto';
import { isBuiltinResource } from '../builtin.js';
import { fieldIndexName, MissingIndexError, type FieldIndexer, type IndexerFunc } from '../cache/field-index.js';
import { labelMatcher } from '../cache/label-selector.js';
import { applyMergePatch, isPlainObject } from '../helpers/merge-patch.js';
import { cloneJson } from '../json/clone.js';
import { jsonEqual } from '../json/equal.js';
import { toPartialObjectMetadata, type PartialObjectMetadata } from '../metadata.js';
import type { KubernetesObject, ObjectKey, ObjectMeta, ResourceDescriptor } from '../resource.js';
import { encodeDates, type Timestamp, type WithDates } from '../wire.js';
import type { Client, GetOptions, ListOptions, StatusWriter, WriteInput, WriteOptions } from '../client/client.js';
import type { DeleteOptions, Patch } from '../rest/rest-client.js';
import { alreadyExists, badRequest, conflict, invalid, notFound, subresourceNotFound } from './errors.js';
import { applyJsonPatch } from './json-patch.js';
import { statusSubresourcePolicy } from './status.js';

/** FakeClientOptions configures a {@link FakeClient}. */
export interface FakeClientOptions {
  /** Objects the store starts with, stored as given (status included, Dates as strings); each needs apiVersion, kind and name. */
  objects?: Array<WithDates<KubernetesObject>>;
  /** Field manager reported by `fieldManager`; defaults to `fake-client`. */
  fieldManager?: string;
  /**
   * Kinds with a status subresource, like controller-runtime's `WithStatusSubresource`. Built-in kinds that
   * have one on a real server always do; when this is absent, so does every non-built-in kind.
   */
  withStatusSubresource?: ResourceDescriptor[];
  /** Clock for creationTimestamp and deletionTimestamp; for tests. */
  now?: () => Date;
  /**
   * Field index registrations, each called with the client as its {@link FieldIndexer}: the same function
   * can register the index on `mgr.getFieldIndexer()` in main.ts, like controller-runtime's `WithIndex`.
   */
  indexes?: ReadonlyArray<(indexer: FieldIndexer) => void>;
}

type Obj = { apiVersion?: string; kind?: string; metadata?: ObjectMeta; status?: unknown; [key: string]: unknown };
type Stored = Obj & { metadata: ObjectMeta };

/**
 * FakeClient is an in-memory {@link Client} for unit tests of reconcilers, with the API server semantics
 * controller-runtime's fake client has: string resourceVersions bumped on every write, 409 Conflict on a
 * stale update, 409 AlreadyExists, 404 NotFound, uid/creationTimestamp/generation on create, generation
 * bumped on changes outside metadata and status, status subresource semantics, deletion held by
 * finalizers (deletionTimestamp set; gone when the last finalizer is removed), merge and JSON patches
 * (a failed `test` is 422 as on the server), label and field selectors, and deep copies in and out (made
 * with an explicit stack, so objects as deep as the API server accepts work).
 * Server-side apply is approximated as a merge patch that creates missing objects (no field ownership).
 * Timestamps are stored as RFC 3339 strings, as they arrive from a real API server; Dates written are
 * stored as the strings the real client would send.
 */
export class FakeClient implements Client, FieldIndexer {
  /** FakeClient.fieldManager is reported for writes without one. */
  readonly fieldManager: string;
  private readonly store = new Map<string, Stored>();
  private readonly hasStatus: (r: ResourceDescriptor) => boolean;
  private readonly now: () => Date;
  private readonly indexes = new Map<string, IndexerFunc>();
  private resourceVersion = 1000;

  constructor(options: FakeClientOptions = {}) {
    this.fieldManager = options.fieldManager ?? 'fake-client';
    this.hasStatus = statusSubresourcePolicy(options.withStatusSubresource, isBuiltinResource);
    this.now = options.now ?? (() => new Date());
    for (const obj of options.objects ?? []) this.seed(obj);
    for (const register of options.indexes ?? []) register(this);
  }

  /**
   * FakeClient.indexField registers a field index for `list(..., { matchingFields })`, as the manager's
   * field indexer does; a second index of the same field of a kind throws. The fake evaluates the
   * extractor on every list instead of keeping an index, so it may be called at any time.
   */
  indexField<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    field: string,
    extract: IndexerFunc<T>,
  ): void {
    const key = `${resource.apiVersion}/${resource.kind}/${fieldIndexName(field)}`;
    if (this.indexes.has(key)) {
      throw new Error(
        `indexer conflict: field ${field} of ${resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`} is already indexed`,
      );
    }
    this.indexes.set(key, extract as IndexerFunc);
  }

  /** FakeClient.get returns a copy of the stored object or throws 404. */
  async get<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    _options?: GetOptions,
  ): Promise<T> {
    return cloneJson(this.mustGet(resource, key)) as unknown as T;
  }

  /** FakeClient.list returns copies of the objects matching namespace and selectors, sorted by namespace and name. */
  async list<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options: ListOptions = {}): Promise<T[]> {
    const prefix = `${resource.apiVersion}/${resource.kind}/`;
    let labels: ReturnType<typeof labelMatcher>;
    try {
      labels = labelMatcher(options.labelSelector);
    } catch (err) {
      throw badRequest(`unable to parse requirement: ${(err as Error).message}`);
    }
    const fields = fieldMatcher(options.fieldSelector);
    const indexed = this.indexMatcher(resource, options);
    const out: T[] = [];
    for (const [key, obj] of [...this.store].sort(([a], [b]) => a.localeCompare(b))) {
      if (!key.startsWith(prefix)) continue;
      if (resource.namespaced && options.namespace && obj.metadata.namespace !== options.namespace) continue;
      if (!labels(obj.metadata.labels) || !fields(obj) || !indexed(obj)) continue;
      out.push(cloneJson(obj) as unknown as T);
    }
    return out;
  }

  /** FakeClient.getMetadata returns the apiVersion, kind and metadata of the stored object or throws 404. */
  async getMetadata(resource: ResourceDescriptor, key: ObjectKey, _o?: GetOptions): Promise<PartialObjectMetadata> {
    return toPartialObjectMetadata(resource, cloneJson(this.mustGet(resource, key)));
  }

  /** FakeClient.listMetadata lists like {@link FakeClient.list}, keeping only apiVersion, kind and metadata. */
  async listMetadata(resource: ResourceDescriptor, options: ListOptions = {}): Promise<PartialObjectMetadata[]> {
    return (await this.list(resource, options)).map((o) => toPartialObjectMetadata(resource, o));
  }

  /** FakeClient.create stores a new object: 409 when it exists, 400 when resourceVersion is set. */
  async create<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    object: WriteInput<T>,
    options: WriteOptions = {},
  ): Promise<T> {
    const obj = cloneJson(encodeDates(object)) as unknown as Obj;
    const meta = (obj.metadata ??= {});
    if (meta.resourceVersion !== undefined && meta.resourceVersion !== '')
      throw badRequest('resourceVersion should not be set on objects to be created');
    if ((meta.name ?? '') === '') {
      if ((meta.generateName ?? '') === '')
        throw invalid(resource, '', 'metadata.name: Required value: name or generateName is required');
      meta.name = `${meta.generateName}${randomSuffix()}`;
    }
    const name = meta.name!;
    if (resource.namespaced && (meta.namespace ?? '') === '')
      throw badRequest(`an empty namespace may not be set during creation of ${resource.kind} "${name}"`);
    if (!resource.namespaced) delete meta.namespace;
    const key = this.keyOf(resource, { namespace: meta.namespace, name });
    if (this.store.has(key)) throw alreadyExists(resource, name);
    if (this.hasStatus(resource)) delete obj.status;
    obj.apiVersion = resource.apiVersion;
    obj.kind = resource.kind;
    meta.uid = randomUUID();
    meta.creationTimestamp = this.timestamp();
    meta.generation = 1;
    delete meta.deletionTimestamp;
    meta.resourceVersion = this.nextResourceVersion(options);
    if (options.dryRun !== true) this.store.set(key, obj as Stored);
    return cloneJson(obj) as unknown as T;
  }

  /** FakeClient.update replaces the object (status kept when the kind has a status subresource). */
  async update<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    given: WriteInput<T>,
    options: WriteOptions = {},
  ): Promise<T> {
    const object = given as KubernetesObject;
    const { key, stored } = this.current(resource, object);
    this.checkResourceVersion(resource, stored, object);
    const next = cloneJson(encodeDates(object)) as unknown as Obj;
    if (this.hasStatus(resource)) {
      if (stored.status === undefined) delete next.status;
      else next.status = cloneJson(stored.status);
    }
    return this.commit(resource, key, stored, next, options) as T;
  }

  /** FakeClient.patch applies a merge, JSON or (approximated) apply patch; apply creates missing objects. */
  async patch<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    patch: Patch,
    options: WriteOptions = {},
  ): Promise<T> {
    const storeKey = this.keyOf(resource, key);
    const stored = this.store.get(storeKey);
    if (stored === undefined) {
      if (patch.type !== 'apply') throw notFound(resource, key);
      const obj = cloneJson(patch.data) as Obj;
      obj.metadata = {
        ...obj.metadata,
        name: key.name,
        ...(resource.namespaced ? { namespace: key.namespace ?? '' } : {}),
      };
      return this.create(resource, obj as unknown as T, options);
    }
    const next = this.applyPatch(resource, stored, patch);
    if (this.hasStatus(resource)) {
      if (stored.status === undefined) delete next.status;
      else next.status = cloneJson(stored.status);
    }
    return this.commit(resource, storeKey, stored, next, options) as T;
  }

  /** FakeClient.delete removes the object, or only marks it deleted while finalizers remain. */
  async delete<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    key: ObjectKey,
    options: DeleteOptions = {},
  ): Promise<void> {
    const storeKey = this.keyOf(resource, key);
    const stored = this.mustGet(resource, key);
    const pre = options.preconditions;
    if (pre?.uid !== undefined && pre.uid !== stored.metadata.uid) {
      throw conflict(
        resource,
        key.name,
        `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${stored.metadata.uid}`,
      );
    }
    if (pre?.resourceVersion !== undefined && pre.resourceVersion !== stored.metadata.resourceVersion) {
      throw conflict(
        resource,
        key.name,
        `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${stored.metadata.resourceVersion}`,
      );
    }
    if (options.dryRun === true) return;
    if ((stored.metadata.finalizers ?? []).length === 0) {
      this.store.delete(storeKey);
      return;
    }
    if (stored.metadata.deletionTimestamp !== undefined) return;
    const next = cloneJson(stored);
    next.metadata.deletionTimestamp = this.timestamp();
    next.metadata.resourceVersion = this.nextResourceVersion({});
    this.store.set(storeKey, next);
  }

  /** FakeClient.status returns the writer of the status subresource (404 for kinds without one). */
  status(): StatusWriter {
    return {
      update: async <T extends KubernetesObject>(
        resource: ResourceDescriptor<T>,
        given: WriteInput<T>,
        options: WriteOptions = {},
      ) => {
        if (!this.hasStatus(resource)) throw subresourceNotFound();
        const object = given as KubernetesObject;
        const { key, stored } = this.current(resource, object);
        this.checkResourceVersion(resource, stored, object);
        const next = cloneJson(stored) as Obj;
        const status = (encodeDates(object) as unknown as Obj).status;
        if (status === undefined) delete next.status;
        else next.status = cloneJson(status);
        return this.commit(resource, key, stored, next, options) as T;
      },
      patch: async <T extends KubernetesObject>(
        resource: ResourceDescriptor<T>,
        key: ObjectKey,
        patch: Patch,
        options: WriteOptions = {},
      ) => {
        if (!this.hasStatus(resource)) throw subresourceNotFound();
        const storeKey = this.keyOf(resource, key);
        const stored = this.mustGet(resource, key);
        const patched = this.applyPatch(resource, stored, patch);
        const next = cloneJson(stored) as Obj;
        if (patched.status === undefined) delete next.status;
        else next.status = patched.status;
        return this.commit(resource, storeKey, stored, next, options) as T;
      },
    };
  }

  /** indexMatcher compiles `matchingFields` against the registered extractors; a field without one throws. */
  private indexMatcher(resource: ResourceDescriptor, options: ListOptions): (obj: Stored) => boolean {
    const fields = Object.entries(options.matchingFields ?? {});
    if (fields.length === 0) return () => true;
    if (options.fieldSelector !== undefined && options.fieldSelector !== '')
      throw new Error(`list ${resource.kind}: give matchingFields or fieldSelector, not both`);
    const checks = fields.map(([field, value]) => {
      const name = fieldIndexName(field);
      const extract = this.indexes.get(`${resource.apiVersion}/${resource.kind}/${name}`);
      if (extract === undefined) {
        throw new MissingIndexError(
          name,
          `Index with name ${name} does not exist: register it with indexField(${resource.kind}, '${field}', ...) on the FakeClient or in its indexes option`,
        );
      }
      return (obj: Stored) => extract(obj).includes(value);
    });
    return (obj) => checks.every((check) => check(obj));
  }

  /** seed stores an object as given, as controller-runtime's `WithObjects` does. */
  private seed(object: WithDates<KubernetesObject>): void {
    const obj = cloneJson(encodeDates(object)) as Obj;
    const [group, version] = splitApiVersion(obj.apiVersion);
    if (obj.kind === undefined || obj.metadata?.name === undefined)
      throw new Error('FakeClient objects need apiVersion, kind and metadata.name');
    const meta = obj.metadata;
    meta.uid ??= randomUUID();
    meta.creationTimestamp ??= this.timestamp();
    meta.generation ??= 1;
    meta.resourceVersion ??= this.nextResourceVersion({});
    const key = `${group === '' ? version : `${group}/${version}`}/${obj.kind}/${meta.namespace ?? ''}/${meta.name}`;
    this.store.set(key, obj as Stored);
  }

  private applyPatch(resource: ResourceDescriptor, stored: Stored, given: Patch): Obj {
    const name = stored.metadata.name ?? '';
    const patch = encodeDates(given);
    switch (patch.type) {
      case 'merge': {
        if (!isPlainObject(patch.data)) throw badRequest('merge patch must be a JSON object');
        const rv = (patch.data.metadata as { resourceVersion?: unknown } | undefined)?.resourceVersion;
        if (typeof rv === 'string' && rv !== stored.metadata.resourceVersion) throw conflict(resource, name);
        return applyMergePatch(stored, patch.data) as Obj;
      }
      case 'json':
        return applyJsonPatch(stored, patch.ops) as Obj;
      case 'apply': {
        // Approximation: server-side apply without managed fields behaves like a merge patch of the
        // applied configuration (lists replaced, no field ownership conflicts).
        const { apiVersion: _a, kind: _k, ...data } = patch.data as Obj;
        return applyMergePatch(stored, data) as Obj;
      }
    }
  }

  /** commit validates and stores `next` as the successor of `stored`. */
  private commit(
    resource: ResourceDescriptor,
    key: string,
    stored: Stored,
    next: Obj,
    options: WriteOptions,
  ): KubernetesObject {
    const meta = (next.metadata ??= {});
    const old = stored.metadata;
    // Identity and server-owned fields cannot be changed by a client.
    meta.name = old.name;
    if (resource.namespaced) meta.namespace = old.namespace;
    else delete meta.namespace;
    meta.uid = old.uid;
    meta.creationTimestamp = old.creationTimestamp;
    if (old.deletionTimestamp === undefined) delete meta.deletionTimestamp;
    else meta.deletionTimestamp = old.deletionTimestamp;
    next.apiVersion = resource.apiVersion;
    next.kind = resource.kind;
    const added = (meta.finalizers ?? []).filter((f) => !(old.finalizers ?? []).includes(f));
    if (old.deletionTimestamp !== undefined && added.length > 0) {
      throw invalid(
        resource,
        old.name ?? '',
        `metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers ${JSON.stringify(added)}`,
      );
    }
    if (meta.finalizers?.length === 0) delete meta.finalizers;
    meta.generation = old.generation ?? 1;
    meta.resourceVersion = old.resourceVersion;
    if (jsonEqual(next, stored)) return cloneJson(stored);
    if (this.specChanged(resource, stored, next)) meta.generation = (old.generation ?? 0) + 1;
    meta.resourceVersion = this.nextResourceVersion(options);
    if (options.dryRun === true) return cloneJson(next);
    if (meta.deletionTimestamp !== undefined && (meta.finalizers ?? []).length === 0) {
      this.store.delete(key);
    } else {
      this.store.set(key, next as Stored);
    }
    return cloneJson(next);
  }

  private specChanged(resource: ResourceDescriptor, a: Obj, b: Obj): boolean {
    const strip = (o: Obj) => {
      const { metadata: _m, apiVersion: _a, kind: _k, status, ...rest } = o;
      return this.hasStatus(resource) ? rest : { ...rest, status };
    };
    return !jsonEqual(strip(a), strip(b));
  }

  private checkResourceVersion(resource: ResourceDescriptor, stored: Stored, object: KubernetesObject): void {
    const rv = object.metadata?.resourceVersion;
    // An empty resourceVersion is an unconditional update, which the API server allows for these kinds.
    if (rv !== undefined && rv !== '' && rv !== stored.metadata.resourceVersion)
      throw conflict(resource, stored.metadata.name ?? '');
  }

  private current(resource: ResourceDescriptor, object: KubernetesObject): { key: string; stored: Stored } {
    const name = object.metadata?.name;
    if (name === undefined || name === '')
      throw invalid(resource, '', 'metadata.name: Required value: name is required');
    const key = { namespace: object.metadata?.namespace, name };
    return { key: this.keyOf(resource, key), stored: this.mustGet(resource, key) };
  }

  private mustGet(resource: ResourceDescriptor, key: ObjectKey): Stored {
    const stored = this.store.get(this.keyOf(resource, key));
    if (stored === undefined) throw notFound(resource, key);
    return stored;
  }

  private keyOf(resource: ResourceDescriptor, key: ObjectKey): string {
    return `${resource.apiVersion}/${resource.kind}/${resource.namespaced ? (key.namespace ?? '') : ''}/${key.name}`;
  }

  private nextResourceVersion(options: WriteOptions): string {
    if (options.dryRun === true) return String(this.resourceVersion + 1);
    this.resourceVersion += 1;
    return String(this.resourceVersion);
  }

  private timestamp(): Timestamp {
    // metav1.Time as the API server writes it: whole seconds.
    return `${this.now().toISOString().slice(0, 19)}Z`;
  }
}

function splitApiVersion(apiVersion: string | undefined): [string, string] {
  if (apiVersion === undefined || apiVersion === '')
    throw new Error('FakeClient objects need apiVersion, kind and metadata.name');
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
}

function randomSuffix(): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let out = '';
  for (let i = 0; i < 5; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

/** fieldMatcher supports the field selectors every kind serves: metadata.name and metadata.namespace, = == !=. */
function fieldMatcher(selector: string | undefined): (obj: Stored) => boolean {
  if (selector === undefined || selector.trim() === '') return () => true;
  const terms = selector.split(',').map((t) => {
    const m = /^\s*([A-Za-z.]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(t);
    if (m === null) throw badRequest(`invalid field selector: "${t}"`);
    const [, field, op, value] = m;
    if (field !== 'metadata.name' && field !== 'metadata.namespace') {
      throw badRequest(`"${field}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
    }
    return { field, negate: op === '!=', value: value ?? '' };
  });
  return (obj) =>
    terms.every((t) => {
      const actual = t.field === 'metadata.name' ? obj.metadata.name : (obj.metadata.namespace ?? '');
      return (actual === t.value) !== t.negate;
    });
}
