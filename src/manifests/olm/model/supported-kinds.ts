/**
 * NAMESPACED_BUNDLE_KINDS are the namespaced kinds operator-registry accepts in a registry+v1 bundle's
 * manifests/ directory (supported_resources.go), besides the CSV.
 */
export const NAMESPACED_BUNDLE_KINDS: readonly string[] = [
  'Service',
  'ServiceAccount',
  'Role',
  'RoleBinding',
  'PrometheusRule',
  'ServiceMonitor',
  'PodMonitor',
  'Secret',
  'ConfigMap',
  'PodDisruptionBudget',
  'NetworkPolicy',
];

/** CLUSTER_BUNDLE_KINDS are the cluster-scoped kinds accepted in a registry+v1 bundle. */
export const CLUSTER_BUNDLE_KINDS: readonly string[] = [
  'CustomResourceDefinition',
  'ClusterRole',
  'ClusterRoleBinding',
  'PriorityClass',
  'VerticalPodAutoscaler',
  'ConsoleYAMLSample',
  'ConsoleQuickStart',
  'ConsoleCLIDownload',
  'ConsoleLink',
  'ConsolePlugin',
];

/** isSupportedBundleKind tells whether kind may appear in bundle/manifests (the CSV included). */
export function isSupportedBundleKind(kind: string): boolean {
  return (
    kind === 'ClusterServiceVersion' || NAMESPACED_BUNDLE_KINDS.includes(kind) || CLUSTER_BUNDLE_KINDS.includes(kind)
  );
}
