import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** ChangeKind is how a declared file relates to what is on disk. */
export type ChangeKind = 'CREATE' | 'UPDATE' | 'SKIP';

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
}

/**
 * VirtualTree overlays staged writes on the real filesystem. Reads see staged content first, then disk.
 * Nothing reaches disk before {@link VirtualTree.flush}, so a failing hook leaves the project untouched.
 */
export class VirtualTree implements ReadonlyTree {
  private readonly staged = new Map<string, string>();
  private readonly touched = new Set<string>();

  constructor(readonly root: string) {}

  /** exists tells whether path is staged or present on disk. */
  exists(path: string): boolean {
    return this.staged.has(path) || existsSync(join(this.root, path));
  }

  /** read returns the staged content, else the disk content, else undefined. */
  read(path: string): string | undefined {
    const staged = this.staged.get(path);
    if (staged !== undefined) return staged;
    const abs = join(this.root, path);
    return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
  }

  /** write stages content for path; the change kind is decided against disk at {@link changes} time. */
  write(path: string, content: string): void {
    this.staged.set(path, content);
    this.touched.add(path);
  }

  /** touch records that a descriptor declared path without changing it, so it lists as SKIP. */
  touch(path: string): void {
    this.touched.add(path);
  }

  /** changes lists every declared path, sorted, as CREATE / UPDATE / SKIP against the disk. */
  changes(): Change[] {
    return [...this.touched].sort().map((path) => ({ path, kind: this.changeKind(path) }));
  }

  /** flush writes every staged file whose content differs from disk, creating parent folders. */
  flush(): Change[] {
    const changes = this.changes();
    for (const change of changes) {
      if (change.kind === 'SKIP') continue;
      const abs = join(this.root, change.path);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, this.staged.get(change.path) ?? '');
    }
    return changes;
  }

  private changeKind(path: string): ChangeKind {
    const content = this.staged.get(path);
    const abs = join(this.root, path);
    const onDisk = existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
    if (content === undefined || content === onDisk) return 'SKIP';
    return onDisk === undefined ? 'CREATE' : 'UPDATE';
  }
}
