import { execa } from 'execa';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

/**
 * packOperatorTs packs the built checkout with `npm pack` into dir and returns the tarball path, so that
 * generated projects install operator-ts exactly as users get it from the registry. The build must already
 * have run (`npm test` builds first), so lifecycle scripts are skipped.
 */
export async function packOperatorTs(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await execa('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: repoRoot, stdin: 'ignore' });
  const tarball = (await readdir(dir)).find((f) => f.startsWith('operator-ts-') && f.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack wrote no operator-ts tarball into ${dir}`);
  return join(dir, tarball);
}
