import {
  ALL_NAMESPACES,
  fieldIndexName,
  MissingIndexError,
  type FieldIndexer,
  type IndexerFunc,
} from '../cache/field-index.js';
import type { Cache, EventHandler, Informer, InformerOptions, ListFilter } from '../cache/informer.js';
import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import { objectToRequest, requestToKey } from '../workqueue/request-key.js';

/**
 * FakeInformer is an in-memory {@link Informer} driven by hand, for unit tests of controllers: `set` and
 * `remove` change the store and notify handlers like a reflector would.
 */
export class FakeInformer<T extends KubernetesObject = KubernetesObject> implements Informer<T> {
  private readonly store = new Map<string, T>();
  private readonly handlers = new Set<EventHandler<T>>();
  private readonly fieldIndexes = new Map<string, IndexerFunc<T>>();
  private synced: boolean;
  private readonly syncWaiters: Array<() => void> = [];

  constructor(options: { synced?: boolean } = {}) {
    this.synced = options.synced ?? true;
  }

  /** FakeInformer.set stores `obj`, notifying an add or an update. */
  set(obj: T): void {
    const request = objectToRequest(obj);
    if (!request) throw new Error('FakeInformer.set needs an object with metadata.name');
    const key = requestToKey(request);
    const old = this.store.get(key);
    this.store.set(key, obj);
    for (const h of [...this.handlers]) {
      if (old) h.onUpdate?.(old, obj);
      else h.onAdd?.(obj, false);
    }
  }

  /** FakeInformer.remove deletes the object with `key`, notifying a delete with its last state. */
  remove(key: ObjectKey): void {
    const k = requestToKey({ namespace: key.namespace ?? '', name: key.name });
    const old = this.store.get(k);
    if (!old) return;
    this.store.delete(k);
    for (const h of [...this.handlers]) h.onDelete?.(old);
  }

  /** FakeInformer.markSynced makes `hasSynced` true and releases `waitForSync` callers. */
  markSynced(): void {
    this.synced = true;
    for (const w of this.syncWaiters.splice(0)) w();
  }

  /** FakeInformer.handlerCount is the number of registered handlers. */
  handlerCount(): number {
    return this.handlers.size;
  }

  /** FakeInformer.addEventHandler registers `handler` and replays the stored objects as adds. */
  addEventHandler(handler: EventHandler<T>): () => void {
    this.handlers.add(handler);
    for (const obj of this.store.values()) handler.onAdd?.(obj, true);
    return () => {
      this.handlers.delete(handler);
    };
  }

  /** FakeInformer.hasSynced is true unless created with `synced: false` and not yet marked synced. */
  hasSynced(): boolean {
    return this.synced;
  }

  /** FakeInformer.waitForSync resolves once synced; rejects when `signal` aborts first. */
  waitForSync(signal?: AbortSignal): Promise<void> {
    if (this.synced) return Promise.resolve();
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      this.syncWaiters.push(resolve);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }

  /** FakeInformer.get returns the stored object with `key`. */
  get(key: ObjectKey): T | undefined {
    return this.store.get(requestToKey({ namespace: key.namespace ?? '', name: key.name }));
  }

  /** FakeInformer.list returns the stored objects, filtered by namespace (label selectors are ignored). */
  list(filter: ListFilter = {}): T[] {
    return [...this.store.values()].filter((o) => !filter.namespace || o.metadata?.namespace === filter.namespace);
  }

  /**
   * FakeInformer.byIndex supports the `namespace` and `owner` (owner UID) indexes and the field indexes
   * added with {@link FakeInformer.indexField} (keyed `<namespace>/<value>` or `__all_namespaces/<value>`,
   * as the real cache keys them); any other index throws {@link MissingIndexError}.
   */
  byIndex(name: string, value: string): T[] {
    if (name === 'namespace') return this.list({ namespace: value });
    if (name === 'owner')
      return [...this.store.values()].filter((o) => o.metadata?.ownerReferences?.some((r) => r.uid === value));
    const extract = this.fieldIndexes.get(name);
    if (extract === undefined) throw new MissingIndexError(name);
    const slash = value.indexOf('/');
    const namespace = value.slice(0, slash);
    const wanted = value.slice(slash + 1);
    // A fake evaluates the extractor on every lookup instead of keeping an index.
    return [...this.store.values()].filter(
      (o) =>
        (namespace === ALL_NAMESPACES || (o.metadata?.namespace ?? '') === namespace) && extract(o).includes(wanted),
    );
  }

