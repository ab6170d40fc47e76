// The scripts `npm test` runs before the suite to provide the Helm CLI (`npm run helm:ensure`) and the envtest
// binaries (`npm run envtest:ensure`): outside CI a missing Go is a note (the tests that need the binaries say
// they are skipped); under CI (CI=true) it is an error, as is a failed build, so a CI run can never pass with
// the cluster and Helm tests skipped. Go is taken away with PATH, and a failing build is a `go` on PATH that
// answers `go version` and fails everything else; the caches point at empty folders, so nothing is reused.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELM_VERSION as productHelm } from '../plugins/helm-hybrid/image.js';
import { HELM_VERSION as testedHelm } from './helm/helm-binary.mjs';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

const helmScript = fileURLToPath(new URL('./helm/helm-binary.mjs', import.meta.url));
const envtestScript = fileURLToPath(new URL('./envtest-assets/ensure.mjs', import.meta.url));

describe('npm run helm:ensure and npm run envtest:ensure', () => {
  let work = '';
  let noGo = '';
  let failingGo = '';

  beforeAll(async () => {
    work = await makeWorkdir('ci-binaries');
    noGo = join(work, 'no-go');
    failingGo = join(work, 'failing-go');
    await mkdir(noGo);
    await mkdir(failingGo);
    await writeFile(
      join(failingGo, 'go'),
      '#!/bin/sh\n[ "$1" = version ] && { echo "go version go1.26.0 linux/amd64"; exit 0; }\necho "go: build failed" >&2\nexit 3\n',
    );
    await chmod(join(failingGo, 'go'), 0o755);
  });

  afterAll(async () => {
    if (work !== '') await removeWorkdir(work);
  });

  /** run runs a script on this Node with a PATH of `bin` (and the system's shell tools when asked) and fresh caches. */
  async function run(
    script: string,
    bin: string,
    env: Record<string, string>,
    withSystem = false,
  ): Promise<{ exitCode: number; stderr: string }> {
    const r = await execa(process.execPath, [script], {
      reject: false,
      stdin: 'ignore',
      env: {
        PATH: withSystem ? `${bin}:/usr/bin:/bin` : bin,
        XDG_CACHE_HOME: join(work, 'cache'),
        XDG_DATA_HOME: join(work, 'data'),
        ENVTEST_STORE: join(work, 'store'),
        OPERATOR_TS_HELM: '',
        KUBEBUILDER_ASSETS: '',
        CI: '',
        ...env,
      },
    });
    return { exitCode: r.exitCode ?? -1, stderr: String(r.stderr) };
  }

  it('tests the Helm release the generated Dockerfile installs', () => {
    expect(testedHelm).toBe(productHelm);
    expect(testedHelm).toMatch(/^v\d+\.\d+\.\d+$/);
  });

  it('helm: without Go, a note outside CI and an error under CI=true', async () => {
    const local = await run(helmScript, noGo, {});
    expect(local.exitCode).toBe(0);
    expect(local.stderr).toContain('Go is not installed (no `go` on PATH)');
    const ci = await run(helmScript, noGo, { CI: 'true' });
    expect(ci.exitCode).toBe(1);
    expect(ci.stderr).toContain(
      `helm: CI=true, and the Helm CLI ${productHelm} the chart tests need cannot be provided: Go is not installed`,
    );
  });

  it('helm: a failed build or a missing OPERATOR_TS_HELM is an error under CI=true, saying why', async () => {
    const failed = await run(helmScript, failingGo, { CI: 'true' });
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain(`go install helm@${productHelm} failed (3):\ngo: build failed`);
    const override = await run(helmScript, noGo, { CI: '1', OPERATOR_TS_HELM: join(work, 'nowhere/helm') });
    expect(override.exitCode).toBe(1);
    expect(override.stderr).toContain(`OPERATOR_TS_HELM=${join(work, 'nowhere/helm')} does not exist`);
  });

  it('envtest: without Go, a note outside CI, an error under CI=true unless KUBEBUILDER_ASSETS holds the binaries', async () => {
    const local = await run(envtestScript, noGo, {});
    expect(local.exitCode).toBe(0);
    expect(local.stderr).toContain('envtest: Go not found; cluster tests will be skipped');
    const ci = await run(envtestScript, noGo, { CI: 'true' });
    expect(ci.exitCode).toBe(1);
    expect(ci.stderr).toContain(
      'envtest: CI=true, and the envtest binaries cannot be built: Go is not installed (no `go` on PATH)',
    );
    const assets = join(work, 'assets');
    await mkdir(assets, { recursive: true });
    for (const b of ['kube-apiserver', 'etcd', 'kubectl']) await writeFile(join(assets, b), '');
    const provided = await run(envtestScript, noGo, { CI: 'true', KUBEBUILDER_ASSETS: assets });
    expect(provided.exitCode).toBe(0);
    expect(provided.stderr).toContain(`the cluster tests use KUBEBUILDER_ASSETS=${assets}`);
  });

  it('envtest: a failed build exits non-zero, saying so', async () => {
    const failed = await run(envtestScript, failingGo, { CI: 'true' }, true);
    expect(failed.exitCode).not.toBe(0);
    expect(failed.stderr).toContain('go: build failed');
    expect(failed.stderr).toContain(
      'envtest: building the envtest binaries with e2e/envtest-assets/build.sh failed (exit 3)',
    );
  });
});
