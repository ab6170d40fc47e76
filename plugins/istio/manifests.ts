import { commonLabels, managerSelector } from '../kustomize/labels.js';

/** ISTIO_DIR is the kustomize folder of the mesh objects, listed by config/default. */
export const ISTIO_DIR = 'config/istio';

/** Ports of the manager as the kustomize scaffold opens them (plugins/kustomize/overlays.ts, webhook.ts, manager.ts). */
export const PORTS = { metrics: 8443, webhook: 9443, health: 8081 } as const;

/** ServiceAccountRef names the identity of a workload in the mesh: its namespace and service account. */
export interface ServiceAccountRef {
  readonly namespace: string;
  readonly serviceAccount: string;
}

/**
 * meshPrincipal is the SPIFFE-style principal Istio gives a workload's mTLS identity
 * (`<trust domain>/ns/<namespace>/sa/<service account>`); `cluster.local` is Istio's default trust domain.
 */
export function meshPrincipal(ref: ServiceAccountRef, trustDomain = 'cluster.local'): string {
  return `${trustDomain}/ns/${ref.namespace}/sa/${ref.serviceAccount}`;
}

const ISTIO_SECURITY = 'security.istio.io/v1';

/**
 * peerAuthentication requires mesh mTLS for every port of the manager, so that the AuthorizationPolicy
 * can trust the caller's identity; webhook projects open the webhook port again with
 * {@link webhookPeerAuthenticationPatch}.
 */
export function peerAuthentication(projectName: string): object {
  return {
    apiVersion: ISTIO_SECURITY,
    kind: 'PeerAuthentication',
    metadata: { labels: commonLabels(projectName), name: 'controller-manager', namespace: 'system' },
    spec: { selector: { matchLabels: managerSelector(projectName) }, mtls: { mode: 'STRICT' } },
  };
}

/**
 * webhookPeerAuthenticationPatch lets plain TLS reach the webhook port: the API server is not in the mesh
 * and has no mesh certificate. Port-level modes need the workload selector the PeerAuthentication has.
 * Where the sidecar honours the inbound-port exclusion this changes nothing; in ambient mode (ztunnel,
 * which ignores pod annotations) it is what keeps admission working.
 */
export function webhookPeerAuthenticationPatch(): object {
  return [{ op: 'add', path: '/spec/portLevelMtls', value: { [String(PORTS.webhook)]: { mode: 'PERMISSIVE' } } }];
}

/**
 * metricsAuthorizationPolicy allows only the metrics reader's mesh identity to reach the metrics port. An
 * ALLOW policy denies every request it does not match, so the other ports need their own ALLOW policy
 * ({@link webhookAuthorizationPolicy}); probes rewritten to the sidecar agent are not subject to it.
 */
export function metricsAuthorizationPolicy(projectName: string, reader: ServiceAccountRef): object {
  return {
    apiVersion: ISTIO_SECURITY,
    kind: 'AuthorizationPolicy',
    metadata: { labels: commonLabels(projectName), name: 'controller-manager-metrics', namespace: 'system' },
    spec: {
      selector: { matchLabels: managerSelector(projectName) },
      action: 'ALLOW',
      rules: [
        {
          from: [{ source: { principals: [meshPrincipal(reader)] } }],
          to: [{ operation: { ports: [String(PORTS.metrics)] } }],
        },
      ],
    },
  };
}

/**
 * webhookAuthorizationPolicy allows any caller on the webhook port: the API server has no mesh identity
 * to match, and the webhook server authenticates its callers with TLS itself.
 */
export function webhookAuthorizationPolicy(projectName: string): object {
  return {
    apiVersion: ISTIO_SECURITY,
    kind: 'AuthorizationPolicy',
    metadata: { labels: commonLabels(projectName), name: 'controller-manager-webhook', namespace: 'system' },
    spec: {
      selector: { matchLabels: managerSelector(projectName) },
      action: 'ALLOW',
      rules: [{ to: [{ operation: { ports: [String(PORTS.webhook)] } }] }],
    },
  };
}

function deploymentPatch(labels: Record<string, string> | undefined, annotations: Record<string, string>): object {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'controller-manager', namespace: 'system' },
    spec: { template: { metadata: { ...(labels === undefined ? {} : { labels }), annotations } } },
  };
}

/**
 * managerIstioPatch is config/default/manager_istio_patch.yaml: the pod asks for a sidecar, the sidecar
 * agent answers the kubelet's HTTP probes (the kubelet has no mesh certificate, so STRICT mTLS would fail
 * them), and the manager starts only once its proxy is ready (its first call, to the API server, goes
 * through the proxy).
 */
export function managerIstioPatch(): object {
  return deploymentPatch(
    { 'sidecar.istio.io/inject': 'true' },
    {
      'sidecar.istio.io/rewriteAppHTTPProbers': 'true',
      'proxy.istio.io/config': '{"holdApplicationUntilProxyStarts": true}',
    },
  );
}

/**
 * managerIstioWebhookPatch is config/default/manager_istio_webhook_patch.yaml: the sidecar does not
 * intercept the webhook port, so the API server's TLS connection reaches the webhook server itself.
 */
export function managerIstioWebhookPatch(): object {
  return deploymentPatch(undefined, { 'traffic.sidecar.istio.io/excludeInboundPorts': String(PORTS.webhook) });
}
