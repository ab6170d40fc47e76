import { setMaxListeners } from 'node:events';
import type { RestClient } from '../rest/rest-client.js';
import type { Logger } from '../log/logger.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { fieldIndexFunc, fieldIndexName, type FieldIndexer, type IndexerFunc } from './field-index.js';
import type { Cache, Informer, InformerOptions } from './informer.js';
import { SharedInformer, type SharedInformerOptions } from './shared-informer.js';
import { untraced } from '../tracing/tracer.js';

/** ResourceCacheOptions narrows what the cache holds for one resource. */
export interface ResourceCacheOptions {
  resource: ResourceDescriptor;
  labelSelector?: string;
  fieldSelector?: string;
  /** Namespaces for this resource; overrides the cache-wide namespaces. */
  namespaces?: string[];
  /** Keep `metadata.managedFields` of this resource (dropped by default). */
  keepManagedFields?: boolean;
  /** Rewrites each object of this resource before it is cached; see {@link SharedInformerOptions.transform}. */
  transform?: (obj: KubernetesObject) => KubernetesObject;
}

/** CacheOptions configures the manager's cache. */
export interface CacheOptions {
  /** Namespaces to watch namespaced kinds in (one list/watch per namespace); all namespaces when absent. */
  namespaces?: string[] | undefined;
  /** Per-resource selectors, like controller-runtime's `cache.Options.ByObject`. */
  byResource?: ResourceCacheOptions[] | undefined;
  /**
   * Kinds whose reads always go to the API server, like controller-runtime's `client.Options.Cache.DisableFor`:
   * the client never serves them from memory, even when a controller watches them. For kinds read rarely
   * and held in large numbers (Secrets, ConfigMaps of a whole cluster) this trades a request per read for
   * the memory of a copy of every object.
   */
  bypass?: ResourceDescriptor[] | undefined;
}

/** InformerCacheOptions configures {@link InformerCache}. */
export interface InformerCacheOptions extends CacheOptions {
  rest: RestClient;
  logger: Logger;
  /** Reflector tuning, mostly for tests. */
  reflector?: SharedInformerOptions<KubernetesObject>['reflector'];
}

/** resourceId is the identity of a resource in the cache: group, version and plural. */
export function resourceId(resource: Pick<ResourceDescriptor, 'group' | 'version' | 'plural'>): string {
  return `${resource.group}/${resource.version}/${resource.plural}`;
}

/** informerKey tells informers apart: one full and one metadata-only informer of a resource may coexist. */
function informerKey(resource: ResourceDescriptor, options: InformerOptions | undefined): string {
  return options?.metadataOnly === true ? `${resourceId(resource)}#metadata` : resourceId(resource);
}

/**
 * LARGE_KINDS are the kinds whose cluster-wide informers are the usual cause of an operator's memory
 * running away (every Secret, Pod or Node of the cluster held in memory): starting one is logged as a warning.
 */
const LARGE_KINDS: ReadonlyMap<string, string> = new Map([
  ['/v1/secrets', 'Secret'],
  ['/v1/pods', 'Pod'],
  ['/v1/nodes', 'Node'],
]);

interface Entry {
  informer: SharedInformer<KubernetesObject>;
  /** References taken with acquireInformer and not released yet. */
  refs: number;
  /** Created by getInformer (or indexField): kept for the cache's lifetime, whatever the references say. */
  pinned: boolean;
  /** Stops this informer alone. */
  stop: AbortController;
  run: Promise<void> | undefined;
  /** The informer follows the cache-wide namespaces (no per-resource namespaces of its own). */
  followsCacheNamespaces: boolean;
}

