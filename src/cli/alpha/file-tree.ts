import { lstatSync, readdirSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { osReason } from '../../errors/os-reason.js';
import { UserError } from '../../errors/user-error.js';
import { LOCK_FILE } from '../../machinery/project-lock.js';

/** FileMap is a project tree in memory: project-relative paths (forward slashes) to exact bytes. */
export type FileMap = Map<string, Buffer>;

/**
 * SKIPPED are folders that are no part of a project's sources: git's own data and installed packages
 * (npm install makes them again), and the lock a running command holds.
 */
const SKIPPED: ReadonlySet<string> = new Set(['.git', 'node_modules', LOCK_FILE]);

/** readFileMap reads every regular file under root (see SKIPPED), sorted; symbolic links are not followed. */
export function readFileMap(root: string): FileMap {
  const files: FileMap = new Map();
  const walk = (rel: string): void => {
    const abs = rel === '' ? root : join(root, rel);
    let names: string[];
    try {
      names = readdirSync(abs).sort();
    } catch (err) {
      throw new UserError(`cannot list ${rel === '' ? root : rel}: ${osReason(err)}`, {
        hint: 'make the project folder readable for your user',
        cause: err,
      });
    }
    for (const name of names) {
      if (SKIPPED.has(name)) continue;
      const path = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(join(root, path));
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) files.set(path, readFileSync(join(root, path)));
    }
  };
  walk('');
  return files;
}

/**
 * writeFileMap replaces everything under root (see SKIPPED) with files: root is a scratch folder, never the
 * user's project.
 */
export function writeFileMap(root: string, files: FileMap): void {
  for (const name of readdirSync(root))
    if (!SKIPPED.has(name)) rmSync(join(root, name), { recursive: true, force: true });
  for (const [path, content] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}
