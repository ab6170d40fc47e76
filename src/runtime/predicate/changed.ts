import type { KubernetesObject } from '../resource.js';
import { predicateFuncs, type PredicateFuncs } from './predicate.js';

function sameStringMap(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ak = Object.keys(a ?? {});
  const bk = Object.keys(b ?? {});
  if (ak.length !== bk.length) return false;
  return ak.every((k) => Object.hasOwn(b ?? {}, k) && a?.[k] === b?.[k]);
}

function updateFilter(changed: (oldObj: KubernetesObject, newObj: KubernetesObject) => boolean): PredicateFuncs {
  return predicateFuncs({
    update: (e) => e.objectOld != null && e.objectNew != null && changed(e.objectOld, e.objectNew),
  });
}

/**
 * generationChangedPredicate lets updates through only when `metadata.generation` changed, so that status
 * and metadata-only writes (including the reconciler's own status updates) do not trigger a reconcile.
 * Creates, deletes and generic events pass. Kinds without a generation (ConfigMap, Secret...) never pass
 * updates: do not use it on them.
 */
export function generationChangedPredicate(): PredicateFuncs {
  return updateFilter((o, n) => o.metadata?.generation !== n.metadata?.generation);
}

/** labelChangedPredicate lets updates through only when the labels changed. */
export function labelChangedPredicate(): PredicateFuncs {
  return updateFilter((o, n) => !sameStringMap(o.metadata?.labels, n.metadata?.labels));
}

/** annotationChangedPredicate lets updates through only when the annotations changed. */
export function annotationChangedPredicate(): PredicateFuncs {
  return updateFilter((o, n) => !sameStringMap(o.metadata?.annotations, n.metadata?.annotations));
}

/**
 * resourceVersionChangedPredicate lets updates through only when `metadata.resourceVersion` changed, which
 * drops the periodic resync updates an informer may deliver for unchanged objects.
 */
export function resourceVersionChangedPredicate(): PredicateFuncs {
  return updateFilter((o, n) => o.metadata?.resourceVersion !== n.metadata?.resourceVersion);
}
