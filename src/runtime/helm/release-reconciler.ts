import type { Client } from '../client/client.js';
import { setStatusCondition, type Condition } from '../helpers/conditions.js';
import { finalizer as runFinalizer } from '../helpers/finalizers.js';
import { setControllerReference } from '../helpers/owner-references.js';
import type { ReconcileContext, Reconciler, Request, Result } from '../reconcile/reconcile.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { isNotFound } from '../rest/api-error.js';
import {
  inventoryEntryOf,
  mergeInventory,
  prunable,
  releaseMayDelete,
  sortInventory,
  type InventoryEntry,
} from './inventory.js';
import { checkMutations, defaultMutationPolicy, formatViolations, type MutationPolicy } from './mutation-policy.js';
import { HelmRenderError, renderChart } from './render.js';
import { kindResolver, resolveAll, UnknownKindError } from './resolve-kind.js';

/** HelmReleaseStatus is the status a Helm release's owner carries: conditions and what was applied. */
export interface HelmReleaseStatus {
  /** metadata.generation of the last reconcile that reached a verdict. */
  observedGeneration?: number;
  /** `Deployed` and `Failed`. */
  conditions?: Condition[];
  /**
   * The objects applied by the last successful reconcile, what is pruned once it leaves the render; after
   * a reconcile that failed part way, also what it applied before failing (so cleanup deletes it too).
   */
  inventory?: InventoryEntry[];
}

/** HelmReleaseObject is the shape of a custom resource whose spec is a chart's values. */
export interface HelmReleaseObject<V extends object = object> extends KubernetesObject {
  spec?: V | undefined;
  status?: HelmReleaseStatus | undefined;
}

/**
 * MutationHook changes one rendered object in place, for the custom resource that owns the release (for
 * example, adding its tenant's labels). It runs on a copy; its changes are checked against the
 * {@link MutationPolicy} and, when any is refused, none is applied.
 */
export type MutationHook<T extends HelmReleaseObject> = (object: KubernetesObject, owner: T) => void;

/** HelmReleaseOptions configure {@link helmReleaseReconciler}. */
export interface HelmReleaseOptions<T extends HelmReleaseObject> {
  /** The client; writes go to the API server, reads of the owner kind may come from the cache. */
  client: Client;
  /** Descriptor of the owner kind. */
  resource: ResourceDescriptor<T>;
  /** Path of the chart: a directory or a packaged `.tgz`. */
  chart: string;
  /** Path of the Helm binary; `helm` on the PATH when absent. */
  helm?: string | undefined;
  /** The mutation hook; none when absent. */
  mutate?: MutationHook<T> | undefined;
  /** The allow-list the hook is held to; {@link defaultMutationPolicy} when absent. */
  policy?: MutationPolicy;
  /** Top-level values the operator fixes (such as `fullnameOverride`): a custom resource that sets one is refused. */
  lockedValues?: readonly string[];
  /** The values of a custom resource; its spec when absent. */
  values?: (owner: T) => Record<string, unknown>;
  /** Descriptors of rendered kinds beyond the built-in table. */
  resources?: readonly ResourceDescriptor[];
  /** Field manager of the server-side applies; the client's when absent. */
  fieldManager?: string;
  /** Finalizer that deletes what was applied when the owner is deleted. */
  finalizer: string;
}

/** Condition types a Helm release reports. */
export const DEPLOYED = 'Deployed';
/** FAILED is the condition that carries Helm's error or the refusal of a mutation. */
export const FAILED = 'Failed';

/**
 * helmReleaseReconciler reconciles custom resources whose spec is a chart's values, after operator-sdk's
 * Helm operator (operator-framework/helm-operator-plugins `pkg/reconciler`) but without Helm releases:
 * it renders the chart with `helm template`, runs the mutation hook and checks its changes against the
 * allow-list, applies every object with server-side apply and a controller owner reference (same
 * namespace) so that garbage collection removes them with the owner, deletes objects of the previous
 * inventory that left the render, and records `Deployed` and `Failed` conditions. Its finalizer deletes the
 * inventory when the owner is deleted, so that cleanup does not depend on a garbage collector (and covers
 * cluster-scoped objects, which a namespaced owner cannot own).
 */
