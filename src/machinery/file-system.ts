import {
  accessSync,
  chmodSync,
  constants,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from 'node:fs';

/**
 * FileSystem is the seam between the flush and the disk: every call the flush makes to change the project
 * goes through it, so a test can make the Nth write or rename fail with a real errno (EACCES, ENOTDIR,
 * ENOSPC, ...) and check what the flush leaves behind. Methods are synchronous and throw Node's errno
 * errors (`code`, `syscall`, `path`), like node:fs.
 */
export interface FileSystem {
  /** lstat returns the entry's own metadata (not following a final symlink), or undefined when nothing is there. */
  lstat(path: string): Stats | undefined;
  /** stat follows symlinks; undefined when nothing (or a dangling link) is there. */
  stat(path: string): Stats | undefined;
  realpath(path: string): string;
  readFile(path: string): Buffer;
  /** writeFile creates a new file (flag `wx`: never replaces one) with content and mode. */
  writeFile(path: string, content: string | Buffer, mode: number): void;
  chmod(path: string, mode: number): void;
  rename(from: string, to: string): void;
  /** mkdir creates one directory (not its parents). */
  mkdir(path: string): void;
  unlink(path: string): void;
  rmdir(path: string): void;
  /** access throws when the calling user may not write (and search, for a directory) path. */
  accessWrite(path: string, directory: boolean): void;
  /** freeBytes is what an unprivileged user may still write on the file system holding path, if known. */
  freeBytes(path: string): number | undefined;
}

function orUndefined(read: () => Stats): Stats | undefined {
  try {
    return read();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/** nodeFileSystem is the {@link FileSystem} of the real disk. */
export const nodeFileSystem: FileSystem = {
  lstat: (path) => orUndefined(() => lstatSync(path)),
  stat: (path) => orUndefined(() => statSync(path)),
  realpath: (path) => realpathSync(path),
  readFile: (path) => readFileSync(path),
  writeFile: (path, content, mode) => writeFileSync(path, content, { flag: 'wx', mode }),
  chmod: (path, mode) => chmodSync(path, mode),
  rename: (from, to) => renameSync(from, to),
  mkdir: (path) => mkdirSync(path),
  unlink: (path) => unlinkSync(path),
  rmdir: (path) => rmdirSync(path),
  accessWrite: (path, directory) => accessSync(path, directory ? constants.W_OK | constants.X_OK : constants.W_OK),
  freeBytes: (path) => {
    try {
      const s = statfsSync(path);
      return s.bavail * s.bsize;
    } catch {
      return undefined;
    }
  },
};
