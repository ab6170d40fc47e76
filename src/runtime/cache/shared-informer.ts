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
  /** Namespaces to watch (one list/watch each, merged into one store); every namespace when absent. */
  namespaces?: string[] | undefined;
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

  constructor(private readonly options: SharedInformerOptions<T>) {
    const r = options.resource;
    this.label = r.group === '' ? r.plural : `${r.plural}.${r.group}`;
    this.log = options.logger.child({ resource: this.label });
    const namespaces = r.namespaced && options.namespaces !== undefined && options.namespaces.length > 0 ? [...new Set(options.namespaces)] : [undefined];
    this.scopes = namespaces.map((namespace) => ({
      namespace,
      synced: false,
      buffer: undefined,
      reflector: new Reflector<T>({
        rest: options.rest,
        resource: r,
        namespace,
        labelSelector: options.labelSelector,
        fieldSelector: options.fieldSelector,
        logger: options.logger,
        ...options.reflector,
      }),
    }));
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
    this.running ??= Promise.all(this.scopes.map((scope) => scope.reflector.run(signal, (e) => this.onEvent(scope, e)))).then(() => undefined);
    return this.running;
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
        const wasSynced = this.hasSynced();
        const initial = !scope.synced;
        scope.synced = true;
        this.dispatch(changes, initial);
        if (!wasSynced && this.hasSynced()) {
          this.reportSize();
          for (const done of this.syncWaiters) done();
          this.syncWaiters.clear();
        }
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

  /** prepare drops managedFields and applies the transform to an object arriving from the API server. */
  private prepare(obj: T): T {
    if (this.options.keepManagedFields !== true && obj.metadata?.managedFields !== undefined) delete obj.metadata.managedFields;
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
    const resource = this.label;
    cacheObjects().set({ resource }, this.store.size);
    cacheObjectBytes().set({ resource }, bytes);
    this.log.info({ objects: this.store.size, bytes, managedFields: this.options.keepManagedFields === true ? 'kept' : 'dropped' }, 'informer synced');
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