export function helmReleaseReconciler<T extends HelmReleaseObject>(options: HelmReleaseOptions<T>): Reconciler {
  const resolve = kindResolver(options.resources);
  const fieldManager = options.fieldManager ?? options.client.fieldManager;
  return {
    async reconcile(ctx: ReconcileContext, request: Request): Promise<Result | void> {
      let owner: T;
      try {
        owner = await options.client.get(options.resource, request, { live: true });
      } catch (err) {
        if (isNotFound(err)) return {};
        throw err;
      }
      return runFinalizer(options.client, options.resource, owner, options.finalizer, {
        apply: (live) => apply(ctx, live),
        cleanup: (live) => cleanup(ctx, live),
      });
    },
  };

  async function apply(ctx: ReconcileContext, owner: T): Promise<Result | void> {
    const values = options.values?.(owner) ?? ((owner.spec ?? {}) as Record<string, unknown>);
    const locked = (options.lockedValues ?? []).filter((key) => Object.hasOwn(values, key));
    if (locked.length > 0) {
      return fail(
        ctx,
        owner,
        'LockedValue',
        `spec sets ${locked.join(', ')}, which the operator fixes; remove ${locked.length === 1 ? 'it' : 'them'} from the spec`,
      );
    }
    let rendered: KubernetesObject[];
    try {
      const render = await renderChart({
        chart: options.chart,
        releaseName: owner.metadata?.name ?? '',
        namespace: owner.metadata?.namespace ?? 'default',
        values,
        signal: ctx.signal,
        ...(options.helm !== undefined ? { helm: options.helm } : {}),
      });
      if (render.skippedHooks.length > 0) ctx.log.info({ hooks: render.skippedHooks }, 'helm hooks left out');
      rendered = render.objects;
    } catch (err) {
      if (err instanceof HelmRenderError) return fail(ctx, owner, 'RenderFailed', err.message);
      throw err;
    }
    const namespace = owner.metadata?.namespace ?? '';
    let resolved;
    try {
      resolved = resolveAll(rendered, resolve);
    } catch (err) {
      if (err instanceof UnknownKindError) return fail(ctx, owner, 'UnknownKind', err.message);
      throw err;
    }
    for (const { object, resource } of resolved) {
      if (resource.namespaced && (object.metadata?.namespace ?? '') === '')
        object.metadata = { ...object.metadata, namespace };
    }
    const mutated = resolved.map(({ object }) => structuredClone(object));
    if (options.mutate !== undefined) for (const object of mutated) options.mutate(object, owner);
    const violations = checkMutations(
      resolved.map((r) => r.object),
      mutated,
      options.policy ?? defaultMutationPolicy,
    );
    if (violations.length > 0) return fail(ctx, owner, 'MutationRefused', formatViolations(violations));

    const previous = owner.status?.inventory ?? [];
    const applied: InventoryEntry[] = [];
    for (const [i, { resource }] of resolved.entries()) {
      const object = mutated[i]!;
      if (resource.namespaced && object.metadata?.namespace === namespace)
        setControllerReference(owner, object, options.resource);
      const key = resource.namespaced
        ? { namespace: object.metadata?.namespace ?? '', name: object.metadata?.name ?? '' }
        : { name: object.metadata?.name ?? '' };
      try {
        await options.client.patch(resource, key, { type: 'apply', data: object, force: true, fieldManager });
      } catch (err) {
        // What was applied before the refusal is the release's too: recorded, prune and cleanup find it.
        const message = `${object.kind}/${key.name}: ${err instanceof Error ? err.message : String(err)}`;
        await fail(ctx, owner, 'ApplyFailed', message, mergeInventory(previous, applied));
        throw err;
      }
      applied.push(inventoryEntryOf(object));
    }
    const inventory = sortInventory(applied);
    let pruned: number;
    try {
      pruned = await deleteEntries(ctx, owner, prunable(previous, inventory));
    } catch (err) {
      // Nothing new may go unrecorded when a delete fails either; the entries not yet pruned stay listed.
      await fail(
        ctx,
        owner,
        'PruneFailed',
        err instanceof Error ? err.message : String(err),
        mergeInventory(previous, applied),
      );
      throw err;
    }
    const message = `${inventory.length} objects applied${pruned > 0 ? `, ${pruned} pruned` : ''}`;
    await writeStatus(owner, inventory, [
      { type: DEPLOYED, status: 'True', reason: 'Applied', message },
      { type: FAILED, status: 'False', reason: 'Applied', message },
    ]);
    ctx.log.info({ applied: inventory.length, pruned }, 'helm release applied');
    return {};
  }

  async function cleanup(ctx: ReconcileContext, owner: T): Promise<Result | void> {
    const entries = [...(owner.status?.inventory ?? [])].reverse();
    const deleted = await deleteEntries(ctx, owner, entries);
    ctx.log.info({ deleted }, 'helm release deleted');
    return {};
  }

  /** deleteEntries deletes the named objects that are still there and still the release's ({@link releaseMayDelete}). */
  async function deleteEntries(ctx: ReconcileContext, owner: T, entries: readonly InventoryEntry[]): Promise<number> {
    let deleted = 0;
    for (const entry of entries) {
      const resource = resolve(entry.apiVersion, entry.kind);
      if (resource === undefined) {
        ctx.log.info({ kind: entry.kind, name: entry.name }, 'inventory entry of an unknown kind left alone');
        continue;
      }
      const key =
        entry.namespace !== undefined ? { namespace: entry.namespace, name: entry.name } : { name: entry.name };
      try {
        const live = await options.client.get(resource, key, { live: true });
        const uid = live.metadata?.uid;
        if (!releaseMayDelete(live, resource.namespaced, owner)) {
          ctx.log.info({ kind: entry.kind, name: entry.name }, 'object no longer controlled by the release left alone');
          continue;
        }
        await options.client.delete(resource, key, {
          propagationPolicy: 'Background',
          ...(uid !== undefined ? { preconditions: { uid } } : {}),
        });
        deleted++;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
    return deleted;
  }

  async function fail(
    ctx: ReconcileContext,
    owner: T,
    reason: string,
    message: string,
    inventory: readonly InventoryEntry[] = owner.status?.inventory ?? [],
  ): Promise<Result> {
    ctx.log.info({ reason, message }, 'helm release failed');
    await writeStatus(owner, inventory, [
      { type: FAILED, status: 'True', reason, message },
      {
        type: DEPLOYED,
        status: 'False',
        reason,
        message: 'the last reconcile did not apply the render; see the Failed condition',
      },
    ]);
    // Nothing changes until the custom resource (or the chart, with a new operator image) does.
    return {};
  }

  async function writeStatus(
    owner: T,
    inventory: readonly InventoryEntry[],
    conditions: ReadonlyArray<Omit<Condition, 'lastTransitionTime' | 'observedGeneration'>>,
  ): Promise<void> {
    const generation = owner.metadata?.generation;
    const list = structuredClone(owner.status?.conditions ?? []);
    for (const c of conditions)
      setStatusCondition(list, { ...c, ...(generation !== undefined ? { observedGeneration: generation } : {}) });
    const status: HelmReleaseStatus = {
      ...(generation !== undefined ? { observedGeneration: generation } : {}),
      conditions: list,
      inventory: [...inventory],
    };
    // An unchanged status is not written again, so that the write does not wake the watch for nothing.
    if (JSON.stringify(owner.status ?? {}) === JSON.stringify(status)) return;
    const key = options.resource.namespaced
      ? { namespace: owner.metadata?.namespace ?? '', name: owner.metadata?.name ?? '' }
      : { name: owner.metadata?.name ?? '' };
    await options.client.status().patch(options.resource, key, { type: 'merge', data: { status } });
  }
}
