import type { Logger } from 'pino';
import type { Cache, Informer } from '../cache/informer.js';
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
  /** Source.start begins delivering requests to `queue` until `signal` aborts. */
  start(queue: RequestQueue, signal: AbortSignal, log: Logger): void;
  /** Source.waitForSync resolves once the source has delivered its initial state; rejects if `signal` aborts first. */
  waitForSync(signal: AbortSignal): Promise<void>;
}

/**
 * kindSource watches one resource through the shared informer of `cache`, filters events with `predicates`
 * (all must pass) and maps them to requests with `handler`. Requests for objects of the informer's initial
 * list are queued at {@link lowPriority}, so live events go first while a large list is worked through
 * (controller-runtime's priority queue, the default since v0.23). A handler or predicate that throws is logged
 * and the event dropped; it never reaches the informer.
 */
export function kindSource<T extends KubernetesObject>(
  cache: Cache,
  resource: ResourceDescriptor<T>,
  handler: EnqueueHandler<T>,
  predicates: readonly Predicate<T>[] = [],
): Source {
  // Created eagerly so that the cache knows every watched kind before it starts.
  const informer: Informer<T> = cache.getInformer(resource);
  const description = `kind source: ${resource.apiVersion}, Kind=${resource.kind}`;
  return {
    description,
    start(queue, signal, log) {
      if (signal.aborted) return;
      const guard = (event: string, fn: () => void) => {
        try {
          fn();
        } catch (err) {
          log.error({ err, source: description, event }, 'Event handler or predicate failed, dropping the event');
        }
      };
      const listed: RequestQueue = { add: (request, options) => queue.add(request, { priority: Math.min(options?.priority ?? lowPriority, lowPriority) }) };
      const remove = informer.addEventHandler({
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
    waitForSync: (signal) => informer.waitForSync(signal),
  };
}
