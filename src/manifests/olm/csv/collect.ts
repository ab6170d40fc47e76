import { gvkOf, stableStringify, type Obj } from '../model/objects.js';

/** CollectedManifests sorts the rendered kustomize output into the groups the CSV builder consumes. */
export interface CollectedManifests {
  csvs: Obj[];
  crds: Obj[];
  deployments: Obj[];
  serviceAccounts: Obj[];
  roles: Obj[];
  clusterRoles: Obj[];
  roleBindings: Obj[];
  clusterRoleBindings: Obj[];
  services: Obj[];
  validatingWebhookConfigurations: Obj[];
  mutatingWebhookConfigurations: Obj[];
  scorecardConfigs: Obj[];
  /** Custom resources of a served version of an input CRD: the samples that become alm-examples. */
  customResources: Obj[];
  others: Obj[];
}

const RBAC = 'rbac.authorization.k8s.io';
const ADMISSION = 'admissionregistration.k8s.io';

/**
 * collectManifests groups objects by kind, dropping exact duplicates (kustomize overlays can emit the
 * same object twice). Input order is kept inside each group.
 */
export function collectManifests(objects: readonly Obj[]): CollectedManifests {
  const c: CollectedManifests = {
    csvs: [],
    crds: [],
    deployments: [],
    serviceAccounts: [],
    roles: [],
    clusterRoles: [],
    roleBindings: [],
    clusterRoleBindings: [],
    services: [],
    validatingWebhookConfigurations: [],
    mutatingWebhookConfigurations: [],
    scorecardConfigs: [],
    customResources: [],
    others: [],
  };
  const seen = new Set<string>();
  const rest: Obj[] = [];
  for (const obj of objects) {
    const key = stableStringify(obj);
    if (seen.has(key)) continue;
    seen.add(key);
    const { group, kind } = gvkOf(obj);
    const gk = `${kind}.${group}`;
    switch (gk) {
      case 'ClusterServiceVersion.operators.coreos.com':
        c.csvs.push(obj);
        break;
      case 'CustomResourceDefinition.apiextensions.k8s.io':
        c.crds.push(obj);
        break;
      case 'Deployment.apps':
        c.deployments.push(obj);
        break;
      case 'ServiceAccount.':
        c.serviceAccounts.push(obj);
        break;
      case `Role.${RBAC}`:
        c.roles.push(obj);
        break;
      case `ClusterRole.${RBAC}`:
        c.clusterRoles.push(obj);
        break;
      case `RoleBinding.${RBAC}`:
        c.roleBindings.push(obj);
        break;
      case `ClusterRoleBinding.${RBAC}`:
        c.clusterRoleBindings.push(obj);
        break;
      case 'Service.':
        c.services.push(obj);
        break;
      case `ValidatingWebhookConfiguration.${ADMISSION}`:
        c.validatingWebhookConfigurations.push(obj);
        break;
      case `MutatingWebhookConfiguration.${ADMISSION}`:
        c.mutatingWebhookConfigurations.push(obj);
        break;
      case 'Configuration.scorecard.operatorframework.io':
        c.scorecardConfigs.push(obj);
        break;
      default:
        rest.push(obj);
    }
  }
  const served = servedGvks(c.crds);
  for (const obj of rest) {
    const { group, version, kind } = gvkOf(obj);
    (served.has(`${group}/${version}/${kind}`) ? c.customResources : c.others).push(obj);
  }
  return c;
}

/** servedGvks lists `group/version/kind` of every served version of the given CRDs. */
export function servedGvks(crds: readonly Obj[]): Set<string> {
  const out = new Set<string>();
  for (const crd of crds) {
    const group: unknown = crd.spec?.group;
    const kind: unknown = crd.spec?.names?.kind;
    for (const v of Array.isArray(crd.spec?.versions) ? crd.spec.versions : []) {
      if (v?.served !== false) out.add(`${String(group)}/${String(v?.name)}/${String(kind)}`);
    }
  }
  return out;
}
