/**
 * CORE_GROUPS maps the Kubernetes built-in API groups a controller may watch (with `--resource=false`)
 * to their full group name (empty for the legacy core group).
 */
export const CORE_GROUPS: Readonly<Record<string, string>> = {
  admission: 'admission.k8s.io',
  admissionregistration: 'admissionregistration.k8s.io',
  apps: 'apps',
  auditregistration: 'auditregistration.k8s.io',
  apiextensions: 'apiextensions.k8s.io',
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
  networking: 'networking.k8s.io',
  node: 'node.k8s.io',
  policy: 'policy',
  rbac: 'rbac.authorization.k8s.io',
  resource: 'resource.k8s.io',
  scheduling: 'scheduling.k8s.io',
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
