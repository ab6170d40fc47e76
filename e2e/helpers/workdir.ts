import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** makeWorkdir creates a fresh empty directory under the system temp dir, as a new user would start in. */
export async function makeWorkdir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `operator-ts-e2e-${prefix}-`));
}

/** removeWorkdir deletes a work directory; failures are ignored because the OS cleans temp dirs anyway. */
export async function removeWorkdir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
}

const skipped = new Set(['node_modules', 'dist', '.git']);

/** snapshotTree reads every file under dir (except node_modules, dist, .git) into a sorted path -> content map. */
export async function snapshotTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  async function walk(current: string): Promise<void> {
    const entries = await readdir(current, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (skipped.has(entry.name)) continue;
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.set(relative(dir, full), await readFile(full, 'utf8'));
    }
  }
  if ((await stat(dir).catch(() => undefined))?.isDirectory()) await walk(dir);
  return out;
}
