import { setMaxListeners } from 'node:events';
import type { RestClient } from '../rest/rest-client.js';
import type { Logger } from '../log/logger.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { fieldIndexFunc, fieldIndexName, type FieldIndexer, type IndexerFunc } from './field-index.js';
import type { Cache, Informer } from './informer.js';
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

/**
 * InformerCache hands out one {@link SharedInformer} per resource, creating it on first request; informers
 * created after {@link InformerCache.start} start at once.
 */
export class InformerCache implements Cache, FieldIndexer {
  private readonly informers = new Map<string, SharedInformer<KubernetesObject>>();
  private signal: AbortSignal | undefined;
  private readonly runs: Promise<void>[] = [];
  private readonly log: Logger;

  constructor(private readonly options: InformerCacheOptions) {
    this.log = options.logger.child({ logger: 'cache' });
  }

  getInformer<T extends KubernetesObject>(resource: ResourceDescriptor<T>): Informer<T> & SharedInformer<T> {
    const id = resourceId(resource);
    let informer = this.informers.get(id);
    if (informer === undefined) {
      const specific = this.options.byResource?.find((o) => resourceId(o.resource) === id);
      informer = new SharedInformer<KubernetesObject>({
        rest: this.options.rest,
        resource: resource as ResourceDescriptor,
        namespaces: specific?.namespaces ?? this.options.namespaces,
        labelSelector: specific?.labelSelector,
        fieldSelector: specific?.fieldSelector,
        keepManagedFields: specific?.keepManagedFields,
        transform: specific?.transform,
        logger: this.log,
        reflector: this.options.reflector,
      });
      this.informers.set(id, informer);
      // An informer asked for from inside a reconcile outlives it: its lists and watches join no trace.
      const signal = this.signal;
      if (signal !== undefined && !signal.aborted) this.runs.push(untraced(() => informer!.run(signal)));
    }
    return informer as unknown as Informer<T> & SharedInformer<T>;
  }

  /**
   * InformerCache.indexField adds the field index `field` to the informer of `resource` (creating the
   * informer, as controller-runtime's IndexField does). It throws once the cache has started, and for a
   * field of the kind that is already indexed.
   */
  indexField<T extends KubernetesObject>(resource: ResourceDescriptor<T>, field: string, extract: IndexerFunc<T>): void {
    const what = resource.group === '' ? resource.plural : `${resource.plural}.${resource.group}`;
    if (this.signal !== undefined) {
      throw new Error(`indexField(${resource.kind}, '${field}'): the cache has started; register field indexes before the manager starts`);
    }
    const informer = this.getInformer(resource);
    const name = fieldIndexName(field);
    if (informer.hasIndex(name)) throw new Error(`indexer conflict: field ${field} of ${what} is already indexed`);
    informer.addIndexer(name, fieldIndexFunc(field, extract, this.log.child({ resource: what })));
  }

  hasInformer(resource: ResourceDescriptor): boolean {
    return this.informers.has(resourceId(resource));
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
    for (const informer of this.informers.values()) this.runs.push(informer.run(signal));
    if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    // Informers created while stopping were appended to runs; wait for them too.
    for (let i = 0; i < this.runs.length; i++) await this.runs[i];
  }

  async waitForCacheSync(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal?.aborted === true) return false;
      const pending = [...this.informers.values()].filter((i) => !i.hasSynced());
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
    return [...this.informers.values()]
      .filter((i) => !i.hasSynced())
      .map((i) => ({ resource: i.resource.group === '' ? i.resource.plural : `${i.resource.plural}.${i.resource.group}`, lastError: i.lastSyncError }));
  }

  /** InformerCache.servesReads tells whether client reads of a resource may come from the cache (it is not in `bypass`). */
  servesReads(resource: ResourceDescriptor): boolean {
    const id = resourceId(resource);
    return !(this.options.bypass ?? []).some((r) => resourceId(r) === id);
  }

  /** InformerCache.cachesNamespace tells whether the cache watches `namespace` for a resource (all namespaces when unrestricted). */
  cachesNamespace(resource: ResourceDescriptor, namespace: string): boolean {
    const id = resourceId(resource);
    const namespaces = this.options.byResource?.find((o) => resourceId(o.resource) === id)?.namespaces ?? this.options.namespaces;
    return !resource.namespaced || namespaces === undefined || namespaces.length === 0 || namespaces.includes(namespace);
  }

  /** InformerCache.informerCount is the number of informers created so far. */
  get informerCount(): number {
    return this.informers.size;
  }
}
