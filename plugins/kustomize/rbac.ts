import { commonLabels } from './labels.js';

type Rule = { apiGroups: string[]; resources: string[]; verbs: string[] };

function role(kind: 'Role' | 'ClusterRole', name: string, projectName: string, rules: Rule[]): object {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind,
    metadata: { labels: commonLabels(projectName), name },
    rules,
  };
}

function binding(
  kind: 'RoleBinding' | 'ClusterRoleBinding',
  name: string,
  roleKind: 'Role' | 'ClusterRole',
  roleName: string,
  projectName: string,
): object {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind,
    metadata: { labels: commonLabels(projectName), name },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: roleName },
    subjects: [{ kind: 'ServiceAccount', name: 'controller-manager', namespace: 'system' }],
  };
}

/**
 * rbacFiles builds config/rbac/ at init: service account, manager role binding, leader election and metrics
 * roles, and the profiling reader role. Profiles have a role of their own, not a rule in metrics-reader: a
 * heap snapshot holds whatever the manager has in memory (Secrets it read, its own token), which a
 * Prometheus allowed to scrape metrics must not get.
 */
export function rbacFiles(projectName: string, namespaced: boolean): Record<string, object> {
  const managerRoleKind = namespaced ? 'Role' : 'ClusterRole';
  return {
    'service_account.yaml': {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { labels: commonLabels(projectName), name: 'controller-manager', namespace: 'system' },
    },
    'role.yaml': role(managerRoleKind, 'manager-role', projectName, [
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] },
    ]),
    'role_binding.yaml': binding(
      namespaced ? 'RoleBinding' : 'ClusterRoleBinding',
      'manager-rolebinding',
      managerRoleKind,
      'manager-role',
      projectName,
    ),
    'leader_election_role.yaml': role('Role', 'leader-election-role', projectName, [
      {
        apiGroups: [''],
        resources: ['configmaps'],
        verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'],
      },
      {
        apiGroups: ['coordination.k8s.io'],
        resources: ['leases'],
        verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'],
      },
      { apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] },
      { apiGroups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
    ]),
    'leader_election_role_binding.yaml': binding(
      'RoleBinding',
      'leader-election-rolebinding',
      'Role',
      'leader-election-role',
      projectName,
    ),
    'metrics_auth_role.yaml': role('ClusterRole', 'metrics-auth-role', projectName, [
      { apiGroups: ['authentication.k8s.io'], resources: ['tokenreviews'], verbs: ['create'] },
      { apiGroups: ['authorization.k8s.io'], resources: ['subjectaccessreviews'], verbs: ['create'] },
    ]),
    'metrics_auth_role_binding.yaml': binding(
      'ClusterRoleBinding',
      'metrics-auth-rolebinding',
      'ClusterRole',
      'metrics-auth-role',
      projectName,
    ),
    'metrics_reader_role.yaml': {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { labels: commonLabels(projectName), name: 'metrics-reader' },
      rules: [{ nonResourceURLs: ['/metrics'], verbs: ['get'] }],
    },
    'profiling_reader_role.yaml': {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { labels: commonLabels(projectName), name: 'profiling-reader' },
      rules: [{ nonResourceURLs: ['/debug/profile/*'], verbs: ['get'] }],
    },
  };
}

/**
 * kindRoles builds the admin/editor/viewer helper ClusterRoles of one kind (for cluster admins to bind to
 * users). Multigroup projects pass the short group as `prefix`, as kubebuilder does, because the same kind
 * may exist in two groups: files become `<group>_<kind>_admin_role.yaml`, roles `<group>-<kind>-admin-role`.
 */
export function kindRoles(
  projectName: string,
  group: string,
  plural: string,
  kindLower: string,
  prefix = '',
): Record<string, object> {
  const fileBase = prefix === '' ? kindLower : `${prefix}_${kindLower}`;
  const nameBase = prefix === '' ? kindLower : `${prefix}-${kindLower}`;
  const make = (suffix: string, verbs: string[]): object => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { labels: commonLabels(projectName), name: `${nameBase}-${suffix}-role` },
    rules: [
      { apiGroups: [group], resources: [plural], verbs },
      { apiGroups: [group], resources: [`${plural}/status`], verbs: ['get'] },
    ],
  });
  return {
    [`${fileBase}_admin_role.yaml`]: make('admin', ['*']),
    [`${fileBase}_editor_role.yaml`]: make('editor', ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    [`${fileBase}_viewer_role.yaml`]: make('viewer', ['get', 'list', 'watch']),
  };
}
