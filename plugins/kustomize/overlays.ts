import { toYamlWithMarkers } from '../../src/index.js';
import { commonLabels, managerSelector } from './labels.js';

/** defaultKustomization renders config/default/kustomization.yaml with the markers later commands insert at. */
export function defaultKustomization(projectName: string): string {
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
      endMarkers: ['replacements'],
    },
  );
}

/** metricsService is config/default/metrics_service.yaml: the HTTPS metrics endpoint on 8443. */
export function metricsService(projectName: string): object {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { labels: { 'control-plane': 'controller-manager', ...commonLabels(projectName) }, name: 'controller-manager-metrics-service', namespace: 'system' },
    spec: { ports: [{ name: 'https', port: 8443, protocol: 'TCP', targetPort: 8443 }], selector: managerSelector(projectName) },
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
      metadata: { labels: { 'control-plane': 'controller-manager', ...commonLabels(projectName) }, name: 'controller-manager-metrics-monitor', namespace: 'system' },
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
    'kustomization.yaml': { resources: ['allow-metrics-traffic.yaml'] },
    'allow-metrics-traffic.yaml': {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { labels: commonLabels(projectName), name: 'allow-metrics-traffic', namespace: 'system' },
      spec: {
        podSelector: { matchLabels: managerSelector(projectName) },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ namespaceSelector: { matchLabels: { metrics: 'enabled' } } }], ports: [{ port: 8443, protocol: 'TCP' }] }],
      },
    },
  };
}
