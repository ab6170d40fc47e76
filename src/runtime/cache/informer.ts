import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';

/** EventHandler receives the changes an {@link Informer} sees, after the store has been updated. */
export interface EventHandler<T extends KubernetesObject = KubernetesObject> {
  /**
   * EventHandler.onAdd is called for every object present at (re)list time and for every new object;
   * `isInInitialList` is true for the objects of the informer's first list and for the replay to a handler
   * registered later (client-go's `OnAdd(obj, isInInitialList)`).
   */
  onAdd?(obj: T, isInInitialList?: boolean): void;
  /** EventHandler.onUpdate is called when an object's resourceVersion changes. */
  onUpdate?(oldObj: T, newObj: T): void;
  /** EventHandler.onDelete is called with the last known state of a deleted object (also when a relist finds it gone). */
  onDelete?(obj: T): void;
}

/** ListFilter restricts what {@link Informer.list} returns. */
export interface ListFilter {
  namespace?: string;
  /** Equality-based label selector such as `app=web,tier!=db`. */
  labelSelector?: string;
}

/**
 * Informer is the shared, watched, in-memory view of one resource: a reflector keeps it current and
 * handlers are told about every change. Reads never hit the API server.
 */
export interface Informer<T extends KubernetesObject = KubernetesObject> {
  /** Informer.addEventHandler registers a handler; returns a function that removes it. Objects already in the store are replayed as adds. */
  addEventHandler(handler: EventHandler<T>): () => void;
  /** Informer.hasSynced is true once the first list has been stored. */
  hasSynced(): boolean;
  /** Informer.waitForSync resolves once synced; rejects when the signal aborts first. */
  waitForSync(signal?: AbortSignal): Promise<void>;
  /** Informer.get returns the cached object or undefined. */
  get(key: ObjectKey): T | undefined;
  /** Informer.list returns cached objects, optionally filtered. */
  list(filter?: ListFilter): T[];
  /** Informer.byIndex returns objects whose index `name` (`namespace`, `owner`: `<ownerUID>`) has `value`. */
  byIndex(name: string, value: string): T[];
}

/** InformerOptions selects one of the informers of a resource. */
export interface InformerOptions {
  /**
   * The metadata-only informer, which holds `PartialObjectMetadata` (apiVersion, kind and metadata) instead
   * of whole objects; it coexists with the full informer of the same resource.
   */
  metadataOnly?: boolean;
}

/** Cache hands out one shared {@link Informer} per resource (and view) and starts them with the manager. */
export interface Cache {
  /** Cache.getInformer returns (creating on first use) the shared informer for a resource. */
  getInformer<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options?: InformerOptions): Informer<T>;
  /** Cache.hasInformer tells whether reads of this resource can be served from the cache. */
  hasInformer(resource: ResourceDescriptor, options?: InformerOptions): boolean;
  /**
   * Cache.acquireInformer returns the shared informer of a resource and takes a reference to it, for a watch
   * that may be removed while the manager runs; caches without reference counting may leave it out.
   */
  acquireInformer?<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options?: InformerOptions): Informer<T>;
  /** Cache.releaseInformer gives back a reference; the last one stops the informer. Resolves once it has stopped. */
  releaseInformer?(resource: ResourceDescriptor, options?: InformerOptions): Promise<void>;
  /**
   * Cache.addNamespace adds a namespace to a namespace-scoped cache while it runs; every informer that
   * follows the cache-wide namespaces lists and watches it too. Caches that cannot may leave it out.
   */
  addNamespace?(namespace: string): void;
  /** Cache.removeNamespace stops watching a namespace and drops its objects; resolves once its watches have stopped. */
  removeNamespace?(namespace: string): Promise<void>;
  /** Cache.start runs every informer (and those created later) until the signal aborts. */
  start(signal: AbortSignal): Promise<void>;
  /** Cache.waitForCacheSync resolves true once every informer has synced, false if the signal aborts first. */
  waitForCacheSync(signal?: AbortSignal): Promise<boolean>;
}
