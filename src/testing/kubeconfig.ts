import { KubeConfig } from '@kubernetes/client-node';

/**
 * RestConfig is how to reach the test API server as one user, like Go's rest.Config: `host` plus PEM text
 * (not base64) of the CA to trust and of the user's client certificate and key, ready for node:https's
 * `ca`/`cert`/`key` options.
 */
export interface RestConfig {
  /** API server URL, `https://127.0.0.1:<port>`. */
  host: string;
  /** PEM of the CA that signed the API server's serving certificate. */
  caData: string;
  /** PEM of the user's client certificate. */
  certData: string;
  /** PEM (PKCS#8) of the user's private key. */
  keyData: string;
}

/** KUBECONFIG_NAME is the cluster, user and context name envtest writes into kubeconfigs. */
export const KUBECONFIG_NAME = 'envtest';

/**
 * kubeconfigDocument builds the kubeconfig for a {@link RestConfig}: cluster, user and context all named
 * `envtest`, with the CA, certificate and key embedded as base64 data.
 */
export function kubeconfigDocument(config: RestConfig): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      { name: KUBECONFIG_NAME, cluster: { server: config.host, 'certificate-authority-data': base64(config.caData) } },
    ],
    users: [
      {
        name: KUBECONFIG_NAME,
        user: { 'client-certificate-data': base64(config.certData), 'client-key-data': base64(config.keyData) },
      },
    ],
    contexts: [{ name: KUBECONFIG_NAME, context: { cluster: KUBECONFIG_NAME, user: KUBECONFIG_NAME } }],
    'current-context': KUBECONFIG_NAME,
    preferences: {},
  };
}

/** kubeconfigText serialises {@link kubeconfigDocument} as JSON, which kubectl and every client read as YAML. */
export function kubeconfigText(config: RestConfig): string {
  return JSON.stringify(kubeconfigDocument(config), null, 2) + '\n';
}

/** kubeConfigFromRestConfig makes a @kubernetes/client-node KubeConfig equal to {@link kubeconfigDocument}. */
export function kubeConfigFromRestConfig(config: RestConfig): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: KUBECONFIG_NAME, server: config.host, caData: base64(config.caData), skipTLSVerify: false }],
    users: [{ name: KUBECONFIG_NAME, certData: base64(config.certData), keyData: base64(config.keyData) }],
    contexts: [{ name: KUBECONFIG_NAME, cluster: KUBECONFIG_NAME, user: KUBECONFIG_NAME }],
    currentContext: KUBECONFIG_NAME,
  });
  return kc;
}

function base64(pem: string): string {
  return Buffer.from(pem, 'utf8').toString('base64');
}
