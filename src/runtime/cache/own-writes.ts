import { AsyncLocalStorage } from 'node:async_hooks';
import type { KubernetesObject, ObjectKey, ResourceDescriptor } from '../resource.js';
import type { Cache } from './informer.js';
import { objectStoreKey, storeKey } from './store.js';

/** Written is one write of a reconcile the cache has not shown yet. */
interface Written {
  /** Informer key: resource and `namespace/name`. */
  readonly at: string;
  /** The write's resourceVersion: the cache has caught up once it holds this version or a later one. */
  readonly resourceVersion: string | undefined;
  /** For a delete: the version the cache held then; caught up once it holds none or a later one. */
  readonly deletedVersion: string | undefined;
  readonly deleted: boolean;
}

interface Waiter {
  readonly done: (caughtUp: boolean) => void;
  readonly cancelTimer: () => void;
}

/** OwnWritesOptions configures {@link OwnWrites}. */
export interface OwnWritesOptions {
  /** Tells whether client reads of a namespace of a resource come from the cache (writes elsewhere are not tracked); all by default. */
  cachesNamespace?: ((resource: ResourceDescriptor, namespace: string) => boolean) | undefined;
  /** Longest wait of {@link OwnWrites.waitFor} unless the caller gives one, in milliseconds; 3 s. */
  timeoutMs?: number;
  /** Arms a timer; replaceable in tests. */
  setTimer?: (ms: number, fn: () => void) => () => void;
}

/**
 * OwnWrites gives a controller read-your-writes: the manager's client reports every write and delete made
 * while a reconcile runs (the reconcile is found through an AsyncLocalStorage scope, so reconcilers use the
 * ordinary client), and the controller asks, before the next reconcile of that request, whether the cache
 * already shows each of them. A write is shown once the cache holds its resourceVersion or a later one; a
 * delete once the cache no longer holds the version it had. Kinds and namespaces the cache does not serve are
 * not tracked, since reads of them go to the API server anyway.
 *
 * resourceVersions are compared as numbers when both are decimal integers (etcd revisions, which is what
 * kube-apiserver hands out), else only for equality, so an unusual server can delay a reconcile up to the
 * bound but never make it run early.
 */
export class OwnWrites {
  private readonly scope = new AsyncLocalStorage<string>();
  /** Pending writes by owner (controller and request key). */
  private readonly pending = new Map<string, Written[]>();
  /** Owners by informer key, to find them when an event arrives. */
  private readonly byObject = new Map<string, Set<string>>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly watched = new WeakSet<object>();
  /** Resource and store key of each tracked informer key. */
  private readonly resources = new Map<string, { resource: ResourceDescriptor; key: string }>();
  private readonly cachesNamespace: (resource: ResourceDescriptor, namespace: string) => boolean;
  private readonly setTimer: (ms: number, fn: () => void) => () => void;
  /** OwnWrites.timeoutMs is the default bound of a wait for the cache. */
  readonly timeoutMs: number;

