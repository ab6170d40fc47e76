// Locates (or builds once) controller-gen for the parity tier and the generate benchmark. The binary is
// built from the Go module proxy with `go install` and cached under the user cache directory, keyed by
// version, so only the first run on a machine pays for the build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** CONTROLLER_GEN_VERSION is the controller-tools release the parity tier compares against. */
export const CONTROLLER_GEN_VERSION = 'v0.23.0';

/** goAvailable tells whether a Go toolchain is on PATH, and if not, why. */
export function goAvailable() {
  const res = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (res.error !== undefined || res.status !== 0)
    return {
      ok: false,
      reason: 'Go is not installed (no `go` on PATH); install Go 1.26+ to run the controller-gen parity checks',
    };
  return { ok: true, version: res.stdout.trim() };
}

/** controllerGenCacheDir is where the binary of one version is cached. */
export function controllerGenCacheDir(version = CONTROLLER_GEN_VERSION) {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'operator-ts', 'controller-gen', version);
}

/**
 * ensureControllerGen returns `{ path }` of a controller-gen binary of the given version, building it with
 * `go install sigs.k8s.io/controller-tools/cmd/controller-gen@<version>` into the cache when absent, or
 * `{ missing }` with the reason when Go is not available or the build fails.
 * OPERATOR_TS_CONTROLLER_GEN overrides the lookup with an existing binary.
 */
export function ensureControllerGen(version = CONTROLLER_GEN_VERSION) {
  const override = process.env.OPERATOR_TS_CONTROLLER_GEN;
  if (override)
    return existsSync(override)
      ? { path: override }
      : { missing: `OPERATOR_TS_CONTROLLER_GEN=${override} does not exist` };
  const dir = controllerGenCacheDir(version);
  const bin = join(dir, 'controller-gen');
  if (existsSync(bin)) return { path: bin };
  const go = goAvailable();
  if (!go.ok) return { missing: go.reason };
  mkdirSync(dir, { recursive: true });
  const res = spawnSync('go', ['install', `sigs.k8s.io/controller-tools/cmd/controller-gen@${version}`], {
    encoding: 'utf8',
    env: { ...process.env, GOBIN: dir, GOFLAGS: '-mod=mod' },
    timeout: 15 * 60_000,
  });
  if (res.status !== 0 || !existsSync(bin)) {
    return {
      missing: `go install controller-gen@${version} failed (${res.status ?? res.error?.message}):\n${res.stderr}`,
    };
  }
  return { path: bin };
}
