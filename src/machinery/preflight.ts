import { dirname, relative, resolve, sep } from 'node:path';
import type { FileSystem } from './file-system.js';
import type { WriteProblem } from './write-error.js';

/** StagedOp is one change a flush will make: write content to path, or remove path. */
export type StagedOp =
  { readonly path: string; readonly content: string | Buffer } | { readonly path: string; readonly remove: true };

/**
 * Step is a checked {@link StagedOp}: `target` is the absolute file the OS will change (a symlinked
 * file is written through to where it points), `previous` its bytes and mode before, to restore on rollback.
 */
export interface Step {
  readonly path: string;
  readonly target: string;
  readonly content: Buffer | undefined;
  readonly previous: { readonly bytes: Buffer; readonly mode: number } | undefined;
}

/** Plan is what {@link planFlush} found: the steps to take, or the problems that forbid taking any. */
export interface Plan {
  readonly steps: Step[];
  readonly problems: WriteProblem[];
}

// A file occupies whole blocks; counting 4 KiB per file keeps the space check honest for many small files.
const BLOCK = 4096;

/**
 * planFlush checks, before anything is written, that every staged op can be carried out: each parent
 * folder exists or can be created (no file in the way, the nearest existing folder writable), each target
 * is a file (not a folder) that may be replaced, and the device has room for the new content. All problems
 * are returned together, grouped by the path that causes them.
 */
export function planFlush(root: string, ops: readonly StagedOp[], fs: FileSystem): Plan {
  const rel = (abs: string): string => relative(root, abs).split(sep).join('/') || '.';
  const problems = new Map<string, { code: string; blocker: string; reason: string; paths: string[] }>();
  const report = (code: string, blockerAbs: string, reason: string, path: string): void => {
    const key = `${code}\0${blockerAbs}`;
    const entry = problems.get(key) ?? { code, blocker: rel(blockerAbs), reason, paths: [] };
    problems.set(key, entry);
    if (!entry.paths.includes(path)) entry.paths.push(path);
  };
  const dirs = new Map<string, { code: string; blocker: string; reason: string } | null>();
  const checkDir = (dir: string): { code: string; blocker: string; reason: string } | null => {
    const known = dirs.get(dir);
    if (known !== undefined) return known;
    let found: { code: string; blocker: string; reason: string } | null;
    const st = fs.stat(dir);
    if (st === undefined) found = dirname(dir) === dir ? null : checkDir(dirname(dir));
    else if (!st.isDirectory()) found = { code: 'ENOTDIR', blocker: dir, reason: 'is a file, but it must be a folder' };
    else found = writeRefusal(fs, dir, true);
    dirs.set(dir, found);
    return found;
  };

  const targets = new Set(ops.filter((op) => !('remove' in op)).map((op) => resolve(root, op.path)));
  const steps: Step[] = [];
  let bytes = 0;
  for (const op of ops) {
    const abs = resolve(root, op.path);
    const lst = fs.lstat(abs);
    const st = lst?.isSymbolicLink() === true ? fs.stat(abs) : lst;
    const target = lst?.isSymbolicLink() === true && st !== undefined ? fs.realpath(abs) : abs;
    const previous = st?.isFile() === true ? { bytes: fs.readFile(target), mode: st.mode & 0o7777 } : undefined;
    if ('remove' in op) {
      if (st?.isFile() !== true) continue;
      const blocked = checkDir(dirname(target));
      if (blocked !== null) report(blocked.code, blocked.blocker, blocked.reason, op.path);
      steps.push({ path: op.path, target, content: undefined, previous });
      continue;
    }
    for (let up = dirname(abs); up !== dirname(up); up = dirname(up)) {
      if (targets.has(up)) report('ENOTDIR', up, 'is written as a file, but it must be a folder', op.path);
    }
    const blocked = checkDir(dirname(target));
    if (blocked !== null) report(blocked.code, blocked.blocker, blocked.reason, op.path);
    if (st?.isDirectory() === true) report('EISDIR', abs, 'is a folder, but it must be a file', op.path);
    else if (st !== undefined && blocked === null) {
      // Only a file in a writable folder can be read-only on its own; otherwise the folder says it all.
      const refused = writeRefusal(fs, target, false);
      if (refused !== null) report(refused.code, target, 'is read-only', op.path);
    }
    const content = typeof op.content === 'string' ? Buffer.from(op.content, 'utf8') : op.content;
    bytes += Math.ceil((content.length + 1) / BLOCK) * BLOCK;
    steps.push({ path: op.path, target, content, previous });
  }
  const free = steps.length === 0 ? undefined : fs.freeBytes(root);
  if (free !== undefined && free < bytes)
    report(
      'ENOSPC',
      root,
      `has ${Math.floor(free / 1024)} KiB free, but the change needs about ${Math.ceil(bytes / 1024)} KiB`,
      `${steps.length} files`,
    );
  return { steps, problems: [...problems.values()] };
}

function writeRefusal(
  fs: FileSystem,
  path: string,
  directory: boolean,
): { code: string; blocker: string; reason: string } | null {
  try {
    fs.accessWrite(path, directory);
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EACCES';
    return { code, blocker: path, reason: code === 'EROFS' ? 'is on a read-only file system' : 'is not writable' };
  }
}
