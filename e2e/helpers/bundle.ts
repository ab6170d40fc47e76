import { execa } from 'execa';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBinaryAssets, isBinaryAssets } from '../../dist/src/testing/index.js';
import { runCliOk } from './cli.js';
import { cliBin } from './paths.js';

/** goldenOlm holds the committed golden bundle (bundle-0.1.0/) and catalog (catalog/) of e2e/olm.test.ts. */
export const goldenOlm = fileURLToPath(new URL('../golden-olm/', import.meta.url));

/**
 * findKubectl returns the kubectl of the envtest assets (it has kustomize built in), or a message saying
 * why there is none, so tests can skip with a reason.
 */
export function findKubectl(): { kubectl: string } | { missing: string } {
  const assets = findBinaryAssets();
  if (!isBinaryAssets(assets)) return { missing: assets.missing };
  if (assets.kubectl === undefined)
    return {
      missing: `no kubectl next to kube-apiserver in ${assets.dir}: run \`bash e2e/envtest-assets/build.sh\` (it builds kubectl too) or set TEST_ASSET_KUBECTL`,
    };
  return { kubectl: assets.kubectl };
}

/** renderManifests runs `kubectl kustomize config/manifests` in a project, as `make bundle` does. */
export async function renderManifests(projectDir: string, kubectl: string): Promise<string> {
  const r = await execa(kubectl, ['kustomize', 'config/manifests'], {
    cwd: projectDir,
    reject: false,
    stdin: 'ignore',
  });
  if (r.exitCode !== 0)
    throw new Error(`kubectl kustomize config/manifests failed in ${projectDir}:\n${String(r.stderr)}`);
  return String(r.stdout);
}

/** generateBundleFrom pipes rendered manifests into the built `operator-ts generate bundle` in a project. */
export async function generateBundleFrom(
  projectDir: string,
  rendered: string,
  args: readonly string[],
): Promise<{ stdout: string; stderr: string }> {
  const r = await execa(process.execPath, [cliBin, 'generate', 'bundle', ...args], {
    cwd: projectDir,
    input: rendered,
    reject: false,
    env: { NO_COLOR: '1' },
  });
  if (r.exitCode !== 0)
    throw new Error(
      `operator-ts generate bundle ${args.join(' ')} exited ${r.exitCode}\nstdout:\n${String(r.stdout)}\nstderr:\n${String(r.stderr)}`,
    );
  return { stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** MakeBundleOptions tunes {@link makeBundle}. */
export interface MakeBundleOptions {
  /** Run `operator-ts generate` first (CRDs, RBAC, webhooks), as `make bundle` depends on `make manifests`. Default true. */
  generate?: boolean;
  /** Extra flags of `generate bundle`, e.g. ['--channels', 'stable']. */
  bundleArgs?: readonly string[];
  /** kubectl to render with; default the envtest assets' kubectl. */
  kubectl?: string;
}

/**
 * makeBundle is `make bundle` of a scaffolded project, driven by the built CLI: generate manifests, render
 * config/manifests with kubectl's kustomize, generate the bundle for `version`, validate it (including
 * the optional operatorframework suite) and return the bundle directory. Throws with the tool output on
 * any failure, or when no kubectl is found (call {@link findKubectl} first to skip instead).
 */
export async function makeBundle(
  projectDir: string,
  version: string,
  options: MakeBundleOptions = {},
): Promise<string> {
  let kubectl = options.kubectl;
  if (kubectl === undefined) {
    const found = findKubectl();
    if ('missing' in found) throw new Error(`makeBundle needs kubectl: ${found.missing}`);
    kubectl = found.kubectl;
  }
  if (options.generate !== false) await runCliOk(['generate'], projectDir);
  const rendered = await renderManifests(projectDir, kubectl);
  await generateBundleFrom(projectDir, rendered, ['-q', '--version', version, ...(options.bundleArgs ?? [])]);
  await runCliOk(['bundle', 'validate', 'bundle', '--select-optional', 'suite=operatorframework'], projectDir);
  return join(projectDir, 'bundle');
}
