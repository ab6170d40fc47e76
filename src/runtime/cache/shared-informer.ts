import type { RestClient } from '../rest/rest-client.js';
import type { Logger } from '../log/logger.js';
import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import type { BackoffOptions } from './backoff.js';
import type { EventHandler, Informer, ListFilter } from './informer.js';
import { Reflector, type WatcherEvent } from './reflector.js';
import { Store, type IndexFunc, type StoreChange } from './store.js';

/** SharedInformerOptions configures a {@link SharedInformer}. */
export interface SharedInformerOptions<T extends KubernetesObject> {
  rest: RestClient;
  resource: ResourceDescriptor<T>;
  /** Namespaces to watch (one list/watch each, merged into one store); every namespace when absent. */
  namespaces?: string[] | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  logger: Logger;
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
  private running: Promise<void> | undefined;

  constructor(private readonly options: SharedInformerOptions<T>) {
    const r = options.resource;
    this.log = options.logger.child({ resource: r.group === '' ? r.plural : `${r.plural}.${r.group}` });
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
        scope.buffer?.push(event.obj);
        return;
      case 'initDone': {
        const changes = this.store.replace(scope.buffer ?? [], scope.namespace);
        scope.buffer = undefined;
        const wasSynced = this.hasSynced();
        const initial = !scope.synced;
        scope.synced = true;
        this.dispatch(changes, initial);
        if (!wasSynced && this.hasSynced()) {
          this.log.debug({ count: this.store.size }, 'informer synced');
          for (const done of this.syncWaiters) done();
          this.syncWaiters.clear();
        }
        return;
      }
      case 'apply': {
        const change = this.store.apply(event.obj);
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
