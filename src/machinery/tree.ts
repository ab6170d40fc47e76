import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { osReason } from '../errors/os-reason.js';
import { UserError } from '../errors/user-error.js';
import { commitSteps, type Journal, type RollbackOutcome } from './commit.js';
import { fileSystemFromEnv } from './fault-injection.js';
import { nodeFileSystem, type FileSystem } from './file-system.js';
import { planFlush, type StagedOp } from './preflight.js';
import { problemsError } from './write-error.js';

/** ChangeKind is how a declared file relates to what is on disk. */
export type ChangeKind = 'CREATE' | 'UPDATE' | 'DELETE' | 'SKIP';

/** Change is one entry of the change list printed after (or instead of, with --dry-run) a flush. */
export interface Change {
  readonly kind: ChangeKind;
  readonly path: string;
}

/** ReadonlyTree is the view of the tree plugins get for checks: reads fall through to disk. */
export interface ReadonlyTree {
  /** root is the absolute project directory the tree overlays. */
  readonly root: string;
  exists(path: string): boolean;
  read(path: string): string | undefined;
  /** readBytes is {@link read} without decoding: the exact bytes of a file that need not be UTF-8 text (an archive). */
  readBytes(path: string): Uint8Array | undefined;
  /** list is every file below dir (staged ones too, removed ones not), as sorted project-relative paths. */
  list(dir: string): string[];
}

/** VirtualTreeOptions tune a {@link VirtualTree}. */
export interface VirtualTreeOptions {
  /** fs is where the flush writes; tests pass one that fails on purpose. Default: the disk. */
  readonly fs?: FileSystem;
}

/**
 * VirtualTree overlays staged writes and removals on the real filesystem. Reads see staged content first,
 * then disk. Nothing reaches disk before {@link VirtualTree.flush}, which writes all of it or none of it,
 * so a failing hook or a refused write leaves the project untouched. Every command that changes files
 * (scaffolding, generate, OLM bundle and catalog) writes through this one flush.
 */
export class VirtualTree implements ReadonlyTree {
  // Text is staged as a string, a file copied byte for byte (an archive, an image) as a Buffer.
  private readonly staged = new Map<string, string | Buffer>();
  private readonly removed = new Set<string>();
  private readonly touched = new Set<string>();
  private readonly fs: FileSystem;
  private journal: Journal | undefined;

  constructor(
    readonly root: string,
    options: VirtualTreeOptions = {},
  ) {
    this.fs = options.fs ?? fileSystemFromEnv(nodeFileSystem);
  }

  /** exists tells whether path is staged or present on disk (and not staged for removal). */
  exists(path: string): boolean {
    if (this.removed.has(path)) return false;
    return this.staged.has(path) || existsSync(join(this.root, path));
  }

  /** read returns the staged content, else the disk content, else undefined. */
  read(path: string): string | undefined {
    if (this.removed.has(path)) return undefined;
    const staged = this.staged.get(path);
    if (staged !== undefined) return typeof staged === 'string' ? staged : staged.toString('utf8');
    return this.onDisk(path)?.toString('utf8');
  }

  /** readBytes returns the staged bytes, else the disk bytes, else undefined; nothing is decoded. */
  readBytes(path: string): Buffer | undefined {
    if (this.removed.has(path)) return undefined;
    const staged = this.staged.get(path);
    if (staged !== undefined) return typeof staged === 'string' ? Buffer.from(staged, 'utf8') : staged;
    return this.onDisk(path);
  }

  /** list returns the files below dir as staged over disk, sorted (an output a command no longer writes is found this way). */
  list(dir: string): string[] {
    const prefix = dir.replace(/\/+$/, '') + '/';
    const found = new Set<string>();
    const walk = (rel: string): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(join(this.root, rel), { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const path = `${rel}/${e.name}`;
        if (e.isDirectory()) walk(path);
        else if (e.isFile()) found.add(path);
      }
    };
    walk(prefix.slice(0, -1));
    for (const path of this.staged.keys()) if (path.startsWith(prefix)) found.add(path);
    for (const path of this.removed) found.delete(path);
    return [...found].sort();
  }

  /**
   * write stages content for path; the change kind is decided against disk at {@link changes} time. Bytes
   * are written as they are (a copied archive stays byte-identical); a string is written as UTF-8.
   */
  write(path: string, content: string | Uint8Array): void {
    this.removed.delete(path);
    this.staged.set(path, typeof content === 'string' ? content : Buffer.from(content));
    this.touched.add(path);
  }

  /** remove stages the removal of a file (a stale output); a path that is not on disk is no change. */
  remove(path: string): void {
    this.staged.delete(path);
    this.removed.add(path);
    this.touched.add(path);
  }

  /** touch records that a descriptor declared path without changing it, so it lists as SKIP. */
  touch(path: string): void {
    this.touched.add(path);
  }

  /** changes lists every declared path, sorted, as CREATE / UPDATE / DELETE / SKIP against the disk. */
  changes(): Change[] {
    return [...this.touched].sort().map((path) => ({ path, kind: this.changeKind(path) }));
  }

  /**
   * flush writes every change, all or nothing. It first checks that all of it can be written (folders
   * creatable, no file or folder in the way, permissions, free space) and throws a UserError naming each
   * blocker and its fix before touching anything; then it writes each file to a temp file in the same
   * folder and renames it into place. If a write still fails, everything written so far is restored.
   */
  flush(): Change[] {
    const changes = this.changes();
    const ops: StagedOp[] = changes
      .filter((c) => c.kind !== 'SKIP')
      .map((c) =>
        c.kind === 'DELETE' ? { path: c.path, remove: true } : { path: c.path, content: this.staged.get(c.path) ?? '' },
      );
    const plan = planFlush(this.root, ops, this.fs);
    if (plan.problems.length > 0) throw problemsError(plan.problems);
    this.journal = commitSteps(this.root, plan.steps, this.fs);
    return changes;
  }

  /**
   * undoFlush puts back what the last flush changed, for a command interrupted after writing (Ctrl-C during
   * init's npm install): previous contents and modes are restored, created files and folders removed.
   */
  undoFlush(): RollbackOutcome {
    const journal = this.journal;
    this.journal = undefined;
    return journal?.undo() ?? { unrestored: [], rescueDir: undefined };
  }

  private onDisk(path: string): Buffer | undefined {
    try {
      return readFileSync(join(this.root, path));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A folder where a file belongs reads as absent here; the flush's checks report it with the fix.
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
      throw new UserError(`cannot read ${path} (${osReason(err)})`, {
        hint: `make ${path} readable for your user (e.g. chmod u+r ${path}), then re-run`,
        cause: err,
      });
    }
  }

  private changeKind(path: string): ChangeKind {
    if (this.removed.has(path)) return this.onDisk(path) !== undefined ? 'DELETE' : 'SKIP';
    const staged = this.staged.get(path);
    const onDisk = this.onDisk(path);
    const content = typeof staged === 'string' ? Buffer.from(staged, 'utf8') : staged;
    if (content === undefined || (onDisk !== undefined && content.equals(onDisk))) return 'SKIP';
    return onDisk === undefined ? 'CREATE' : 'UPDATE';
  }
}
