import type { KubernetesObject, ObjectKey } from '../resource.js';
import { labelMatcher } from './label-selector.js';
import type { ListFilter } from './informer.js';

/** MissingIndexError is thrown when a lookup names an index that was never added; the message is client-go's. */
export class MissingIndexError extends Error {
  /** MissingIndexError.name is fixed for logs. */
  override readonly name = 'MissingIndexError';
  constructor(
    /** The index that does not exist, such as `field:spec.nodeName`. */
    readonly index: string,
    message = `Index with name ${index} does not exist`,
  ) {
    super(message);
  }
}

/** IndexFunc returns the index values of an object (none, one or several). */
export type IndexFunc<T extends KubernetesObject = KubernetesObject> = (obj: T) => string[];

/** NAMESPACE_INDEX indexes objects by namespace (the empty string for cluster-scoped objects). */
export const NAMESPACE_INDEX = 'namespace';
/** OWNER_INDEX indexes objects by the UID of every owner reference. */
export const OWNER_INDEX = 'owner';

/** StoreChange is one difference a store update made, as handlers are told about it. */
export type StoreChange<T extends KubernetesObject> =
  { type: 'add'; obj: T } | { type: 'update'; oldObj: T; newObj: T } | { type: 'delete'; obj: T };

/** storeKey is the key of an object in a store: `namespace/name`, or `/name` for cluster-scoped objects. */
export function storeKey(key: ObjectKey): string {
  return `${key.namespace ?? ''}/${key.name}`;
}

/** objectStoreKey is {@link storeKey} of an object's metadata. */
export function objectStoreKey(obj: KubernetesObject): string {
  return storeKey({ namespace: obj.metadata?.namespace ?? '', name: obj.metadata?.name ?? '' });
}

/**
 * Store is the indexed in-memory map behind an informer. Every mutation returns the changes it made so the
 * informer can tell handlers after the store is consistent.
 */
export class Store<T extends KubernetesObject = KubernetesObject> {
  private readonly items = new Map<string, T>();
  private readonly indexers = new Map<string, Indexer<T>>();

  constructor() {
    // Both are pure functions of the object, so their values are recomputed on removal instead of kept.
    this.addIndex(NAMESPACE_INDEX, (obj) => [obj.metadata?.namespace ?? ''], false);
    this.addIndex(
      OWNER_INDEX,
      (obj) => (obj.metadata?.ownerReferences ?? []).map((ref) => ref.uid).filter((uid) => uid !== ''),
      false,
    );
  }

  /**
   * Store.addIndexer adds an index and indexes the current items; a second index of the same name is an
   * error (client-go's "indexer conflict"). The values each object was indexed under are kept, so that an
   * index function that is not a pure function of the object still leaves no stale entry behind.
   */
  addIndexer(name: string, fn: IndexFunc<T>): void {
    if (this.indexers.has(name)) throw new Error(`indexer conflict: ${name}`);
    this.addIndex(name, fn, true);
  }

  /** Store.hasIndex tells whether an index of this name exists. */
  hasIndex(name: string): boolean {
    return this.indexers.has(name);
  }

  /** Store.indexedValues is the number of distinct values index `name` holds (0 for an unknown index). */
  indexedValues(name: string): number {
    return this.indexers.get(name)?.index.size ?? 0;
  }

  /** Store.size is the number of stored objects. */
  get size(): number {
    return this.items.size;
  }

  /** Store.get returns the stored object under key. */
  get(key: ObjectKey): T | undefined {
    return this.items.get(storeKey(key));
  }

  /** Store.list returns the objects matching the filter. */
  list(filter: ListFilter = {}): T[] {
    const match = labelMatcher(filter.labelSelector);
    const candidates =
      filter.namespace !== undefined && filter.namespace !== ''
        ? this.byIndex(NAMESPACE_INDEX, filter.namespace)
        : [...this.items.values()];
    return candidates.filter((obj) => match(obj.metadata?.labels));
  }

  /** Store.byIndex returns the objects whose index `name` contains `value`; an unknown index throws {@link MissingIndexError}. */
  byIndex(name: string, value: string): T[] {
    const indexer = this.indexers.get(name);
    if (indexer === undefined) throw new MissingIndexError(name);
    const keys = indexer.index.get(value);
    if (keys === undefined) return [];
    const out: T[] = [];
    for (const key of keys) {
      const obj = this.items.get(key);
      if (obj !== undefined) out.push(obj);
    }
    return out;
  }

