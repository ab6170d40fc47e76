import type { RestClient } from '../rest/rest-client.js';
import type { Logger } from '../log/logger.js';
import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import type { BackoffOptions } from './backoff.js';
import type { EventHandler, Informer, ListFilter } from './informer.js';
import { Reflector, type WatcherEvent } from './reflector.js';
import { Store, type IndexFunc, type StoreChange } from './store.js';
import { cacheObjectBytes, cacheObjects } from './metrics.js';
import { stringifyJson } from '../json/stringify.js';

/** SharedInformerOptions configures a {@link SharedInformer}. */
export interface SharedInformerOptions<T extends KubernetesObject> {
  rest: RestClient;
  resource: ResourceDescriptor<T>;
  /**
   * Namespaces to watch (one list/watch each, merged into one store); every namespace when absent, none
   * when empty. {@link SharedInformer.addNamespace} and {@link SharedInformer.removeNamespace} change them
   * while running.
   */
  namespaces?: string[] | undefined;
  /**
   * List and watch `PartialObjectMetadata` only (controller-runtime's metadata-only informer): the store
   * holds each object's apiVersion, kind and metadata, which is all owner-reference handlers and
   * finalizer logic need, at a fraction of the memory of whole objects.
   */
  metadataOnly?: boolean | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  logger: Logger;
  /**
   * Keep `metadata.managedFields` in the cache. By default they are dropped as objects arrive: they are
   * 20–40 % of a typical object and reconcilers rarely read them (server-side apply does not need them).
   */
  keepManagedFields?: boolean | undefined;
  /**
   * Rewrites every object before it is stored and handed to handlers (after managedFields are dropped),
   * like client-go's `TransformFunc`: strip what the operator never reads to save memory. It receives an
   * object the cache owns and may change it in place; it must keep metadata.name, namespace and resourceVersion.
   */
  transform?: ((obj: T) => T) | undefined;
  /** Reflector tuning, mostly for tests. */
  reflector?: {
    backoff?: BackoffOptions;
    inactivityTimeoutMs?: number;
    watchTimeoutSeconds?: () => number;
    pageSize?: number;
    minHealthyWatchMs?: number;
    sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  };
}

interface Scope<T extends KubernetesObject> {
  reflector: Reflector<T>;
  namespace: string | undefined;
  synced: boolean;
  buffer: T[] | undefined;
  /** Stops this scope's reflector alone, when its namespace is removed. */
  stop: AbortController;
  /** Set once the namespace is removed: late events of its reflector are ignored. */
  removed: boolean;
  done: Promise<void> | undefined;
}

/**
 * SharedInformer keeps one resource's store current through one reflector per watched namespace and
 * tells every registered handler about each change once the store reflects it. A relist replaces the
 * reflector's part of the store atomically and reports the differences as adds, updates and deletes.
 */
export class SharedInformer<T extends KubernetesObject = KubernetesObject> implements Informer<T> {
  private readonly store = new Store<T>();
  private readonly handlers = new Set<EventHandler<T>>();
  private readonly scopes: Scope<T>[];
  private readonly syncWaiters = new Set<() => void>();
  private readonly log: Logger;
  private readonly label: string;
  private running: Promise<void> | undefined;
  private runSignal: AbortSignal | undefined;
  private lists = 0;

  constructor(private readonly options: SharedInformerOptions<T>) {
    const r = options.resource;
    this.label = r.group === '' ? r.plural : `${r.plural}.${r.group}`;
    const view = options.metadataOnly === true ? { metadataOnly: true } : {};
    this.log = options.logger.child({ resource: this.label, ...view });
    const given = options.namespaces;
    const namespaces = r.namespaced && given !== undefined ? [...new Set(given)] : [undefined];
    this.scopes = namespaces.map((namespace) => this.newScope(namespace));
  }

