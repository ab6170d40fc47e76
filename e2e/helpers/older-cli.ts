import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

/** TemplateEdit changes one exact piece of text in a template of the copy. */
export interface TemplateEdit {
  readonly template: string;
  readonly from: string;
  readonly to: string;
}

/**
 * otherCliVersion makes another operator-ts release out of the built checkout, in dir: its bin, dist and
 * templates with the given version in package.json and the template edits applied (node_modules is the
 * checkout's). Only one version of operator-ts exists, so this is how a CLI change between two versions is
 * made for the upgrade tests; `alpha update --from <dir>` runs it as it would run an installed release.
 */
export async function otherCliVersion(dir: string, version: string, edits: readonly TemplateEdit[]): Promise<string> {
  for (const part of ['bin', 'dist', 'templates']) await cp(join(repoRoot, part), join(dir, part), { recursive: true });
  const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const edit of edits) {
    const path = join(dir, 'templates', edit.template);
    const text = await readFile(path, 'utf8');
    if (!text.includes(edit.from))
      throw new Error(`${edit.template} no longer holds ${JSON.stringify(edit.from)}: update the test's edit`);
    await writeFile(
      path,
      text.replace(edit.from, () => edit.to),
    );
  }
  return dir;
}
