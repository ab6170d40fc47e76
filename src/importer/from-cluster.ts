import { UserError } from '../errors/user-error.js';
import type { SourceText } from './source-documents.js';

/**
 * readClusterCrds reads CustomResourceDefinitions by name through the current kubeconfig ($KUBECONFIG,
 * ~/.kube/config or in-cluster), as plain JSON so that the importer sees exactly what the apiserver serves.
 */
export async function readClusterCrds(names: readonly string[]): Promise<SourceText[]> {
  const { CustomObjectsApi, KubeConfig } = await import('@kubernetes/client-node');
  const config = new KubeConfig();
  try {
    config.loadFromDefault();
  } catch (err) {
    throw new UserError(`cannot read the kubeconfig: ${(err as Error).message}`, {
      hint: 'set KUBECONFIG or create ~/.kube/config',
      cause: err,
    });
  }
  if (config.getCurrentCluster() === null)
    throw new UserError('no current cluster in the kubeconfig', {
      hint: 'set KUBECONFIG or run kubectl config use-context <context>',
    });
  const api = config.makeApiClient(CustomObjectsApi);
  const out: SourceText[] = [];
  for (const name of names) {
    let obj: unknown;
    try {
      obj = await api.getClusterCustomObject({
        group: 'apiextensions.k8s.io',
        version: 'v1',
        plural: 'customresourcedefinitions',
        name,
      });
    } catch (err) {
      const code = (err as { code?: number }).code;
      if (code === 404)
        throw new UserError(`the cluster has no CustomResourceDefinition ${name}`, {
          hint: 'list them with kubectl get crd; names are <plural>.<group>, e.g. certificates.cert-manager.io',
        });
      throw new UserError(
        `cannot read CustomResourceDefinition ${name} from ${config.getCurrentCluster()?.server ?? 'the cluster'}: ${(err as Error).message}`,
        {
          hint: 'check the kubeconfig context and that you may get customresourcedefinitions',
          cause: err,
        },
      );
    }
    out.push({ file: `<cluster>/${name}`, text: `${JSON.stringify(obj, null, 2)}\n` });
  }
  return out;
}