/**
 * InformerCache hands out one {@link SharedInformer} per resource and view (full or metadata-only),
 * creating it on first request; informers created after {@link InformerCache.start} start at once.
 *
 * Informers are reference counted for watches that come and go while the manager runs (controller-runtime's
 * `RemoveInformer`, kube-rs's dynamic watches): {@link InformerCache.acquireInformer} takes a reference,
 * {@link InformerCache.releaseInformer} gives it back, and the release of the last one stops the
 * informer's reflectors (closing its watch connections) and drops its store. An informer created by
 * {@link InformerCache.getInformer} stays for the cache's lifetime. The namespaces of a namespace-scoped
 * cache can be changed while it runs with {@link InformerCache.addNamespace} and {@link InformerCache.removeNamespace}.
 */
export class InformerCache implements Cache, FieldIndexer {
  private readonly entries = new Map<string, Entry>();
  private signal: AbortSignal | undefined;
  private readonly stopping: Promise<void>[] = [];
  private readonly log: Logger;
  private readonly warnedKinds = new Set<string>();
  /** The cache-wide namespaces now; undefined for every namespace. */
  private namespaces: string[] | undefined;

  constructor(private readonly options: InformerCacheOptions) {
    this.log = options.logger.child({ logger: 'cache' });
    this.namespaces =
      options.namespaces !== undefined && options.namespaces.length > 0 ? [...new Set(options.namespaces)] : undefined;
  }