  /** Store.apply inserts or replaces one object; an unchanged resourceVersion is no change. */
  apply(obj: T): StoreChange<T> | undefined {
    const key = objectStoreKey(obj);
    const old = this.items.get(key);
    this.put(key, obj, old);
    if (old === undefined) return { type: 'add', obj };
    if (old.metadata?.resourceVersion === obj.metadata?.resourceVersion) return undefined;
    return { type: 'update', oldObj: old, newObj: obj };
  }

  /** Store.delete removes an object; the change carries the given final state (or the stored one). */
  delete(obj: T): StoreChange<T> | undefined {
    const key = objectStoreKey(obj);
    const old = this.items.get(key);
    if (old === undefined) return undefined;
    this.remove(key, old);
    return { type: 'delete', obj };
  }

  /**
   * Store.replace swaps in the result of a (re)list in one step. Only objects in scope are replaced: the
   * namespace a reflector lists, or everything when `namespace` is undefined. Returns adds for new objects,
   * updates for changed resourceVersions and deletes for objects that are gone.
   */
  replace(objects: T[], namespace: string | undefined): StoreChange<T>[] {
    const changes: StoreChange<T>[] = [];
    const fresh = new Map<string, T>();
    for (const obj of objects) fresh.set(objectStoreKey(obj), obj);
    const inScope =
      namespace === undefined
        ? [...this.items.keys()]
        : [...(this.indexers.get(NAMESPACE_INDEX)?.index.get(namespace) ?? [])];
    for (const key of inScope) {
      if (fresh.has(key)) continue;
      const old = this.items.get(key);
      if (old === undefined) continue;
      this.remove(key, old);
      changes.push({ type: 'delete', obj: old });
    }
    for (const [key, obj] of fresh) {
      const old = this.items.get(key);
      this.put(key, obj, old);
      if (old === undefined) changes.push({ type: 'add', obj });
      else if (old.metadata?.resourceVersion !== obj.metadata?.resourceVersion)
        changes.push({ type: 'update', oldObj: old, newObj: obj });
    }
    return changes;
  }

  private addIndex(name: string, fn: IndexFunc<T>, remember: boolean): void {
    const indexer: Indexer<T> = { fn, index: new Map(), remembered: remember ? new Map() : undefined };
    this.indexers.set(name, indexer);
    for (const [key, obj] of this.items) indexObject(indexer, key, obj);
  }

  private put(key: string, obj: T, old: T | undefined): void {
    if (old !== undefined) this.unindex(key, old);
    this.items.set(key, obj);
    for (const indexer of this.indexers.values()) indexObject(indexer, key, obj);
  }

  private remove(key: string, old: T): void {
    this.unindex(key, old);
    this.items.delete(key);
  }

  private unindex(key: string, old: T): void {
    for (const indexer of this.indexers.values()) {
      const values = indexer.remembered === undefined ? indexer.fn(old) : indexer.remembered.get(key);
      indexer.remembered?.delete(key);
      for (const value of values ?? []) {
        const keys = indexer.index.get(value);
        keys?.delete(key);
        if (keys?.size === 0) indexer.index.delete(value);
      }
    }
  }
}

/** Indexer is one index: its function, value -> keys, and (for custom indexes) key -> the values it was indexed under. */
interface Indexer<T extends KubernetesObject> {
  fn: IndexFunc<T>;
  index: Map<string, Set<string>>;
  remembered: Map<string, string[]> | undefined;
}

function indexObject<T extends KubernetesObject>(indexer: Indexer<T>, key: string, obj: T): void {
  const values = indexer.fn(obj);
  if (indexer.remembered !== undefined && values.length > 0) indexer.remembered.set(key, values);
  addToIndex(indexer.index, values, key);
}

function addToIndex(index: Map<string, Set<string>>, values: string[], key: string): void {
  for (const value of values) {
    let keys = index.get(value);
    if (keys === undefined) {
      keys = new Set();
      index.set(value, keys);
    }
    keys.add(key);
  }
}
