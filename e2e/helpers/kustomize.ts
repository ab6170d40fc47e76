import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** KUSTOMIZE_VERSION is the kustomize the generated Makefile downloads (KUSTOMIZE_VERSION there). */
export const KUSTOMIZE_VERSION = 'v5.8.1';

/**
 * ensureKustomize builds kustomize from the Go module proxy once into ~/.cache/operator-ts, for the Makefile
 * targets that run `kustomize edit set image` (the project's own target downloads a GitHub release, which
 * this machine may not reach). Undefined without Go.
 */
export async function ensureKustomize(): Promise<string | undefined> {
  const dir = join(homedir(), '.cache', 'operator-ts', 'kustomize', KUSTOMIZE_VERSION);
  const bin = join(dir, 'kustomize');
  if (existsSync(bin)) return bin;
  const go = await execa('go', ['version'], { reject: false, stdin: 'ignore' }).catch(() => undefined);
  if (go?.exitCode !== 0) return undefined;
  await execa('go', ['install', `sigs.k8s.io/kustomize/kustomize/v5@${KUSTOMIZE_VERSION}`], {
    env: { GOBIN: dir },
    stdin: 'ignore',
  });
  return bin;
}
