import { toYaml, toYamlWithMarkers } from '../../src/index.js';
import { commonLabels, managerSelector } from './labels.js';

/** commented gives YAML as hint lines for toYamlWithMarkers, which puts `#` directly before each line. */
function commented(yaml: string): string {
  return yaml.replace(/\n$/, '');
}

/**
 * METRICS_SERVICE and METRICS_CERT are what the metrics certificate's DNS names are filled from and into
 * (config/certmanager/certificate-metrics.yaml, written by `create webhook` with the rest of config/certmanager).
 */
const METRICS_SERVICE = { kind: 'Service', version: 'v1', name: 'controller-manager-metrics-service' };
const METRICS_CERT = { kind: 'Certificate', group: 'cert-manager.io', version: 'v1', name: 'metrics-certs' };

/**
 * defaultKustomization renders config/default/kustomization.yaml with the markers later commands insert at,
 * and commented hints, as kubebuilder's go/v4 scaffold has them, for what a user turns on by hand: the
 * Prometheus ServiceMonitor, the network policies, and metrics served with a cert-manager certificate.
 */
export function defaultKustomization(projectName: string): string {
  const metricsCertPatch = toYaml([{ path: 'cert_metrics_manager_patch.yaml', target: { kind: 'Deployment' } }]);
  return toYamlWithMarkers(
    {
      namespace: `${projectName}-system`,
      namePrefix: `${projectName}-`,
      resources: ['../rbac', '../manager', 'metrics_service.yaml'],
      patches: [{ path: 'manager_metrics_patch.yaml', target: { kind: 'Deployment' } }],
      replacements: null,
    },
    {
      header:
        'Deploys the manager: namespace <name>-system, every object prefixed <name>-. operator-ts commands add\n' +
        ' entries above the +operator-ts:scaffold markers; keep them when you edit this file.',
      listMarkers: { resources: 'resources', patches: 'patches' },
      listComments: {
        resources: [
          ' [PROMETHEUS] To have the Prometheus Operator scrape the metrics endpoint (a ServiceMonitor), uncomment:',
          '- ../prometheus',
          ' [NETWORK POLICY] To let only namespaces labelled `metrics: enabled` reach the metrics endpoint (and, once',
          ' webhooks exist, only namespaces labelled `webhook: enabled` reach the webhook server), uncomment:',
          '- ../network-policy',
        ].join('\n'),
        patches: [
          ' [METRICS-WITH-CERTS] To serve metrics with a cert-manager certificate instead of a self-signed one, uncomment',
          ' the patch below, the metrics-certs replacements at the end and certificate-metrics.yaml in',
          ' config/certmanager/kustomization.yaml (config/certmanager comes with `create webhook`).',
          commented(metricsCertPatch),
        ].join('\n'),
      },
      endComment: [
        ' [METRICS-WITH-CERTS] The DNS names of the metrics certificate, from the metrics Service:',
        commented(toYaml(dnsReplacements(METRICS_SERVICE, METRICS_CERT))),
      ].join('\n'),
      endMarkers: ['replacements'],
    },
  );
}

/** dnsReplacements fill a Certificate's two DNS names (`<service>.<namespace>.svc[.cluster.local]`) from a Service. */
function dnsReplacements(service: object, cert: object): object[] {
  return [0, 1].map((index) => ({
    source: { ...service, fieldPath: `metadata.${index === 0 ? 'name' : 'namespace'}` },
    targets: [
      {
        select: cert,
        fieldPaths: ['spec.dnsNames.0', 'spec.dnsNames.1'],
        options: { delimiter: '.', index, create: true },
      },
    ],
  }));
}

/**
 * certMetricsPatch is config/default/cert_metrics_manager_patch.yaml: mount the metrics-server-cert Secret
 * (cert-manager's metrics-certs Certificate) and point --metrics-cert-path at it.
 */
