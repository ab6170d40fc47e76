import type { ProjectConfig } from '../../src/index.js';

/**
 * ICON is the placeholder operator icon: a small SVG (a blue hexagon), base64-encoded. It is valid, so
 * the OperatorHub checks pass, and obviously generic, so authors replace it.
 */
export const ICON = {
  base64data: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path fill="#326ce5" d="M32 2l26 15v30L32 62 6 47V17z"/></svg>',
  ).toString('base64'),
  mediatype: 'image/svg+xml',
} as const;

/** MIN_KUBE_VERSION is the oldest Kubernetes the scaffolded operator declares support for. */
export const MIN_KUBE_VERSION = '1.30.0';

/** displayName title-cases a project name on `-`, `_`, `.`, spaces and camel-case boundaries (`memcached-operator` -> `Memcached Operator`). */
export function displayName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_. ]+/)
    .filter((w) => w.length > 0)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** csvPath is the base ClusterServiceVersion of a project: config/manifests/bases/<project>.clusterserviceversion.yaml. */
export function csvPath(projectName: string): string {
  return `config/manifests/bases/${projectName}.clusterserviceversion.yaml`;
}

/**
 * baseCsv builds the base ClusterServiceVersion `operator-ts generate bundle` merges the rendered
 * manifests into. It holds only what a person must decide (names, description, icon, maintainers,
 * install modes); version, install strategy, permissions and owned CRDs are filled at bundle time.
 * There is no `createdAt`, so bundles are reproducible.
 */
export function baseCsv(
  project: Pick<ProjectConfig, 'projectName' | 'domain' | 'namespaced'>,
): Record<string, unknown> {
  const name = project.projectName;
  const title = displayName(name);
  return {
    apiVersion: 'operators.coreos.com/v1alpha1',
    kind: 'ClusterServiceVersion',
    metadata: {
      annotations: { 'alm-examples': '[]', capabilities: 'Basic Install' },
      name: `${name}.v0.0.0`,
      namespace: 'placeholder',
    },
    spec: {
      customresourcedefinitions: { owned: [] },
      description: `${title} is a Kubernetes operator built with operator-ts. Describe what it manages and how to use it: this text is shown on the operator's catalog page.`,
      displayName: title,
      icon: [{ ...ICON }],
      install: { spec: { deployments: null }, strategy: '' },
      installModes: [
        { supported: project.namespaced, type: 'OwnNamespace' },
        { supported: project.namespaced, type: 'SingleNamespace' },
        { supported: false, type: 'MultiNamespace' },
        { supported: true, type: 'AllNamespaces' },
      ],
      keywords: [name],
      links: [{ name: title, url: `https://${name}.${project.domain}` }],
      maintainers: [{ email: `maintainers@${project.domain}`, name: 'Maintainer Name' }],
      maturity: 'alpha',
      minKubeVersion: MIN_KUBE_VERSION,
      provider: { name: 'Provider Name', url: `https://${project.domain}` },
      version: '0.0.0',
    },
  };
}
