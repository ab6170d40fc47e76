import type { KubernetesObject } from '../resource.js';

/**
 * InventoryEntry names one object a Helm release applied, as recorded in the owner's
 * `status.inventory` (after Flux's helm-controller inventory): enough to find and delete it once it leaves
 * the render, even when the operator restarted in between.
 */
export interface InventoryEntry {
  /** `group/version` or `v1`, as rendered. */
  apiVersion: string;
  /** Kind, such as `Deployment`. */
  kind: string;
  /** Namespace; absent for cluster-scoped objects. */
  namespace?: string;
  /** Name. */
  name: string;
}

/** groupOf returns the API group of an apiVersion, the empty string for the core group. */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * inventoryKey identifies an object across API versions: group, kind, namespace and name, because the
 * same object served as `autoscaling/v1` and `autoscaling/v2` is one object, and a chart that moves to a
 * newer version of a kind must not prune what it still renders.
 */
export function inventoryKey(entry: InventoryEntry): string {
  return [groupOf(entry.apiVersion), entry.kind, entry.namespace ?? '', entry.name].join('/');
}

/** inventoryEntryOf records an applied object; the object must carry apiVersion, kind and metadata.name. */
export function inventoryEntryOf(object: KubernetesObject): InventoryEntry {
  const namespace = object.metadata?.namespace;
  return {
    apiVersion: object.apiVersion ?? '',
    kind: object.kind ?? '',
    ...(namespace !== undefined && namespace !== '' ? { namespace } : {}),
    name: object.metadata?.name ?? '',
  };
}

/** sortInventory orders entries by key, so that the status written for the same render is byte-identical. */
export function sortInventory(entries: readonly InventoryEntry[]): InventoryEntry[] {
  return [...entries].sort((a, b) => inventoryKey(a).localeCompare(inventoryKey(b), 'en'));
}

/**
 * mergeInventory is the inventory of a reconcile that stopped part way: every entry of the previous
 * inventory (nothing was pruned) and every object applied since (an entry of the same object replaces
 * the previous one), sorted. Recording it keeps what was applied findable by prune and cleanup.
 */
export function mergeInventory(
  previous: readonly InventoryEntry[],
  applied: readonly InventoryEntry[],
): InventoryEntry[] {
  const byKey = new Map(previous.map((e) => [inventoryKey(e), e]));
  for (const entry of applied) byKey.set(inventoryKey(entry), entry);
  return sortInventory([...byKey.values()]);
}

/**
 * prunable returns the entries of the previous inventory that the current render no longer holds, in
 * reverse order of the previous inventory: what must be deleted so that the cluster matches the render.
 * Duplicates in the previous inventory are reported once.
 */
export function prunable(previous: readonly InventoryEntry[], current: readonly InventoryEntry[]): InventoryEntry[] {
  const kept = new Set(current.map(inventoryKey));
  const seen = new Set<string>();
  const out: InventoryEntry[] = [];
  for (const entry of [...previous].reverse()) {
    const key = inventoryKey(entry);
    if (kept.has(key) || seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
  }
  return out;
}

/**
 * releaseMayDelete tells whether a live object of the inventory is still the release's to delete: a
 * namespaced object in the owner's namespace while the owner controls it (a controller reference with the
 * owner's uid; another controller may have taken it over since), and any object the owner could not own
 * (cluster-scoped, or in another namespace), which only the inventory ties to the release.
 */
export function releaseMayDelete(live: KubernetesObject, namespaced: boolean, owner: KubernetesObject): boolean {
  const namespace = live.metadata?.namespace ?? '';
  if (!namespaced || namespace !== (owner.metadata?.namespace ?? '')) return true;
  return (live.metadata?.ownerReferences ?? []).some((r) => r.controller === true && r.uid === owner.metadata?.uid);
}
