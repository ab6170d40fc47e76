// Reads the model data from a real kube-apiserver: starts the pinned control plane (operator-ts/testing)
// with every API group version enabled, downloads /openapi/v3 and reshapes it (src/schema/k8s-models).
// Shared by `npm run k8s-models:refresh`, which writes the data, and the test that checks it is current.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** DATA_DIR is where the package keeps the model data. */
export const DATA_DIR = join(repo, 'src/schema/k8s-models');

/** collectModelData returns the rendered data, the file name of its Kubernetes version, and what the build noticed. */
export async function collectModelData() {
  const testing = await import(join(repo, 'dist/src/testing/index.js'));
  const { fetchOpenApiV3 } = await import(join(repo, 'dist/src/schema/k8s-models/fetch-openapi.js'));
  const { buildModelData, renderModelModule } = await import(join(repo, 'dist/src/schema/k8s-models/build-data.js'));
  const { readClientNodeModels } = await import(join(repo, 'dist/src/schema/k8s-models/client-node-models.js'));
  const { readKubernetesGoSources, goModuleVersion: goModuleVersionOf } = await import(
    join(repo, 'dist/src/schema/k8s-models/read-go-docs.js')
  );
  const clientNodeDist = dirname(createRequire(join(repo, 'package.json')).resolve('@kubernetes/client-node'));
  // Alpha and beta versions are off by default; client-node has models for them too.
  const env = await testing.startTestEnv({
    attachControlPlaneOutput: false,
    apiServerFlags: { 'runtime-config': 'api/all=true' },
  });
  try {
    const api = await fetchOpenApiV3(env.config);
    const go = readKubernetesGoSources(api.gitVersion);
    const goDocs = go.docs;
    const built = buildModelData({
      kubernetesVersion: api.gitVersion,
      definitions: api.definitions,
      clientNodeModels: readClientNodeModels(clientNodeDist),
      goDocs,
      goTypes: go.types,
    });
    const minor = /^v(\d+\.\d+)\./.exec(api.gitVersion)?.[1] ?? api.gitVersion;
    return {
      ...built,
      ambiguousDocs: goDocs.ambiguous.size,
      paths: api.paths,
      fileName: `v${minor}.ts`,
      text: renderModelModule(
        built.data,
        `kube-apiserver ${api.gitVersion}'s /openapi/v3 (every API group version enabled), descriptions with the line breaks and field markers of k8s.io/api ${goModuleVersionOf(api.gitVersion)}`,
      ),
    };
  } finally {
    await env.stop();
  }
}
