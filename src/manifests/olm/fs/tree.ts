import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

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
