import type https from 'node:https';

/** ClusterInfo is the part of a kubeconfig cluster entry the transport reads. */
export interface ClusterInfo {
  /** API server URL such as `https://10.96.0.1:443`. */
  readonly server: string;
  /** HTTP(S) proxy, when the kubeconfig names one. */
  readonly proxyUrl?: string | undefined;
}

/**
 * ClusterAccess is what {@link KubeTransport} needs from a cluster configuration: the current cluster and
 * a way to put TLS material and credentials on request options (per request, so rotating tokens are picked
 * up). client-node's `KubeConfig` satisfies it; so does the runtime's own light loader, which lets a
 * manager start without loading client-node (about 80 MB of resident memory and seconds of start-up).
 */
export interface ClusterAccess {
  /** ClusterAccess.getCurrentCluster returns the cluster of the current context, or null when there is none. */
  getCurrentCluster(): ClusterInfo | null;
  /** ClusterAccess.applyToHTTPSOptions sets `ca`, `cert`, `key`, `rejectUnauthorized`, `servername` and auth headers. */
  applyToHTTPSOptions(opts: https.RequestOptions): Promise<void>;
}