  private newScope(namespace: string | undefined): Scope<T> {
    const options = this.options;
    return {
      namespace,
      synced: false,
      buffer: undefined,
      stop: new AbortController(),
      removed: false,
      done: undefined,
      reflector: new Reflector<T>({
        rest: options.rest,
        resource: options.resource,
        namespace,
        labelSelector: options.labelSelector,
        fieldSelector: options.fieldSelector,
        metadataOnly: options.metadataOnly,
        logger: options.logger,
        ...options.reflector,
      }),
    };
  }

  /** SharedInformer.resource is the descriptor this informer watches. */
  get resource(): ResourceDescriptor<T> {
    return this.options.resource;
  }

  addEventHandler(handler: EventHandler<T>): () => void {
    this.handlers.add(handler);
    for (const obj of this.store.list()) this.call(handler, { type: 'add', obj }, true);
    return () => {
      this.handlers.delete(handler);
    };
  }

  hasSynced(): boolean {
    return this.scopes.every((s) => s.synced);
  }

  /** SharedInformer.lastSyncError is the latest list or watch error of a namespace scope that has not synced yet. */
  get lastSyncError(): unknown {
    return this.scopes.find((s) => !s.synced && s.reflector.lastError !== undefined)?.reflector.lastError;
  }

  waitForSync(signal?: AbortSignal): Promise<void> {
    if (this.hasSynced()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        this.syncWaiters.delete(done);
        reject(signal?.reason);
      };
      const done = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      this.syncWaiters.add(done);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  get(key: ObjectKey): T | undefined {
    return this.store.get(key);
  }

  list(filter?: ListFilter): T[] {
    return this.store.list(filter);
  }

  byIndex(name: string, value: string): T[] {
    return this.store.byIndex(name, value);
  }

  /** SharedInformer.addIndexer adds a custom index (like controller-runtime's field indexer); a name already in use throws. */
  addIndexer(name: string, fn: IndexFunc<T>): void {
    this.store.addIndexer(name, fn);
  }

  /** SharedInformer.hasIndex tells whether an index of this name exists. */
  hasIndex(name: string): boolean {
    return this.store.hasIndex(name);
  }

  /** SharedInformer.run starts the reflectors (once) and resolves when the signal has stopped them all. */
  run(signal: AbortSignal): Promise<void> {
    this.running ??= this.runScopes(signal);
    return this.running;
  }

  private async runScopes(signal: AbortSignal): Promise<void> {
    this.runSignal = signal;
    for (const scope of this.scopes) this.startScope(scope, signal);
    if (!signal.aborted) {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    }
    // Scopes added while stopping started with an aborted signal and end at once.
    for (let i = 0; i < this.scopes.length; i++) await this.scopes[i]!.done;
  }

  private startScope(scope: Scope<T>, signal: AbortSignal): void {
    const both = AbortSignal.any([signal, scope.stop.signal]);
    scope.done = scope.reflector.run(both, (e) => {
      if (!scope.removed) this.onEvent(scope, e);
    });
  }

  /** SharedInformer.namespaces are the namespaces watched now; undefined when every namespace is. */
  get namespaces(): string[] | undefined {
    if (this.scopes.some((s) => s.namespace === undefined)) return undefined;
    return this.scopes.map((s) => s.namespace as string);
  }

  /**
   * SharedInformer.addNamespace starts watching one more namespace (a list, then a watch, of its own);
   * the informer counts as unsynced until that namespace is listed, and its objects reach handlers as adds
   * of an initial list. Nothing happens for a cluster-scoped kind or an informer of every namespace.
   */
  addNamespace(namespace: string): void {
    const current = this.namespaces;
    if (!this.options.resource.namespaced || current === undefined || current.includes(namespace)) return;
    const scope = this.newScope(namespace);
    this.scopes.push(scope);
    if (this.runSignal !== undefined) this.startScope(scope, this.runSignal);
  }

  /**
   * SharedInformer.removeNamespace stops watching a namespace and drops its objects from the store without
   * telling handlers (the objects were not deleted; reads of that namespace no longer come from here).
   * Resolves once that namespace's reflector has stopped. Removing the last namespace leaves an informer
   * that watches nothing.
   */
  async removeNamespace(namespace: string): Promise<void> {
    const i = this.scopes.findIndex((s) => s.namespace === namespace);
    if (i < 0) return;
    const scope = this.scopes[i]!;
    const wasSynced = this.hasSynced();
    scope.removed = true;
    scope.stop.abort();
    this.scopes.splice(i, 1);
    this.store.replace([], namespace);
    if (!wasSynced) this.releaseSyncWaiters();
    await scope.done;
  }

  /**
   * SharedInformer.listCount is the number of (re)lists stored so far, across namespaces: a reconcile that
   * needed no list (a warm replica taking over) finds it unchanged.
   */
  get listCount(): number {
    return this.lists;
  }

  /** SharedInformer.metadataOnly tells whether this informer holds `PartialObjectMetadata` only. */
  get metadataOnly(): boolean {
    return this.options.metadataOnly === true;
  }

  /** SharedInformer.started tells whether run was called. */
  get started(): boolean {
    return this.running !== undefined;
  }

  private onEvent(scope: Scope<T>, event: WatcherEvent<T>): void {
    switch (event.type) {
      case 'init':
        scope.buffer = [];
        return;
      case 'initApply':
        scope.buffer?.push(this.prepare(event.obj));
        return;
      case 'initDone': {
        const changes = this.store.replace(scope.buffer ?? [], scope.namespace);
        scope.buffer = undefined;
        this.lists++;
        const wasSynced = this.hasSynced();
        const initial = !scope.synced;
        scope.synced = true;
        this.dispatch(changes, initial);
        if (!wasSynced) this.releaseSyncWaiters();
        return;
      }
      case 'apply': {
        const change = this.store.apply(this.prepare(event.obj));
        if (change !== undefined) this.dispatch([change]);
        return;
      }
      case 'delete': {
        const change = this.store.delete(event.obj);
        if (change !== undefined) this.dispatch([change]);
        return;
      }
    }
  }

  /** releaseSyncWaiters measures the store and wakes waitForSync callers once every namespace has synced. */
  private releaseSyncWaiters(): void {
    if (!this.hasSynced()) return;
    this.reportSize();
    for (const done of this.syncWaiters) done();
    this.syncWaiters.clear();
  }

  /** prepare drops managedFields and applies the transform to an object arriving from the API server. */
  private prepare(obj: T): T {
    if (this.options.keepManagedFields !== true && obj.metadata?.managedFields !== undefined)
      delete obj.metadata.managedFields;
    return this.options.transform === undefined ? obj : this.options.transform(obj);
  }

  /**
   * reportSize logs and exports what the cache holds for this resource once it has synced: the number of
   * objects and the size of their JSON, measured once by serialising the store (about as long as parsing
   * the list took), so the cost of each watched kind is visible. The serialiser is the stack-safe one: an
   * object nested thousands of levels deep would otherwise throw here and keep the informer from syncing.
   */
  private reportSize(): void {
    let bytes = 0;
    for (const obj of this.store.list()) bytes += Buffer.byteLength(stringifyJson(obj, 'cached object'));
    const labels = { resource: this.label, view: this.metadataOnly ? 'metadata' : 'full' };
    cacheObjects().set(labels, this.store.size);
    cacheObjectBytes().set(labels, bytes);
    this.log.info(
      { objects: this.store.size, bytes, managedFields: this.options.keepManagedFields === true ? 'kept' : 'dropped' },
      'informer synced',
    );
  }

  private dispatch(changes: StoreChange<T>[], initialList = false): void {
    for (const change of changes) {
      for (const handler of this.handlers) this.call(handler, change, initialList);
    }
  }

  private call(handler: EventHandler<T>, change: StoreChange<T>, initialList = false): void {
    try {
      if (change.type === 'add') handler.onAdd?.(change.obj, initialList);
      else if (change.type === 'update') handler.onUpdate?.(change.oldObj, change.newObj);
      else handler.onDelete?.(change.obj);
    } catch (err) {
      // A failing handler must not stop the reflector or starve other handlers.
      this.log.error({ err, event: change.type }, 'informer event handler failed');
    }
  }
}
