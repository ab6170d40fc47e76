import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';

/** readTree reads every file below dir as text, keyed by '/'-separated path relative to dir; {} when dir is absent. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!(await isDirectory(dir))) return out;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
  for (const file of files) out.set(file, await readFile(join(dir, file), 'utf8'));
  return out;
}

/** isDirectory tells whether path exists and is a directory. */
export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** pathExists tells whether anything exists at path. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * replaceDirectory makes dir contain exactly files, all or nothing: everything is written to a temporary
 * sibling directory first, which then takes dir's place with two renames. A failure before the swap leaves
 * dir untouched and removes the temporary directory.
 */
export async function replaceDirectory(dir: string, files: ReadonlyMap<string, string>): Promise<void> {
  const parent = dirname(dir);
  await mkdir(parent, { recursive: true });
  const stage = await mkdtemp(join(parent, `.${basename(dir)}.staging-`));
  try {
    for (const [path, content] of files) {
      const target = join(stage, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
    }
  } catch (err) {
    await rm(stage, { recursive: true, force: true });
    throw err;
  }
  let old: string | undefined;
  if (await pathExists(dir)) {
    old = `${stage}.old`;
    await rename(dir, old);
  }
  try {
    await rename(stage, dir);
  } catch (err) {
    if (old !== undefined) await rename(old, dir);
    await rm(stage, { recursive: true, force: true });
    throw err;
  }
  if (old !== undefined) await rm(old, { recursive: true, force: true });
}

/** writeFileAtomic writes content next to path and renames it into place, so readers never see half a file. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, content);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
