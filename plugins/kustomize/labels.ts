/** commonLabels are the labels kubebuilder puts on every scaffolded object. */
export function commonLabels(projectName: string): Record<string, string> {
  return { 'app.kubernetes.io/name': projectName, 'app.kubernetes.io/managed-by': 'kustomize' };
}

/** managerSelector selects the manager pods. */
export function managerSelector(projectName: string): Record<string, string> {
  return { 'control-plane': 'controller-manager', 'app.kubernetes.io/name': projectName };
}