  constructor(
    private readonly cache: Cache,
    options: OwnWritesOptions = {},
  ) {
    this.cachesNamespace = options.cachesNamespace ?? (() => true);
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.setTimer =
      options.setTimer ??
      ((ms, fn) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      });
  }

  /** OwnWrites.run runs `fn` as the reconcile of `owner`: writes made inside it are attributed to it. */
  run<T>(owner: string, fn: () => T): T {
    return this.scope.run(owner, fn);
  }

  /** OwnWrites.recordWrite records a create, update or patch that returned `obj`. */
  recordWrite(resource: ResourceDescriptor, obj: KubernetesObject | undefined): void {
    const owner = this.scope.getStore();
    if (owner === undefined || obj?.metadata?.name === undefined) return;
    const informer = this.servedInformer(resource, obj.metadata.namespace);
    if (informer === undefined) return;
    const key = objectStoreKey(obj);
    this.add(owner, resource, key, {
      resourceVersion: obj.metadata.resourceVersion,
      deletedVersion: undefined,
      deleted: false,
    });
  }

  /**
   * OwnWrites.recordDelete records a delete of `key`. A delete that only sets deletionTimestamp (finalizers)
   * is shown by the cache as a later version, one that removes the object by its absence: both count.
   */
  recordDelete(resource: ResourceDescriptor, key: ObjectKey): void {
    const owner = this.scope.getStore();
    if (owner === undefined) return;
    const informer = this.servedInformer(resource, key.namespace);
    if (informer === undefined) return;
    const k = storeKey(resource.namespaced ? key : { name: key.name });
    const cached = informer.get(resource.namespaced ? key : { name: key.name });
    if (cached === undefined) return;
    this.add(owner, resource, k, {
      resourceVersion: undefined,
      deletedVersion: cached.metadata?.resourceVersion,
      deleted: true,
    });
  }

  /** OwnWrites.isPending tells whether `owner` has writes the cache does not show yet. */
  isPending(owner: string): boolean {
    const writes = this.pending.get(owner);
    if (writes === undefined) return false;
    this.prune(owner, writes);
    return this.pending.has(owner);
  }

  /**
   * OwnWrites.waitFor calls `done(true)` once the cache shows every pending write of `owner`, or
   * `done(false)` after `timeoutMs`, when the writes are dropped so that the reconcile proceeds. One wait
   * per owner: a second call replaces the callback and keeps the first deadline.
   */
  waitFor(owner: string, timeoutMs: number, done: (caughtUp: boolean) => void): void {
    if (!this.isPending(owner)) {
      done(true);
      return;
    }
    const existing = this.waiters.get(owner);
    if (existing !== undefined) {
      this.waiters.set(owner, { done, cancelTimer: existing.cancelTimer });
      return;
    }
    const cancelTimer = this.setTimer(timeoutMs, () => {
      const waiter = this.waiters.get(owner);
      this.waiters.delete(owner);
      this.drop(owner);
      waiter?.done(false);
    });
    this.waiters.set(owner, { done, cancelTimer });
  }

  /** OwnWrites.forgetOwner drops what is known of `owner` and cancels its wait (the controller stops). */
  forgetOwner(owner: string): void {
    this.waiters.get(owner)?.cancelTimer();
    this.waiters.delete(owner);
    this.drop(owner);
  }

  /** OwnWrites.size is the number of owners with pending writes. */
  get size(): number {
    return this.pending.size;
  }

  private servedInformer(resource: ResourceDescriptor, namespace: string | undefined) {
    if (!this.cache.hasInformer(resource)) return undefined;
    const informer = this.cache.getInformer(resource);
    if (!informer.hasSynced()) return undefined;
    // Keyed by informer, not by kind: an informer stopped and created again at run time needs the handler again.
    if (!this.watched.has(informer)) {
      this.watched.add(informer);
      const seen = (obj: KubernetesObject) => this.onCacheChange(resource, objectStoreKey(obj));
      // The replay of the store as adds on registration is cheap next to the list that filled it.
      informer.addEventHandler({ onAdd: seen, onUpdate: (_old, obj) => seen(obj), onDelete: seen });
    }
    if (!this.cachesNamespace(resource, namespace ?? '')) return undefined;
    return informer;
  }

  private add(owner: string, resource: ResourceDescriptor, key: string, write: Omit<Written, 'at'>): void {
    const at = `${resourceId(resource)} ${key}`;
    const writes = this.pending.get(owner) ?? [];
    const kept = writes.filter((w) => w.at !== at);
    kept.push({ at, ...write });
    this.pending.set(owner, kept);
    let owners = this.byObject.get(at);
    if (owners === undefined) this.byObject.set(at, (owners = new Set()));
    owners.add(owner);
    this.resources.set(at, { resource, key });
  }

  private onCacheChange(resource: ResourceDescriptor, key: string): void {
    const at = `${resourceId(resource)} ${key}`;
    const owners = this.byObject.get(at);
    if (owners === undefined) return;
    for (const owner of [...owners]) {
      const writes = this.pending.get(owner);
      if (writes === undefined) continue;
      this.prune(owner, writes);
      if (!this.pending.has(owner)) {
        const waiter = this.waiters.get(owner);
        if (waiter !== undefined) {
          this.waiters.delete(owner);
          waiter.cancelTimer();
          waiter.done(true);
        }
      }
    }
  }

  /** prune removes the writes of `owner` the cache shows now. */
  private prune(owner: string, writes: Written[]): void {
    const left = writes.filter((w) => !this.shown(w));
    for (const w of writes) if (!left.includes(w)) this.unlink(w.at, owner);
    if (left.length === 0) this.pending.delete(owner);
    else if (left.length !== writes.length) this.pending.set(owner, left);
  }

  private shown(w: Written): boolean {
    const where = this.resources.get(w.at);
    if (where === undefined) return true;
    const [namespace, name] = splitKey(where.key);
    // The informer was stopped (its watch removed): nothing will show the write, so nothing holds for it.
    if (!this.cache.hasInformer(where.resource)) return true;
    const cached = this.cache.getInformer(where.resource).get({ namespace, name });
    const cachedVersion = cached?.metadata?.resourceVersion;
    if (w.deleted)
      return (
        cached === undefined ||
        (cachedVersion !== undefined && w.deletedVersion !== undefined && isLater(cachedVersion, w.deletedVersion))
      );
    if (w.resourceVersion === undefined) return true;
    if (cached === undefined) return false;
    if (cachedVersion === undefined) return true;
    return cachedVersion === w.resourceVersion || isLater(cachedVersion, w.resourceVersion);
  }

  private drop(owner: string): void {
    for (const w of this.pending.get(owner) ?? []) this.unlink(w.at, owner);
    this.pending.delete(owner);
  }

  private unlink(at: string, owner: string): void {
    const owners = this.byObject.get(at);
    owners?.delete(owner);
    if (owners !== undefined && owners.size === 0) {
      this.byObject.delete(at);
      this.resources.delete(at);
    }
  }
}

function resourceId(r: ResourceDescriptor): string {
  return `${r.group}/${r.version}/${r.plural}`;
}

/** splitKey undoes {@link storeKey}: `namespace/name`, with an empty namespace for cluster-scoped objects. */
function splitKey(key: string): [string | undefined, string] {
  const slash = key.indexOf('/');
  return slash < 0 ? [undefined, key] : [key.slice(0, slash), key.slice(slash + 1)];
}

/** isLater tells whether resourceVersion `a` is newer than `b`, when both are decimal integers. */
function isLater(a: string, b: string): boolean {
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) return false;
  return a.length !== b.length ? a.length > b.length : a > b;
}
