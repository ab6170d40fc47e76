import type { Logger } from 'pino';
import type { Cache, Informer, InformerOptions } from '../cache/informer.js';
import type { EnqueueHandler, RequestQueue } from '../handler/handler.js';
import type { Predicate } from '../predicate/predicate.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { lowPriority } from '../workqueue/queue.js';

/**
 * Source is where a controller's events come from (controller-runtime's `source.Source`): it feeds requests
 * into the controller's queue from the time it is started.
 */
export interface Source {
  /** Source.description names the source in logs, such as `kind source: apps/v1, Kind=Deployment`. */
  readonly description: string;
  /**
   * Source.optional: the controller does not wait for this source to sync when it starts, and a source that
   * cannot sync (its kind not served yet) never fails it; it delivers events once it can.
   */
  readonly optional?: boolean;
  /** Source.start begins delivering requests to `queue` until `signal` aborts. */
  start(queue: RequestQueue, signal: AbortSignal, log: Logger): void;
  /** Source.waitForSync resolves once the source has delivered its initial state; rejects if `signal` aborts first. */
  waitForSync(signal: AbortSignal): Promise<void>;
  /**
   * Source.release gives up what the source holds in the cache once the watch is removed (its informer
   * reference, so an informer nothing else uses stops). Resolves once that is done.
   */
  release?(): Promise<void>;
}

/** KindSourceOptions are the options of {@link kindSource}. */
export interface KindSourceOptions extends InformerOptions {
  /**
   * Take the informer when the source starts instead of when it is built, and do not make the controller
   * wait for it: for a kind that may not be served yet (its CRD installed later). Until it is, the
   * reflector retries listing it (logging a hint each time) and the controller runs without its events.
   */
  optional?: boolean;
}

/**
 * kindSource watches one resource through the shared informer of `cache`, filters events with `predicates`
 * (all must pass) and maps them to requests with `handler`. Requests for objects of the informer's initial
 * list are queued at {@link lowPriority}, so live events go first while a large list is worked through
 * (controller-runtime's priority queue, the default since v0.23). A handler or predicate that throws is logged
 * and the event dropped; it never reaches the informer. With `metadataOnly` the objects handed to
 * predicates and the handler are `PartialObjectMetadata`. The informer is taken by reference where the cache
 * counts them, so removing the watch ({@link Source.release}) stops an informer nothing else uses.
 */
export function kindSource<T extends KubernetesObject>(
  cache: Cache,
  resource: ResourceDescriptor<T>,
  handler: EnqueueHandler<T>,
  predicates: readonly Predicate<T>[] = [],
  options: KindSourceOptions = {},
): Source {
  const informerOptions: InformerOptions | undefined =
    options.metadataOnly === true ? { metadataOnly: true } : undefined;
  let informer: Informer<T> | undefined;
  let released = false;
  const acquire = (): Informer<T> =>
    (informer ??= cache.acquireInformer?.(resource, informerOptions) ?? cache.getInformer(resource, informerOptions));
  // Taken eagerly so that the cache knows every required kind before it starts (and syncs it before the
  // leader election, so a replica that takes over has a warm cache).
  if (options.optional !== true) acquire();
  const view = options.metadataOnly === true ? ' (metadata only)' : '';
  const description = `kind source: ${resource.apiVersion}, Kind=${resource.kind}${view}`;
  return {
    description,
    optional: options.optional === true,
    start(queue, signal, log) {
      if (signal.aborted || released) return;
      const guard = (event: string, fn: () => void) => {
        try {
          fn();
        } catch (err) {
          log.error({ err, source: description, event }, 'Event handler or predicate failed, dropping the event');
        }
      };
      const watched = acquire();
      if (options.optional === true && !watched.hasSynced()) {
        log.info(
          { source: description },
          'Optional watch started, not waiting for it to sync: its kind may not be served yet',
        );
        watched.waitForSync(signal).then(
          () => log.info({ source: description }, 'Optional watch synced'),
          () => undefined,
        );
      }
      const listed: RequestQueue = {
        add: (request, opts) => queue.add(request, { priority: Math.min(opts?.priority ?? lowPriority, lowPriority) }),
      };
      const remove = watched.addEventHandler({
        onAdd: (object, isInInitialList = false) =>
          guard('create', () => {
            const e = { object, isInInitialList };
            if (predicates.every((p) => p.create?.(e) ?? true)) handler.create?.(e, isInInitialList ? listed : queue);
          }),
        onUpdate: (objectOld, objectNew) =>
          guard('update', () => {
            const e = { objectOld, objectNew };
            if (predicates.every((p) => p.update?.(e) ?? true)) handler.update?.(e, queue);
          }),
        onDelete: (object) =>
          guard('delete', () => {
            const e = { object };
            if (predicates.every((p) => p.delete?.(e) ?? true)) handler.delete?.(e, queue);
          }),
      });
      signal.addEventListener('abort', () => remove(), { once: true });
    },
    waitForSync: (signal) => acquire().waitForSync(signal),
    async release() {
      if (released) return;
      released = true;
      if (informer !== undefined) await cache.releaseInformer?.(resource, informerOptions);
    },
  };
}
