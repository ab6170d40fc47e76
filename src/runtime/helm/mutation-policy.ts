import type { KubernetesObject } from '../resource.js';
import { diffObjects, type Change, type ChangeOp } from './object-diff.js';

/**
 * MutationRule allows one kind of change to rendered objects: a path whose segments are keys or `*` (any
 * one key), the operations allowed there, and optionally the kinds it applies to (all kinds when absent).
 */
export interface MutationRule {
  /** Kinds the rule applies to, such as `Deployment`; every kind when absent. */
  kinds?: readonly string[];
  /** Path from the root of the object; `*` matches any one key. */
  path: readonly string[];
  /** Operations allowed at the path. */
  ops: readonly ChangeOp[];
}

/**
 * MutationPolicy is the allow-list a Helm release's mutation hook is held to. Every change the hook makes
 * to a rendered object must match a rule; a change to a protected kind is refused whatever the rules say.
 */
export interface MutationPolicy {
  /** The changes allowed. */
  rules: readonly MutationRule[];
  /** Kinds the hook may not change at all. */
  protectedKinds: readonly string[];
}

/** Workload kinds whose pod template sits at `spec.template`. */
const templated = ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'ReplicationController'];

/**
 * defaultMutationPolicy allows what a multi-tenant operator adds to a community chart: new labels and
 * annotations on any object's metadata and on the pod templates of workloads (Deployment, StatefulSet,
 * DaemonSet, ReplicaSet, ReplicationController, Job, and CronJob's job template). It never allows
 * replacing or removing what the chart rendered (a label the chart set, a name, a replica count, an image),
 * and never any change to RBAC objects, so the chart's permissions stay the chart's.
 */
export const defaultMutationPolicy: MutationPolicy = Object.freeze({
  rules: Object.freeze([
    { path: ['metadata', 'labels', '*'], ops: ['add'] },
    { path: ['metadata', 'annotations', '*'], ops: ['add'] },
    { kinds: templated, path: ['spec', 'template', 'metadata', 'labels', '*'], ops: ['add'] },
    { kinds: templated, path: ['spec', 'template', 'metadata', 'annotations', '*'], ops: ['add'] },
    { kinds: ['CronJob'], path: ['spec', 'jobTemplate', 'spec', 'template', 'metadata', 'labels', '*'], ops: ['add'] },
    {
      kinds: ['CronJob'],
      path: ['spec', 'jobTemplate', 'spec', 'template', 'metadata', 'annotations', '*'],
      ops: ['add'],
    },
  ] satisfies MutationRule[]),
  protectedKinds: Object.freeze(['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']),
});

/** MutationViolation is one change of a mutation hook that the policy refuses. */
export interface MutationViolation {
  /** `Kind/name` of the object. */
  object: string;
  /** Dotted path of the change. */
  path: string;
  /** What the hook did there. */
  op: ChangeOp;
  /** Why it is refused. */
  reason: string;
}

/**
 * checkMutations compares each rendered object with what the mutation hook made of it (same order) and
 * returns every change the policy refuses; an empty list means the hook stayed within the allow-list.
 */
export function checkMutations(
  rendered: readonly KubernetesObject[],
  mutated: readonly KubernetesObject[],
  policy: MutationPolicy = defaultMutationPolicy,
): MutationViolation[] {
  if (rendered.length !== mutated.length)
    throw new Error(
      `mutation check needs one mutated object per rendered object, got ${mutated.length} for ${rendered.length}`,
    );
  return rendered.flatMap((before, i) => {
    const kind = before.kind ?? '';
    const object = `${kind}/${before.metadata?.name ?? ''}`;
    return diffObjects(before, mutated[i]).flatMap((change): MutationViolation[] => {
      const path = change.path.join('.');
      if (policy.protectedKinds.includes(kind))
        return [{ object, path, op: change.op, reason: `${kind} objects are the chart's and may not be changed` }];
      if (policy.rules.some((rule) => allows(rule, kind, change))) return [];
      return [{ object, path, op: change.op, reason: reasonFor(change) }];
    });
  });
}

function allows(rule: MutationRule, kind: string, change: Change): boolean {
  if (rule.kinds !== undefined && !rule.kinds.includes(kind)) return false;
  if (!rule.ops.includes(change.op)) return false;
  // An added empty map on the way to an allowed key (a new `labels: {}`) is allowed with the key.
  if (change.path.length > rule.path.length) return false;
  if (change.path.length < rule.path.length && change.op !== 'add') return false;
  return change.path.every((segment, i) => rule.path[i] === '*' || rule.path[i] === segment);
}

function reasonFor(change: Change): string {
  const leaf = change.path.at(-2);
  if ((leaf === 'labels' || leaf === 'annotations') && change.op !== 'add')
    return `the chart set this ${leaf === 'labels' ? 'label' : 'annotation'}; only new ones may be added`;
  return 'not in the allow-list (new labels and annotations on metadata and pod templates)';
}

/** formatViolations renders violations as the one-line status message of a refused mutation. */
export function formatViolations(violations: readonly MutationViolation[]): string {
  const shown = violations.slice(0, 5).map((v) => `${v.object}: ${v.op} ${v.path}: ${v.reason}`);
  const more = violations.length > shown.length ? `; and ${violations.length - shown.length} more` : '';
  return `mutation refused, nothing applied: ${shown.join('; ')}${more}`;
}
