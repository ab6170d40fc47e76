// Builds the envtest binaries (kube-apiserver, etcd, kubectl, kube-controller-manager) when Go is available, so that the cluster
// tests run; without Go they are skipped by the tests themselves with a message saying how to get binaries.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const go = spawnSync('go', ['version'], { encoding: 'utf8' });
if (go.error || go.status !== 0) {
  process.stderr.write('envtest: Go not found; cluster tests will be skipped unless KUBEBUILDER_ASSETS points at binaries\n');
  process.exit(0);
}
const script = fileURLToPath(new URL('./build.sh', import.meta.url));
const build = spawnSync('bash', [script], { stdio: ['ignore', 'inherit', 'inherit'] });
process.exit(build.status ?? 1);
