import { commonLabels } from './labels.js';

const CERT_DIR = '/tmp/k8s-webhook-server/serving-certs';

/**
 * SELF_MANAGED_HEADER explains config/self-managed-certs/kustomization.yaml: an overlay of config/default,
 * which keeps its own output and replacements intact and removes cert-manager's part afterwards.
 */
export const SELF_MANAGED_HEADER =
  'Deploys the manager without cert-manager: `kubectl apply -k config/self-managed-certs` instead of\n' +
  ' config/default. The manager runs with --webhook-cert-mode=self-managed: it issues a CA and a serving\n' +
  ' certificate, keeps them in the Secret <name>-webhook-server-cert, injects the CA bundle into the webhook\n' +
  ' configurations and conversion CRDs, and rotates them before they expire; every replica reads the Secret.\n' +
  ' The names below follow config/default (namespace <name>-system, prefix <name>-): change them with it.';

/** selfManagedCertsFiles builds config/self-managed-certs: the overlay, its RBAC and its patches. */
export function selfManagedCertsFiles(projectName: string): { kustomization: object; files: Record<string, object> } {
  const namespace = `${projectName}-system`;
  const labels = commonLabels(projectName);
  const subjects = [{ kind: 'ServiceAccount', name: `${projectName}-controller-manager`, namespace }];
  const kustomization = {
    resources: [
      '../default',
      'certificate_secret_role.yaml',
      'certificate_secret_role_binding.yaml',
      'ca_injection_role.yaml',
      'ca_injection_role_binding.yaml',
    ],
    patches: [
      // cert-manager's Issuer and Certificate go; its CA injection annotations would make a cainjector fight
      // the manager.
      ...[
        ['Certificate', 'serving-cert'],
        ['Issuer', 'selfsigned-issuer'],
      ].map(([kind, name]) => ({
        patch: [
          '$patch: delete',
          'apiVersion: cert-manager.io/v1',
          `kind: ${kind}`,
          'metadata:',
          `  name: ${projectName}-${name}`,
          `  namespace: ${namespace}`,
          '',
        ].join('\n'),
      })),
      {
        patch: '- op: remove\n  path: /metadata/annotations/cert-manager.io~1inject-ca-from\n',
        target: { annotationSelector: 'cert-manager.io/inject-ca-from' },
      },
      { path: 'manager_self_managed_certs_patch.yaml', target: { kind: 'Deployment' } },
      { path: 'manager_cert_dir_patch.yaml' },
    ],
  };
  return {
    kustomization,
    files: {
      'certificate_secret_role.yaml': {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        metadata: { labels, name: `${projectName}-webhook-certificate-secret`, namespace },
        rules: [
          // create cannot be limited to a name: the API server knows it only from the object.
          { apiGroups: [''], resources: ['secrets'], verbs: ['create'] },
          {
            apiGroups: [''],
            resources: ['secrets'],
            resourceNames: [`${projectName}-webhook-server-cert`],
            verbs: ['get', 'update'],
          },
        ],
      },
      'certificate_secret_role_binding.yaml': {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: { labels, name: `${projectName}-webhook-certificate-secret`, namespace },
        roleRef: {
          apiGroup: 'rbac.authorization.k8s.io',
          kind: 'Role',
          name: `${projectName}-webhook-certificate-secret`,
        },
        subjects,
      },
      'ca_injection_role.yaml': {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRole',
        metadata: { labels, name: `${projectName}-webhook-ca-injection` },
        rules: [
          {
            apiGroups: ['admissionregistration.k8s.io'],
            resources: ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'],
            resourceNames: [
              `${projectName}-mutating-webhook-configuration`,
              `${projectName}-validating-webhook-configuration`,
            ],
            verbs: ['get', 'update'],
          },
          // The CRDs whose conversion the manager serves; list them in resourceNames to narrow this.
          { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['get', 'update'] },
        ],
      },
      'ca_injection_role_binding.yaml': {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { labels, name: `${projectName}-webhook-ca-injection` },
        roleRef: {
          apiGroup: 'rbac.authorization.k8s.io',
          kind: 'ClusterRole',
          name: `${projectName}-webhook-ca-injection`,
        },
        subjects,
      },
      'manager_self_managed_certs_patch.yaml': [
        { op: 'add', path: '/spec/template/spec/containers/0/args/-', value: '--webhook-cert-mode=self-managed' },
      ],
      // The certificate directory becomes a writable emptyDir the manager fills from the Secret (the root
      // filesystem is read-only); the Secret is no longer mounted.
      'manager_cert_dir_patch.yaml': {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: `${projectName}-controller-manager`, namespace },
        spec: {
          template: {
            spec: {
              containers: [
                { name: 'manager', volumeMounts: [{ mountPath: CERT_DIR, name: 'webhook-certs', readOnly: null }] },
              ],
              volumes: [{ name: 'webhook-certs', secret: null, emptyDir: {} }],
            },
          },
        },
      },
    },
  };
}
