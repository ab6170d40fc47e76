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

/** Cache hands out one shared {@link Informer} per resource and starts them with the manager. */
export interface Cache {
  /** Cache.getInformer returns (creating on first use) the shared informer for a resource. */
  getInformer<T extends KubernetesObject>(resource: ResourceDescriptor<T>): Informer<T>;
  /** Cache.hasInformer tells whether reads of this resource can be served from the cache. */
  hasInformer(resource: ResourceDescriptor): boolean;
  /** Cache.start runs every informer (and those created later) until the signal aborts. */
  start(signal: AbortSignal): Promise<void>;
  /** Cache.waitForCacheSync resolves true once every informer has synced, false if the signal aborts first. */
  waitForCacheSync(signal?: AbortSignal): Promise<boolean>;
}