  /** FakeInformer.indexField adds a field index, like the real cache's; a field indexed twice throws. */
  indexField(field: string, extract: IndexerFunc<T>): void {
    const name = fieldIndexName(field);
    if (this.fieldIndexes.has(name)) throw new Error(`indexer conflict: field ${field} is already indexed`);
    this.fieldIndexes.set(name, extract);
  }
}

/**
 * FakeCache is an in-memory {@link Cache} of {@link FakeInformer}s, one per resource and view (full or
 * metadata-only), for unit tests. It counts the references sources take, so a test can see a removed watch
 * give its informer back.
 */
export class FakeCache implements Cache, FieldIndexer {
  private readonly informers = new Map<string, FakeInformer>();
  private readonly refs = new Map<string, number>();

  constructor(private readonly options: { synced?: boolean } = {}) {}

  /**
   * FakeCache.informer returns the fake informer of `resource` (its metadata-only one with `metadataOnly`),
   * creating it on first use.
   */
  informer<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options?: InformerOptions): FakeInformer<T> {
    const key = fakeKey(resource, options);
    let informer = this.informers.get(key);
    if (!informer) {
      informer = new FakeInformer(this.options);
      this.informers.set(key, informer);
    }
    return informer as unknown as FakeInformer<T>;
  }

  /** FakeCache.getInformer returns the fake informer of `resource`. */
  getInformer<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options?: InformerOptions): Informer<T> {
    return this.informer(resource, options);
  }

  /** FakeCache.acquireInformer returns the fake informer of `resource` and counts a reference. */
  acquireInformer<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options?: InformerOptions): Informer<T> {
    const key = fakeKey(resource, options);
    this.refs.set(key, (this.refs.get(key) ?? 0) + 1);
    return this.informer(resource, options);
  }

  /** FakeCache.releaseInformer gives a reference back; the fake informer itself stays. */
  async releaseInformer(resource: ResourceDescriptor, options?: InformerOptions): Promise<void> {
    const key = fakeKey(resource, options);
    this.refs.set(key, Math.max(0, (this.refs.get(key) ?? 0) - 1));
  }

  /** FakeCache.references is the number of references sources hold on the informer of `resource`. */
  references(resource: ResourceDescriptor, options?: InformerOptions): number {
    return this.refs.get(fakeKey(resource, options)) ?? 0;
  }

  /** FakeCache.indexField adds a field index to the fake informer of `resource`, as the manager's field indexer does. */
  indexField<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    field: string,
    extract: IndexerFunc<T>,
  ): void {
    this.informer(resource).indexField(field, extract);
  }

  /** FakeCache.hasInformer tells whether an informer of `resource` was created. */
  hasInformer(resource: ResourceDescriptor, options?: InformerOptions): boolean {
    return this.informers.has(fakeKey(resource, options));
  }

  /** FakeCache.start waits until `signal` aborts: fake informers need no running. */
  async start(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }

  /** FakeCache.waitForCacheSync resolves true once every informer is synced, false if `signal` aborts first. */
  async waitForCacheSync(signal?: AbortSignal): Promise<boolean> {
    try {
      await Promise.all([...this.informers.values()].map((i) => i.waitForSync(signal)));
      return true;
    } catch {
      return false;
    }
  }
}

function fakeKey(resource: ResourceDescriptor, options: InformerOptions | undefined): string {
  return `${resource.group}/${resource.kind}${options?.metadataOnly === true ? '#metadata' : ''}`;
}
