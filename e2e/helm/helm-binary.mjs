// Locates (or builds once) the Helm CLI for the chart tests. Like controller-gen and the envtest binaries it
// is built from the Go module proxy (`go install helm.sh/helm/v4/cmd/helm@<version>`) and cached under the
// user cache directory, keyed by version, so only the first run on a machine pays for the build. The build
// time of that first run is written next to the binary (build-seconds.txt) so CI cost stays visible.
// Under CI (CI=true) a binary it cannot provide is an error, so the Helm tests are never skipped quietly.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * productHelmVersion reads the Helm release the generated Dockerfile of a Helm-hybrid project installs
 * (HELM_VERSION of plugins/helm-hybrid/image.ts), so that the tests run the release the product ships.
 */
function productHelmVersion() {
  const file = new URL('../../plugins/helm-hybrid/image.ts', import.meta.url);
  const found = /^export const HELM_VERSION = '(v\d+\.\d+\.\d+)';$/m.exec(readFileSync(file, 'utf8'));
  if (found === null)
    throw new Error(
      "plugins/helm-hybrid/image.ts: no line `export const HELM_VERSION = 'vX.Y.Z';` to read the Helm version from",
    );
  return found[1];
}

/** HELM_VERSION is the Helm release the chart tests run, the one the product's Dockerfile installs (v4: the line Helm maintains). */
export const HELM_VERSION = productHelmVersion();

/** helmCacheDir is where the binary of one version is cached. */
export function helmCacheDir(version = HELM_VERSION) {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'operator-ts', 'helm', version);
}

/**
 * ensureHelm returns `{ path }` of a helm binary of the given version, building it into the cache when
 * absent (with the version stamped in, as Helm's own Makefile does, so `helm version` tells the truth), or
 * `{ missing }` with the reason when Go is not available or the build fails. OPERATOR_TS_HELM overrides the
 * lookup with an existing binary.
 */
export function ensureHelm(version = HELM_VERSION) {
  const override = process.env.OPERATOR_TS_HELM;
  if (override)
    return existsSync(override) ? { path: override } : { missing: `OPERATOR_TS_HELM=${override} does not exist` };
  const dir = helmCacheDir(version);
  const bin = join(dir, 'helm');
  if (existsSync(bin)) return { path: bin };
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.error !== undefined || go.status !== 0)
    return {
      missing: 'Go is not installed (no `go` on PATH); install Go 1.26+ to build the Helm CLI for the chart tests',
    };
  // Built into a scratch directory and moved into place, so an interrupted build never leaves a binary.
  const scratch = `${dir}.build-${process.pid}`;
  mkdirSync(scratch, { recursive: true });
  const started = Date.now();
  const res = spawnSync(
    'go',
    [
      'install',
      '-trimpath',
      '-ldflags',
      `-s -w -X helm.sh/helm/v4/internal/version.version=${version}`,
      `helm.sh/helm/v4/cmd/helm@${version}`,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, GOBIN: scratch, GOFLAGS: '-mod=mod', CGO_ENABLED: '0' },
      timeout: 20 * 60_000,
    },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  if (res.status !== 0 || !existsSync(join(scratch, 'helm'))) {
    rmSync(scratch, { recursive: true, force: true });
    return { missing: `go install helm@${version} failed (${res.status ?? res.error?.message}):\n${res.stderr}` };
  }
  writeFileSync(join(scratch, 'build-seconds.txt'), `${seconds}\n`);
  mkdirSync(join(dir, '..'), { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(scratch, dir);
  process.stderr.write(`helm ${version}: built from the Go module proxy in ${seconds}s into ${dir}\n`);
  return { path: bin };
}

/** isCI tells whether this runs in CI (CI=true or CI=1, as CI services set it), where nothing may be skipped. */
export function isCI(env = process.env) {
  return /^(true|1)$/i.test(env.CI ?? '');
}

// `node e2e/helm/helm-binary.mjs` builds the binary ahead of the tests and prints its path.
if (import.meta.url === `file://${process.argv[1]}`) {
  const found = ensureHelm();
  if ('missing' in found) {
    if (isCI()) {
      process.stderr.write(
        `helm: CI=true, and the Helm CLI ${HELM_VERSION} the chart tests need cannot be provided: ${found.missing}\n`,
      );
      process.exit(1);
    }
    process.stderr.write(`${found.missing}\n`);
    process.exit(0);
  }
  process.stdout.write(`${found.path}\n`);
}
