/**
 * CORE_GROUPS maps the Kubernetes built-in API groups a controller may watch (with `--resource=false`)
 * to their full group name (empty for the legacy core group): kubebuilder's table
 * (pkg/plugins/golang/options.go coreGroups, where a group is `<name>` or `<name>.k8s.io`) plus the
 * groups of the runtime's built-in kinds it lacks (apiregistration, discovery, resource) and `rbac` as
 * a short name for `rbac.authorization`.
 */
export const CORE_GROUPS: Readonly<Record<string, string>> = {
  admission: 'admission.k8s.io',
  admissionregistration: 'admissionregistration.k8s.io',
  apps: 'apps',
  auditregistration: 'auditregistration.k8s.io',
  apiextensions: 'apiextensions.k8s.io',
  apiregistration: 'apiregistration.k8s.io',
  authentication: 'authentication.k8s.io',
  authorization: 'authorization.k8s.io',
  autoscaling: 'autoscaling',
  batch: 'batch',
  certificates: 'certificates.k8s.io',
  coordination: 'coordination.k8s.io',
  core: '',
  discovery: 'discovery.k8s.io',
  events: 'events.k8s.io',
  extensions: 'extensions',
  imagepolicy: 'imagepolicy.k8s.io',
  metrics: 'metrics.k8s.io',
  networking: 'networking.k8s.io',
  node: 'node.k8s.io',
  policy: 'policy',
  rbac: 'rbac.authorization.k8s.io',
  'rbac.authorization': 'rbac.authorization.k8s.io',
  resource: 'resource.k8s.io',
  scheduling: 'scheduling.k8s.io',
  setting: 'setting.k8s.io',
  storage: 'storage.k8s.io',
};

/** isCoreGroup tells whether group names a Kubernetes built-in API group. */
export function isCoreGroup(group: string): boolean {
  return Object.hasOwn(CORE_GROUPS, group);
}

/** coreGroupName is the full API group of a built-in short group (`rbac` -> `rbac.authorization.k8s.io`, `core` -> ``). */
export function coreGroupName(group: string): string {
  return CORE_GROUPS[group] ?? group;
}

/** coreGroupFlag is the `--group` value that names a built-in full group (`` -> `core`, `rbac.authorization.k8s.io` -> `rbac`). */
export function coreGroupFlag(fullGroup: string): string {
  if (fullGroup === '') return 'core';
  return Object.keys(CORE_GROUPS).find((short) => CORE_GROUPS[short] === fullGroup) ?? fullGroup;
}
