import { commonLabels, managerSelector } from './labels.js';

/**
 * managerManifests builds config/manager/manager.yaml: the Namespace and the manager Deployment. The
 * container sets `args` but no `command`, so that the image's ENTRYPOINT (Node with the manager's memory
 * flags, then the bundle) starts it: a `command` would replace the ENTRYPOINT and drop the flags.
 */
export function managerManifests(projectName: string, namespaced: boolean): object[] {
  const env = namespaced
    ? [{ name: 'WATCH_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } }]
    : undefined;
  return [
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { labels: { 'control-plane': 'controller-manager', ...commonLabels(projectName) }, name: 'system' },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'controller-manager',
        namespace: 'system',
        labels: { 'control-plane': 'controller-manager', ...commonLabels(projectName) },
      },
      spec: {
        selector: { matchLabels: managerSelector(projectName) },
        replicas: 1,
        template: {
          metadata: {
            annotations: { 'kubectl.kubernetes.io/default-container': 'manager' },
            labels: managerSelector(projectName),
          },
          spec: {
            securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
            containers: [
              {
                args: ['--leader-elect', '--health-probe-bind-address=:8081'],
                image: 'controller:latest',
                name: 'manager',
                ...(env === undefined ? {} : { env }),
                ports: [],
                securityContext: {
                  readOnlyRootFilesystem: true,
                  allowPrivilegeEscalation: false,
                  capabilities: { drop: ['ALL'] },
                },
                livenessProbe: {
                  httpGet: { path: '/healthz', port: 8081 },
                  initialDelaySeconds: 15,
                  periodSeconds: 20,
                },
                readinessProbe: { httpGet: { path: '/readyz', port: 8081 }, initialDelaySeconds: 5, periodSeconds: 10 },
                resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '10m', memory: '128Mi' } },
                volumeMounts: [],
              },
            ],
            volumes: [],
            serviceAccountName: 'controller-manager',
            terminationGracePeriodSeconds: 10,
          },
        },
      },
    },
  ];
}