export function certMetricsPatch(): object {
  const dir = '/tmp/k8s-metrics-server/metrics-certs';
  return [
    {
      op: 'add',
      path: '/spec/template/spec/containers/0/volumeMounts/-',
      value: { mountPath: dir, name: 'metrics-certs', readOnly: true },
    },
    { op: 'add', path: '/spec/template/spec/containers/0/args/-', value: `--metrics-cert-path=${dir}` },
    {
      op: 'add',
      path: '/spec/template/spec/volumes/-',
      value: {
        name: 'metrics-certs',
        secret: {
          secretName: 'metrics-server-cert',
          optional: false,
          items: ['ca.crt', 'tls.crt', 'tls.key'].map((key) => ({ key, path: key })),
        },
      },
    },
  ];
}

/** metricsService is config/default/metrics_service.yaml: the HTTPS metrics endpoint on 8443. */
export function metricsService(projectName: string): object {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      labels: { 'control-plane': 'controller-manager', ...commonLabels(projectName) },
      name: 'controller-manager-metrics-service',
      namespace: 'system',
    },
    spec: {
      ports: [{ name: 'https', port: 8443, protocol: 'TCP', targetPort: 8443 }],
      selector: managerSelector(projectName),
    },
  };
}

/** metricsPatch is config/default/manager_metrics_patch.yaml: serve metrics on :8443. */
export function metricsPatch(): object {
  return [{ op: 'add', path: '/spec/template/spec/containers/0/args/0', value: '--metrics-bind-address=:8443' }];
}

/** prometheusFiles builds config/prometheus: a ServiceMonitor scraping the metrics endpoint. */
export function prometheusFiles(projectName: string): Record<string, object> {
  return {
    'kustomization.yaml': { resources: ['monitor.yaml'] },
    'monitor.yaml': {
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'ServiceMonitor',
      metadata: {
        labels: { 'control-plane': 'controller-manager', ...commonLabels(projectName) },
        name: 'controller-manager-metrics-monitor',
        namespace: 'system',
      },
      spec: {
        endpoints: [
          {
            path: '/metrics',
            port: 'https',
            scheme: 'https',
            bearerTokenFile: '/var/run/secrets/kubernetes.io/serviceaccount/token',
            tlsConfig: { insecureSkipVerify: true },
          },
        ],
        selector: { matchLabels: managerSelector(projectName) },
      },
    },
  };
}

/** networkPolicyFiles builds config/network-policy: only namespaces labelled metrics: enabled may scrape. */
export function networkPolicyFiles(projectName: string): Record<string, object> {
  return {
    'allow-metrics-traffic.yaml': {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { labels: commonLabels(projectName), name: 'allow-metrics-traffic', namespace: 'system' },
      spec: {
        podSelector: { matchLabels: managerSelector(projectName) },
        policyTypes: ['Ingress'],
        ingress: [
          {
            from: [{ namespaceSelector: { matchLabels: { metrics: 'enabled' } } }],
            ports: [{ port: 8443, protocol: 'TCP' }],
          },
        ],
      },
    },
  };
}

/** NETWORK_POLICY_MARKER closes the resources of config/network-policy/kustomization.yaml. */
export const NETWORK_POLICY_MARKER = 'network-policy';

/** networkPolicyKustomization is config/network-policy/kustomization.yaml; create webhook adds its policy. */
export function networkPolicyKustomization(): string {
  return toYamlWithMarkers(
    { resources: ['allow-metrics-traffic.yaml'] },
    { listMarkers: { resources: NETWORK_POLICY_MARKER } },
  );
}

/**
 * webhookNetworkPolicy is config/network-policy/allow-webhook-traffic.yaml: only namespaces labelled
 * `webhook: enabled` reach the webhook server. The port is the pod's (9443): a NetworkPolicy sees traffic
 * after the Service (443) has forwarded it. The API server calls the webhooks; where its traffic comes from
 * the node network rather than a namespace, allow it with an ipBlock of the control-plane addresses.
 */
export function webhookNetworkPolicy(projectName: string): object {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { labels: commonLabels(projectName), name: 'allow-webhook-traffic', namespace: 'system' },
    spec: {
      podSelector: { matchLabels: managerSelector(projectName) },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [{ namespaceSelector: { matchLabels: { webhook: 'enabled' } } }],
          ports: [{ port: 9443, protocol: 'TCP' }],
        },
      ],
    },
  };
}
