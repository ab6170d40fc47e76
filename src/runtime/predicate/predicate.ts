import type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from '../handler/events.js';
import type { KubernetesObject } from '../resource.js';

/**
 * Predicate filters the events of a watch before they are mapped to requests (controller-runtime's
 * `predicate.Predicate`). Each method returns true to let the event through; an absent method lets every
 * event of that type through.
 */
export interface Predicate<T extends KubernetesObject = KubernetesObject> {
  /** Predicate.create filters create events. */
  create?(event: CreateEvent<T>): boolean;
  /** Predicate.update filters update events. */
  update?(event: UpdateEvent<T>): boolean;
  /** Predicate.delete filters delete events. */
  delete?(event: DeleteEvent<T>): boolean;
  /** Predicate.generic filters generic events. */
  generic?(event: GenericEvent<T>): boolean;
}

/** PredicateFuncs is a {@link Predicate} with every method present. */
export type PredicateFuncs<T extends KubernetesObject = KubernetesObject> = Required<Predicate<T>>;

/** predicateFuncs builds a predicate from the filters given; missing ones let events through. */
export function predicateFuncs<T extends KubernetesObject = KubernetesObject>(
  funcs: Predicate<T> = {},
): PredicateFuncs<T> {
  return {
    create: (e) => funcs.create?.(e) ?? true,
    update: (e) => funcs.update?.(e) ?? true,
    delete: (e) => funcs.delete?.(e) ?? true,
    generic: (e) => funcs.generic?.(e) ?? true,
  };
}

/** and lets an event through when every predicate does (and when there are none). */
export function and<T extends KubernetesObject = KubernetesObject>(...predicates: Predicate<T>[]): PredicateFuncs<T> {
  const all = predicates.map((p) => predicateFuncs(p));
  return {
    create: (e) => all.every((p) => p.create(e)),
    update: (e) => all.every((p) => p.update(e)),
    delete: (e) => all.every((p) => p.delete(e)),
    generic: (e) => all.every((p) => p.generic(e)),
  };
}

/** or lets an event through when at least one predicate does (none when there are no predicates). */
export function or<T extends KubernetesObject = KubernetesObject>(...predicates: Predicate<T>[]): PredicateFuncs<T> {
  const all = predicates.map((p) => predicateFuncs(p));
  return {
    create: (e) => all.some((p) => p.create(e)),
    update: (e) => all.some((p) => p.update(e)),
    delete: (e) => all.some((p) => p.delete(e)),
    generic: (e) => all.some((p) => p.generic(e)),
  };
}

/** not inverts a predicate. */
export function not<T extends KubernetesObject = KubernetesObject>(predicate: Predicate<T>): PredicateFuncs<T> {
  const p = predicateFuncs(predicate);
  return {
    create: (e) => !p.create(e),
    update: (e) => !p.update(e),
    delete: (e) => !p.delete(e),
    generic: (e) => !p.generic(e),
  };
}
