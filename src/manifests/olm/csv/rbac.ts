import { UserError } from '../../../errors/user-error.js';
import { asObjArray, compareStrings, describeObject, nameOf, type Obj } from '../model/objects.js';
import type { CollectedManifests } from './collect.js';

/** StrategyPermissions is one `permissions[]` / `clusterPermissions[]` entry of a CSV install strategy. */
export interface StrategyPermissions {
  serviceAccountName: string;
  rules: Obj[];
}

/** RbacResult is the RBAC absorbed into the CSV and the objects it consumed (not written as manifests). */
export interface RbacResult {
  permissions: StrategyPermissions[];
  clusterPermissions: StrategyPermissions[];
  consumed: Set<Obj>;
}

/** deploymentServiceAccount returns the service account a Deployment runs as ('default' when unset). */
export function deploymentServiceAccount(deployment: Obj): string {
  const sa: unknown = deployment.spec?.template?.spec?.serviceAccountName;
  return typeof sa === 'string' && sa !== '' ? sa : 'default';
}

/**
 * buildPermissions turns the (Cluster)Roles bound to the operator's service accounts into CSV
 * permissions, as operator-sdk does: a RoleBinding contributes to `permissions` (whether it references a
 * Role or a ClusterRole), a ClusterRoleBinding to `clusterPermissions`; rules are concatenated per service
 * account and entries sorted by service account name. A deployment service account bound to nothing is
 * an error: OLM would install an operator that cannot read anything.
 */
export function buildPermissions(c: CollectedManifests, extraServiceAccounts: readonly string[] = []): RbacResult {
  const saNames = new Set<string>([...c.deployments.map(deploymentServiceAccount), ...extraServiceAccounts]);
  const roles = new Map(c.roles.map((r) => [nameOf(r), r]));
  const clusterRoles = new Map(c.clusterRoles.map((r) => [nameOf(r), r]));
  const permissions = new Map<string, Obj[]>();
  const clusterPermissions = new Map<string, Obj[]>();
  const consumed = new Set<Obj>();

  const absorb = (binding: Obj, into: Map<string, Obj[]>, allowRole: boolean): void => {
    const subjects = asObjArray(binding.subjects);
    const ours = subjects.filter((s) => s.kind === 'ServiceAccount' && saNames.has(String(s.name)));
    if (ours.length === 0) return;
    const ref: Obj = binding.roleRef ?? {};
    const role =
      ref.kind === 'Role' && allowRole
        ? roles.get(String(ref.name))
        : ref.kind === 'ClusterRole'
          ? clusterRoles.get(String(ref.name))
          : undefined;
    if (role === undefined) return;
    consumed.add(role);
    if (ours.length === subjects.length) consumed.add(binding);
    for (const s of ours) {
      const list = into.get(String(s.name)) ?? [];
      list.push(...asObjArray(role.rules));
      into.set(String(s.name), list);
    }
  };
  // Bindings are visited by name so the rule order does not depend on the order kustomize emits them in.
  const byName = (a: Obj, b: Obj): number => compareStrings(nameOf(a), nameOf(b));
  for (const b of [...c.roleBindings].sort(byName)) absorb(b, permissions, true);
  for (const b of [...c.clusterRoleBindings].sort(byName)) absorb(b, clusterPermissions, false);

  for (const deployment of c.deployments) {
    const sa = deploymentServiceAccount(deployment);
    if (!permissions.has(sa) && !clusterPermissions.has(sa)) {
      throw new UserError(
        `ServiceAccount "${sa}" used by ${describeObject(deployment)} is bound to no Role or ClusterRole in the input manifests`,
        {
          hint:
            `add a RoleBinding or ClusterRoleBinding whose subject is ServiceAccount "${sa}" (config/rbac/role_binding.yaml), ` +
            "make sure config/manifests includes ../default (which includes ../rbac), and that the kustomize namePrefix matches the Deployment's serviceAccountName",
        },
      );
    }
  }
  for (const sa of c.serviceAccounts) if (saNames.has(nameOf(sa))) consumed.add(sa);
  const toList = (m: Map<string, Obj[]>): StrategyPermissions[] =>
    [...m.entries()]
      .filter(([, rules]) => rules.length > 0)
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([serviceAccountName, rules]) => ({ serviceAccountName, rules }));
  return { permissions: toList(permissions), clusterPermissions: toList(clusterPermissions), consumed };
}
