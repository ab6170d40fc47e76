import type { Logger } from 'pino';
import type { Cache } from '../cache/informer.js';
import type { OwnWrites } from '../cache/own-writes.js';
import { enqueueRequestsFromMapFunc, type MapFunc } from '../handler/enqueue-mapped.js';
import { enqueueRequestForObject } from '../handler/enqueue-object.js';
import { enqueueRequestForOwner } from '../handler/enqueue-owner.js';
import type { Runnable } from '../runnable.js';
import type { Predicate } from '../predicate/predicate.js';
import type { Reconciler, Request } from '../reconcile/reconcile.js';
import type { PartialObjectMetadata } from '../metadata.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import type { RateLimiter } from '../workqueue/rate-limiter.js';
import type { UnavailableHoldOptions } from '../workqueue/unavailable-hold.js';
import { Controller } from './controller.js';
import { kindSource, type KindSourceOptions, type Source } from './source.js';

/**
 * ControllerManager is what the builder needs from a manager. The runtime's Manager satisfies it; tests can
 * pass a fake cache and collect the added runnables.
 */
export interface ControllerManager {
  /** ControllerManager.getCache returns the shared informer cache. */
  getCache(): Cache;
  /** ControllerManager.getOwnWrites returns the read-your-writes tracker of the manager's client, if any. */
  getOwnWrites?(): OwnWrites | undefined;
  /** ControllerManager.add registers a runnable started with the manager. */
  add(runnable: Runnable): unknown;
  /** ControllerManager.logger is the base logger of controllers. */
  readonly logger: Logger;
}

/** WatchOptions are the per-watch options of `.for`, `.owns` and `.watches`. */
export interface WatchOptions<T extends KubernetesObject> {
  /** Predicates that must all pass for an event of this watch to be enqueued. */
  predicates?: readonly Predicate<T>[];
  /**
   * `.owns` and `.watches`: a kind that may not be served when the manager starts (its CRD installed
   * later). The manager does not wait for it and does not fail; the controller starts without it, the
   * watch retries listing the kind (logging a hint) and delivers events once the kind is served.
   */
  optional?: boolean;
  /** `.owns` and `.watches`: see {@link MetadataWatchOptions}. */
  metadataOnly?: false;
}

/**
 * MetadataWatchOptions make a watch of `.owns` or `.watches` metadata-only, like controller-runtime's
 * `builder.OnlyMetadata`: the kind is listed and watched as `PartialObjectMetadata`, so the cache holds
 * each object's apiVersion, kind and metadata (owner references, labels, finalizers) and none of its
 * data, and predicates and map functions receive {@link PartialObjectMetadata}. Reconcilers read such
 * objects with `client.getMetadata` / `client.listMetadata`; a full `client.get` of the kind reads live.
 */
export interface MetadataWatchOptions {
  metadataOnly: true;
  /** Predicates that must all pass for an event of this watch to be enqueued. */
  predicates?: readonly Predicate<PartialObjectMetadata>[];
  /** See {@link WatchOptions.optional}. */
  optional?: boolean;
}

/** ControllerBuilderOptions are the options of `.withOptions`. */
export interface ControllerBuilderOptions {
  /** How many reconciles may run at once (never two for one object); default 1. */
  maxConcurrentReconciles?: number;
  /** Retry delays; default controller-runtime's (5 ms..1000 s per item, 10 qps / 100 burst overall). */
  rateLimiter?: RateLimiter;
  /** Delays of `Result.requeue()`; default a per-item 5 ms..1000 s backoff of its own. */
  requeueRateLimiter?: RateLimiter;
  /** Probe timing of requests held while the API server is unreachable; default 100 ms doubling to 1 s. */
  unavailableRetry?: UnavailableHoldOptions;
  /** Count and retry panicking reconciles (default true) instead of stopping the controller. */
  recoverPanic?: boolean;
  /** How long to wait for informers to sync at start; default 2 minutes. */
  cacheSyncTimeoutMs?: number;
  /** Abort the signal of a reconcile running longer than this; default none. */
  reconcileTimeoutMs?: number;
  /** Run on every replica instead of only on the leader; default false. */
  skipLeaderElection?: boolean;
}

interface WatchSpec {
  build(cache: Cache, owner: ResourceDescriptor | undefined): Source;
}

const usedNames = new WeakMap<object, Set<string>>();

/**
 * ControllerBuilder assembles a controller from the kind it reconciles (`for`), the kinds it owns
 * (`owns`), other watched kinds (`watches`), event filters and options, like controller-runtime's builder.
 */
export class ControllerBuilder {
  private forResource: ResourceDescriptor | undefined;
  private forPredicates: readonly Predicate[] = [];
  private readonly watchSpecs: WatchSpec[] = [];
  private readonly globalPredicates: Predicate[] = [];
  private name: string | undefined;
  private options: ControllerBuilderOptions = {};
  private logConstructor: ((request?: Request) => Logger) | undefined;

  constructor(private readonly mgr: ControllerManager) {}