  /**
   * InformerCache.getInformer returns the informer of a resource (the metadata-only one with
   * `{ metadataOnly: true }`), creating it on first use; an informer it creates is kept for the cache's
   * lifetime. One that exists already, held by watches, is returned as it is: it stops when they release it.
   */
  getInformer<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    options?: InformerOptions,
  ): Informer<T> & SharedInformer<T> {
    const key = informerKey(resource, options);
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = this.create(resource, options);
      entry.pinned = true;
    }
    return entry.informer as unknown as Informer<T> & SharedInformer<T>;
  }

  /**
   * InformerCache.acquireInformer returns the informer of a resource, creating it on first use, and takes a
   * reference to it.
   */
  acquireInformer<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    options?: InformerOptions,
  ): Informer<T> & SharedInformer<T> {
    const entry = this.entries.get(informerKey(resource, options)) ?? this.create(resource, options);
    entry.refs++;
    return entry.informer as unknown as Informer<T> & SharedInformer<T>;
  }

  /**
   * InformerCache.releaseInformer gives back a reference taken by {@link InformerCache.acquireInformer}.
   * When it was the last one and getInformer never kept the informer, the informer stops and its store
   * is dropped; the promise resolves once its reflectors have stopped.
   */
  async releaseInformer(resource: ResourceDescriptor, options?: InformerOptions): Promise<void> {
    const key = informerKey(resource, options);
    const entry = this.entries.get(key);
    if (entry === undefined || entry.refs === 0) return;
    entry.refs--;
    if (entry.refs === 0 && !entry.pinned) await this.removeEntry(key, entry);
  }

  /**
   * InformerCache.removeInformer stops the informer of a resource and drops its store whatever holds it
   * (controller-runtime's `RemoveInformer`); a later request creates a new one. Resolves once it has stopped.
   */
  async removeInformer(resource: ResourceDescriptor, options?: InformerOptions): Promise<void> {
    const key = informerKey(resource, options);
    const entry = this.entries.get(key);
    if (entry !== undefined) await this.removeEntry(key, entry);
  }

  private async removeEntry(key: string, entry: Entry): Promise<void> {
    this.entries.delete(key);
    entry.stop.abort();
    this.log.info(
      { resource: label(entry.informer.resource), metadataOnly: entry.informer.metadataOnly || undefined },
      'informer stopped',
    );
    await entry.run;
  }

  private create(resource: ResourceDescriptor, options: InformerOptions | undefined): Entry {
    const id = resourceId(resource);
    const specific = this.options.byResource?.find((o) => resourceId(o.resource) === id);
    const own = specific?.namespaces !== undefined && specific.namespaces.length > 0 ? specific.namespaces : undefined;
    const informer = new SharedInformer<KubernetesObject>({
      rest: this.options.rest,
      resource,
      // The cache-wide namespaces may all have been removed: such an informer watches nothing until one is added.
      namespaces: own ?? (this.namespaces === undefined ? undefined : [...this.namespaces]),
      labelSelector: specific?.labelSelector,
      fieldSelector: specific?.fieldSelector,
      keepManagedFields: specific?.keepManagedFields,
      transform: specific?.transform,
      metadataOnly: options?.metadataOnly,
      logger: this.log,
      reflector: this.options.reflector,
    });
    const entry: Entry = {
      informer,
      refs: 0,
      pinned: false,
      stop: new AbortController(),
      run: undefined,
      followsCacheNamespaces: own === undefined,
    };
    this.entries.set(informerKey(resource, options), entry);
    if (this.signal !== undefined && !this.signal.aborted) this.runEntry(entry, this.signal);
    return entry;
  }

  private runEntry(entry: Entry, signal: AbortSignal): void {
    this.warnIfClusterWide(entry.informer);
    // An informer asked for from inside a reconcile outlives it: its lists and watches join no trace.
    entry.run = untraced(() => entry.informer.run(AbortSignal.any([signal, entry.stop.signal])));
    this.stopping.push(entry.run);
  }

  /**
   * warnIfClusterWide warns, once per kind, when a cluster-wide informer of Secrets, Pods or Nodes holding
   * whole objects starts: on a large cluster it holds gigabytes. A metadata-only informer is not warned about.
   */
  private warnIfClusterWide(informer: SharedInformer<KubernetesObject>): void {
    const kind = LARGE_KINDS.get(resourceId(informer.resource));
    if (kind === undefined || informer.metadataOnly || this.warnedKinds.has(kind)) return;
    if (informer.resource.namespaced && informer.namespaces !== undefined) return;
    this.warnedKinds.add(kind);
    this.log.warn(
      {
        kind,
        resource: label(informer.resource),
        hint:
          'every object of this kind in the cluster is held in memory: restrict the cache with namespaces or a label ' +
          'selector (cache.byResource), watch it metadata-only, or read it live (cache.bypass)',
      },
      'cluster-wide informer of a large kind started',
    );
  }

  /**
   * InformerCache.indexField adds the field index `field` to the informer of `resource` (creating the
   * informer, as controller-runtime's IndexField does). It throws once the cache has started, and for a
   * field of the kind that is already indexed.
   */
  indexField<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    field: string,
    extract: IndexerFunc<T>,
  ): void {
    const what = resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`;
    if (this.signal !== undefined) {
      throw new Error(
        `indexField(${resource.kind}, '${field}'): the cache has started; ` +
          'register field indexes before the manager starts',
      );
    }
    const informer = this.getInformer(resource);
    const name = fieldIndexName(field);
    if (informer.hasIndex(name)) throw new Error(`indexer conflict: field ${field} of ${what} is already indexed`);
    informer.addIndexer(name, fieldIndexFunc(field, extract, this.log.child({ resource: what })));
  }

  hasInformer(resource: ResourceDescriptor, options?: InformerOptions): boolean {
    return this.entries.has(informerKey(resource, options));
  }

  /** InformerCache.start runs every informer until the signal aborts, then resolves once all have stopped. */
  async start(signal: AbortSignal): Promise<void> {
    if (this.signal !== undefined) throw new Error('cache already started');
    // Every reflector's in-flight request and backoff listens on this signal: one per informer and
    // namespace is expected, not a leak.
    const internal = new AbortController();
    setMaxListeners(0, internal.signal);
    if (signal.aborted) internal.abort(signal.reason);
    else signal.addEventListener('abort', () => internal.abort(signal.reason), { once: true });
    signal = internal.signal;
    this.signal = signal;
    for (const entry of this.entries.values()) this.runEntry(entry, signal);
    if (!signal.aborted)
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    // Informers created while stopping were appended; wait for them too.
    for (let i = 0; i < this.stopping.length; i++) await this.stopping[i];
  }

  async waitForCacheSync(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal?.aborted === true) return false;
      const pending = [...this.entries.values()].map((e) => e.informer).filter((i) => !i.hasSynced());
      if (pending.length === 0) return true;
      try {
        await Promise.all(pending.map((i) => i.waitForSync(signal)));
      } catch {
        return false;
      }
    }
  }

  /**
   * InformerCache.unsynced describes the informers that have not synced yet, as `plural.group` and the
   * latest list error of each, for messages such as "is the CRD installed?".
   */
  unsynced(): Array<{ resource: string; lastError: unknown }> {
    return [...this.entries.values()]
      .map((e) => e.informer)
      .filter((i) => !i.hasSynced())
      .map((i) => ({ resource: label(i.resource), lastError: i.lastSyncError }));
  }

  /** InformerCache.servesReads tells whether client reads of a resource may come from the cache (it is not in `bypass`). */
  servesReads(resource: ResourceDescriptor): boolean {
    const id = resourceId(resource);
    return !(this.options.bypass ?? []).some((r) => resourceId(r) === id);
  }

  /** InformerCache.cachesNamespace tells whether the cache watches `namespace` for a resource (all namespaces when unrestricted). */
  cachesNamespace(resource: ResourceDescriptor, namespace: string): boolean {
    if (!resource.namespaced) return true;
    const id = resourceId(resource);
    const own = this.options.byResource?.find((o) => resourceId(o.resource) === id)?.namespaces;
    const namespaces = own !== undefined && own.length > 0 ? own : this.namespaces;
    return namespaces === undefined || namespaces.includes(namespace);
  }

  /** InformerCache.watchedNamespaces are the cache-wide namespaces now; undefined for every namespace. */
  get watchedNamespaces(): readonly string[] | undefined {
    return this.namespaces === undefined ? undefined : [...this.namespaces];
  }

  /**
   * InformerCache.addNamespace adds a namespace to a namespace-scoped cache while it runs (a tenant
   * namespace created after start): every informer that follows the cache-wide namespaces lists and watches
   * it too, and reads of it come from the cache once those informers have synced it. A cache of every
   * namespace has nothing to add and throws.
   */
  addNamespace(namespace: string): void {
    if (this.namespaces === undefined)
      throw new Error(
        `addNamespace(${namespace}): the cache watches every namespace; give the manager namespaces to change them`,
      );
    if (this.namespaces.includes(namespace)) return;
    this.namespaces.push(namespace);
    for (const entry of this.entries.values()) if (entry.followsCacheNamespaces) entry.informer.addNamespace(namespace);
    this.log.info({ namespace, namespaces: this.namespaces }, 'namespace added to the cache');
  }

  /**
   * InformerCache.removeNamespace stops watching a namespace: the informers' watches of it close and its
   * objects leave the cache (handlers are not told: nothing was deleted), and reads of it go to the API
   * server. Resolves once those watches have stopped.
   */
  async removeNamespace(namespace: string): Promise<void> {
    if (this.namespaces === undefined)
      throw new Error(
        `removeNamespace(${namespace}): the cache watches every namespace; give the manager namespaces to change them`,
      );
    const i = this.namespaces.indexOf(namespace);
    if (i < 0) return;
    this.namespaces.splice(i, 1);
    const stopped = [...this.entries.values()]
      .filter((e) => e.followsCacheNamespaces)
      .map((e) => e.informer.removeNamespace(namespace));
    this.log.info({ namespace, namespaces: this.namespaces }, 'namespace removed from the cache');
    await Promise.all(stopped);
  }

  /** InformerCache.informerCount is the number of informers the cache holds now. */
  get informerCount(): number {
    return this.entries.size;
  }
}

function label(resource: ResourceDescriptor): string {
  return resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`;
}
