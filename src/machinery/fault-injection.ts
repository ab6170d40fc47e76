import { constants } from 'node:os';
import { UserError } from '../errors/user-error.js';
import type { FileSystem } from './file-system.js';

/** FaultOp is a changing call of the {@link FileSystem} a fault can be injected into. */
export type FaultOp = 'writeFile' | 'rename' | 'mkdir' | 'unlink' | 'chmod';

/** Fault makes the nth call (1-based, counted per op) of op fail once with the errno code. */
export interface Fault {
  readonly op: FaultOp;
  readonly nth: number;
  readonly code: string;
}

/**
 * FAIL_FS_ENV is a test-only environment variable that injects faults into the built CLI's flush, e.g.
 * `rename:3:ENOSPC` or `writeFile:1:EACCES,mkdir:2:ENOTDIR`, so end-to-end tests can fail a write in the
 * middle of a command. No user sets it.
 */
export const FAIL_FS_ENV = 'OPERATOR_TS_TEST_FAIL_FS';

const OPS: readonly FaultOp[] = ['writeFile', 'rename', 'mkdir', 'unlink', 'chmod'];

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'not a directory',
  EISDIR: 'illegal operation on a directory',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EIO: 'i/o error',
};

/** errnoError builds an error shaped like the ones node:fs throws, so code paths cannot tell it from a real one. */
export function errnoError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(
    `${code}: ${DESCRIPTIONS[code] ?? 'unknown error'}, ${syscall} '${path}'`,
  );
  err.code = code;
  err.syscall = syscall;
  err.path = path;
  const errno = (constants.errno as Record<string, number>)[code];
  if (errno !== undefined) err.errno = -errno;
  return err;
}

/** parseFaults reads the {@link FAIL_FS_ENV} syntax: comma-separated `op:nth:CODE`. */
export function parseFaults(text: string): Fault[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((spec) => {
      const [op, nth, code] = spec.split(':');
      if (!OPS.includes(op as FaultOp) || !/^[1-9]\d*$/.test(nth ?? '') || !/^E[A-Z]+$/.test(code ?? ''))
        throw new UserError(`${FAIL_FS_ENV}: cannot read fault "${spec}"`, {
          hint: `write op:nth:CODE with op one of ${OPS.join(', ')}, e.g. rename:2:ENOSPC`,
        });
      return { op: op as FaultOp, nth: Number(nth), code: code as string };
    });
}

/**
 * faultyFileSystem wraps fs so that each fault fires once, on the nth call of its op, before the call
 * reaches the disk. Reads are never failed: the faults model a disk that fills up or a directory whose
 * permissions change between the checks and the writes.
 */
export function faultyFileSystem(fs: FileSystem, faults: readonly Fault[]): FileSystem {
  const counts = new Map<FaultOp, number>();
  const check = (op: FaultOp, syscall: string, path: string): void => {
    const n = (counts.get(op) ?? 0) + 1;
    counts.set(op, n);
    const fault = faults.find((f) => f.op === op && f.nth === n);
    if (fault !== undefined) throw errnoError(fault.code, syscall, path);
  };
  return {
    ...fs,
    writeFile: (path, content, mode) => {
      check('writeFile', 'open', path);
      fs.writeFile(path, content, mode);
    },
    rename: (from, to) => {
      check('rename', 'rename', from);
      fs.rename(from, to);
    },
    mkdir: (path) => {
      check('mkdir', 'mkdir', path);
      fs.mkdir(path);
    },
    unlink: (path) => {
      check('unlink', 'unlink', path);
      fs.unlink(path);
    },
    chmod: (path, mode) => {
      check('chmod', 'chmod', path);
      fs.chmod(path, mode);
    },
  };
}

/** fileSystemFromEnv is the real file system, with the faults of {@link FAIL_FS_ENV} when it is set. */
export function fileSystemFromEnv(base: FileSystem, env: NodeJS.ProcessEnv = process.env): FileSystem {
  const spec = env[FAIL_FS_ENV];
  return spec === undefined || spec === '' ? base : faultyFileSystem(base, parseFaults(spec));
}
