import { newClient } from '../runtime/client/kube-client.js';
import type { Client } from '../runtime/client/client.js';
import type { ClusterAccess } from '../runtime/rest/cluster-access.js';
import { RestClient } from '../runtime/rest/rest-client.js';
import { KubeTransport } from '../runtime/rest/transport.js';
import type { RestConfig } from './kubeconfig.js';

/** DirectClientOptions configure {@link directClient}. */
export interface DirectClientOptions {
  /** Field manager of writes (and of server-side apply); `envtest` by default. */
  fieldManager?: string;
}

/**
 * directClient returns a {@link Client} that talks straight to the API server of a test environment, with
 * no cache: what envtest suites call `k8sClient` (`client.New(cfg, ...)` in Go). Pass the environment
 * (admin, system:masters) or a user from `env.addUser(...)` to act as that user. Every read sees the
 * server's latest state, so assert on a manager's effects with {@link eventually}. A list with
 * `matchingFields` becomes a server-side field selector. Its idle connections never keep the process alive.
 */
export function directClient(target: { config: RestConfig }, options: DirectClientOptions = {}): Client {
  const { config } = target;
  const access: ClusterAccess = {
    getCurrentCluster: () => ({ server: config.host }),
    applyToHTTPSOptions: async (opts) => {
      opts.ca = config.caData;
      opts.cert = config.certData;
      opts.key = config.keyData;
      opts.rejectUnauthorized = true;
    },
  };
  const rest = new RestClient(new KubeTransport(access, { userAgent: 'operator-ts-envtest' }));
  return newClient({ rest, fieldManager: options.fieldManager ?? 'envtest' });
}
