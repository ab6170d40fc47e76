import { readFile } from 'node:fs/promises';

const SERVICE_ACCOUNT_NAMESPACE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

/**
 * podNamespace is the namespace the manager runs in: POD_NAMESPACE, else its service account's; undefined
 * outside a cluster.
 */
export async function podNamespace(): Promise<string | undefined> {
  const fromEnv = process.env.POD_NAMESPACE;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  try {
    const ns = (await readFile(SERVICE_ACCOUNT_NAMESPACE, 'utf8')).trim();
    return ns === '' ? undefined : ns;
  } catch {
    return undefined;
  }
}
