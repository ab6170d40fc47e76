// Builds the envtest binaries (kube-apiserver, etcd, kubectl, kube-controller-manager) when Go is available, so that the cluster
// tests run; without Go they are skipped by the tests themselves with a message saying how to get binaries. Under CI (CI=true)
// that skip is an error: without Go or with a failed build this exits non-zero, saying why.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ci = /^(true|1)$/i.test(process.env.CI ?? '');
const assets = process.env.KUBEBUILDER_ASSETS;
const provided =
  assets !== undefined && assets !== '' && ['kube-apiserver', 'etcd'].every((b) => existsSync(join(assets, b)));

const go = spawnSync('go', ['version'], { encoding: 'utf8' });
if (go.error || go.status !== 0) {
  if (provided) {
    process.stderr.write(`envtest: Go not found; the cluster tests use KUBEBUILDER_ASSETS=${assets}\n`);
    process.exit(0);
  }
  if (ci) {
    process.stderr.write(
      'envtest: CI=true, and the envtest binaries cannot be built: Go is not installed (no `go` on PATH), so the cluster tests ' +
        'would be skipped. Install Go 1.26+, or set KUBEBUILDER_ASSETS to a folder holding kube-apiserver, etcd and kubectl.\n',
    );
    process.exit(1);
  }
  process.stderr.write(
    'envtest: Go not found; cluster tests will be skipped unless KUBEBUILDER_ASSETS points at binaries\n',
  );
  process.exit(0);
}
const script = fileURLToPath(new URL('./build.sh', import.meta.url));
const build = spawnSync('bash', [script], { stdio: ['ignore', 'inherit', 'inherit'] });
if (build.status !== 0) {
  const how =
    build.error !== undefined
      ? build.error.message
      : build.status === null
        ? `killed by ${build.signal}`
        : `exit ${build.status}`;
  process.stderr.write(
    `envtest: building the envtest binaries with e2e/envtest-assets/build.sh failed (${how}); the cluster tests cannot run\n`,
  );
  process.exit(build.status || 1);
}