  /** ControllerBuilder.for names the kind the controller reconciles; its events enqueue the object itself. Call once. */
  for<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options: WatchOptions<T> = {}): this {
    if (this.forResource)
      throw new Error(`.for() may be called only once (already called with ${this.forResource.kind})`);
    this.forResource = resource;
    this.forPredicates = options.predicates ?? [];
    return this;
  }

  /**
   * ControllerBuilder.owns watches a kind the controller creates: events enqueue the object's controller
   * owner of the `for` kind. `{ metadataOnly: true }` caches only the owned objects' metadata.
   */
  owns<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options: MetadataWatchOptions): this;
  owns<T extends KubernetesObject>(resource: ResourceDescriptor<T>, options?: WatchOptions<T>): this;
  owns(resource: ResourceDescriptor, options: WatchOptions<KubernetesObject> | MetadataWatchOptions = {}): this {
    this.watchSpecs.push({
      build: (cache, owner) => {
        if (!owner)
          throw new Error(`.owns(${resource.kind}) needs .for(): owner references are matched against the for() kind`);
        const handler = enqueueRequestForOwner(owner);
        return kindSource(cache, resource, handler, this.predicatesOf(options), sourceOptions(options));
      },
    });
    return this;
  }

  /**
   * ControllerBuilder.watches watches any kind: `mapFn` turns each changed object into the requests to
   * reconcile. `{ metadataOnly: true }` caches only metadata and hands `mapFn` {@link PartialObjectMetadata}.
   */
  watches<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    mapFn: MapFunc<PartialObjectMetadata>,
    options: MetadataWatchOptions,
  ): this;
  watches<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    mapFn: MapFunc<T>,
    options?: WatchOptions<T>,
  ): this;
  watches(
    resource: ResourceDescriptor,
    mapFn: MapFunc<never>,
    options: WatchOptions<KubernetesObject> | MetadataWatchOptions = {},
  ): this {
    this.watchSpecs.push({
      build: (cache) => {
        const handler = enqueueRequestsFromMapFunc(mapFn as MapFunc);
        return kindSource(cache, resource, handler, this.predicatesOf(options), sourceOptions(options));
      },
    });
    return this;
  }

  private predicatesOf(options: WatchOptions<KubernetesObject> | MetadataWatchOptions): Predicate[] {
    return [...(options.predicates ?? []), ...this.globalPredicates];
  }

  /** ControllerBuilder.withEventFilter adds a predicate applied to the events of every watch. */
  withEventFilter(predicate: Predicate): this {
    this.globalPredicates.push(predicate);
    return this;
  }

  /** ControllerBuilder.named sets the controller name (metrics label, log field); default the lower-case `for` kind. */
  named(name: string): this {
    if (name.trim() === '') throw new Error('.named() needs a non-empty controller name');
    this.name = name;
    return this;
  }

  /** ControllerBuilder.withOptions sets concurrency, rate limiting and panic recovery. */
  withOptions(options: ControllerBuilderOptions): this {
    this.options = { ...this.options, ...options };
    return this;
  }

  /** ControllerBuilder.withLogConstructor replaces how the logger of each reconcile is built (a `reconcileID` field is still added). */
  withLogConstructor(fn: (request?: Request) => Logger): this {
    this.logConstructor = fn;
    return this;
  }

  /**
   * ControllerBuilder.complete builds the controller, registers it with the manager (it runs when the
   * manager starts) and returns it. Throws when the name is missing or already used in this manager.
   */
  complete(reconciler: Reconciler): Controller {
    const name = this.name ?? this.forResource?.kind.toLowerCase();
    if (!name) throw new Error('a controller needs .for(kind) or .named(name) before .complete()');
    let names = usedNames.get(this.mgr);
    if (!names) {
      names = new Set();
      usedNames.set(this.mgr, names);
    }
    if (names.has(name)) {
      throw new Error(
        `controller named "${name}" already exists in this manager: names label metrics and logs, so they must be unique; give one of them a different .named(...)`,
      );
    }
    if (!this.forResource && this.watchSpecs.length === 0) {
      throw new Error(
        `controller "${name}" has no watches and would never be triggered: use .for(), .owns() or .watches()`,
      );
    }
    const cache = this.mgr.getCache();
    const sources: Source[] = [];
    if (this.forResource) {
      sources.push(
        kindSource(cache, this.forResource, enqueueRequestForObject(), [
          ...this.forPredicates,
          ...this.globalPredicates,
        ]),
      );
    }
    for (const spec of this.watchSpecs) sources.push(spec.build(cache, this.forResource));
    const logFields: Record<string, string> = {};
    if (this.forResource) {
      logFields.controllerGroup = this.forResource.group;
      logFields.controllerKind = this.forResource.kind;
    }
    const controller = new Controller({
      name,
      reconciler,
      logger: this.mgr.logger,
      maxConcurrentReconciles: this.options.maxConcurrentReconciles,
      rateLimiter: this.options.rateLimiter,
      ownWrites: this.mgr.getOwnWrites?.(),
      requeueRateLimiter: this.options.requeueRateLimiter,
      unavailableRetry: this.options.unavailableRetry,
      recoverPanic: this.options.recoverPanic,
      cacheSyncTimeoutMs: this.options.cacheSyncTimeoutMs,
      reconcileTimeoutMs: this.options.reconcileTimeoutMs,
      needLeaderElection: !this.options.skipLeaderElection,
      logConstructor: this.logConstructor,
      logFields,
      kind: this.forResource === undefined ? undefined : gvkOf(this.forResource),
    });
    for (const s of sources) controller.watch(s);
    names.add(name);
    this.mgr.add(controller);
    return controller;
  }
}

function gvkOf(resource: ResourceDescriptor): { group: string; version: string; kind: string } {
  return { group: resource.group, version: resource.version, kind: resource.kind };
}

function sourceOptions(options: WatchOptions<KubernetesObject> | MetadataWatchOptions): KindSourceOptions {
  return { metadataOnly: options.metadataOnly === true, optional: options.optional === true };
}

/** newControllerManagedBy starts building a controller that `mgr` runs. */
export function newControllerManagedBy(mgr: ControllerManager): ControllerBuilder {
  return new ControllerBuilder(mgr);
}
