import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { UserError } from '../../errors/user-error.js';
import type { FileMap } from './file-tree.js';

// The per-file three-way merge is git's own (`git merge-file --diff3`): the same algorithm and the same
// conflict markers as `git merge`, which kubebuilder's `alpha update` runs on whole branches. Merging file
// by file needs no repository, so a project that is not (yet) under git can be updated too, and git is on
// every machine that builds an operator; a JavaScript diff3 would be a new dependency with its own idea of
// where a conflict starts.

/** MergeLabels name the three sides in conflict markers. */
export interface MergeLabels {
  readonly ours: string;
  readonly base: string;
  readonly theirs: string;
}

/** MergeOutcome is the merged tree and what happened to each file that changed. */
export interface MergeOutcome {
  /** The merged tree: every file of ours that stays, with the scaffold's changes applied. */
  readonly files: FileMap;
  /** Files of ours the new scaffold no longer writes and the author never changed: removed. */
  readonly removed: string[];
  /** Scaffold changes taken as they are (the author had not changed the file) or new scaffold files. */
  readonly updated: string[];
  /** Files both the author and the scaffold changed, merged without conflict. */
  readonly merged: string[];
  /** Files with conflict markers (or, for binary files, kept as the author has them). */
  readonly conflicts: string[];
  /** Files the scaffold changed or dropped that the author deleted or edited: left as the author has them. */
  readonly keptAsYours: string[];
}

function isBinary(content: Buffer): boolean {
  return content.includes(0);
}

/** MergeFile merges one file's three versions; it resolves with the merged bytes and whether conflicts remain. */
type MergeFile = (ours: Buffer, base: Buffer, theirs: Buffer) => Promise<{ content: Buffer; conflicted: boolean }>;

/** gitMergeFile merges with `git merge-file -p --diff3` in a scratch folder. */
export function gitMergeFile(labels: MergeLabels, signal?: AbortSignal): MergeFile {
  return async (ours, base, theirs) => {
    const dir = mkdtempSync(join(tmpdir(), 'operator-ts-merge-'));
    try {
      const paths = { ours: join(dir, 'ours'), base: join(dir, 'base'), theirs: join(dir, 'theirs') };
      writeFileSync(paths.ours, ours);
      writeFileSync(paths.base, base);
      writeFileSync(paths.theirs, theirs);
      const args = [
        'merge-file',
        '-p',
        '--diff3',
        '-L',
        labels.ours,
        '-L',
        labels.base,
        '-L',
        labels.theirs,
        paths.ours,
        paths.base,
        paths.theirs,
      ];
      const r = await execa('git', args, {
        reject: false,
        encoding: 'buffer',
        // The merged file is stdout byte for byte: its last newline is part of it.
        stripFinalNewline: false,
        stdin: 'ignore',
        ...(signal === undefined ? {} : { cancelSignal: signal }),
      });
      signal?.throwIfAborted();
      if (r.failed && r.exitCode === undefined)
        throw new UserError(`alpha update merges with \`git merge-file\`, which could not run: ${r.shortMessage}`, {
          hint: 'install git and make sure it is on PATH',
        });
      // git merge-file exits with the number of conflicts (capped at 127), and a negative status on error.
      const code = r.exitCode ?? 0;
      if (code < 0 || code > 127)
        throw new Error(`git merge-file failed (exit ${code}): ${Buffer.from(r.stderr).toString('utf8')}`);
      return { content: Buffer.from(r.stdout), conflicted: code > 0 };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

function same(a: Buffer | undefined, b: Buffer | undefined): boolean {
  return a === undefined ? b === undefined : b !== undefined && a.equals(b);
}

/**
 * threeWayMerge merges the scaffold's change (base -> theirs) into the author's tree (ours), file by file, as
 * `git merge` does for a branch: a side that did not change a file takes the other side's version, both
 * sides changing it merges the lines, and overlapping changes become a conflict marked in the file. A file
 * only the scaffold changed is updated; only the author changed, kept; the author's own files are never
 * touched. Deletions: a file the new scaffold drops is removed only when the author never changed it.
 */
export async function threeWayMerge(
  base: FileMap,
  theirs: FileMap,
  ours: FileMap,
  mergeFile: MergeFile,
): Promise<MergeOutcome> {
  const out: MergeOutcome = {
    files: new Map(ours),
    removed: [],
    updated: [],
    merged: [],
    conflicts: [],
    keptAsYours: [],
  };
  const paths = [...new Set([...base.keys(), ...theirs.keys(), ...ours.keys()])].sort();
  for (const path of paths) {
    const b = base.get(path);
    const t = theirs.get(path);
    const o = ours.get(path);
    if (same(b, t) || same(o, t)) continue; // the scaffold did not change it, or the author already has the change
    if (same(o, b)) {
      // Only the scaffold changed it: take its version (or its removal).
      if (t === undefined) {
        out.files.delete(path);
        out.removed.push(path);
      } else {
        out.files.set(path, t);
        out.updated.push(path);
      }
      continue;
    }
    if (o === undefined || t === undefined) {
      // Deleted on one side, changed on the other: the author's side stands, as a review item.
      out.keptAsYours.push(path);
      continue;
    }
    if (isBinary(o) || isBinary(t) || (b !== undefined && isBinary(b))) {
      out.conflicts.push(path);
      continue;
    }
    const result = await mergeFile(o, b ?? Buffer.alloc(0), t);
    out.files.set(path, result.content);
    (result.conflicted ? out.conflicts : out.merged).push(path);
  }
  return out;
}

const OURS_MARKER = /^<{7} ours$/m;
const THEIRS_MARKER = /^>{7} theirs\b/m;

/** hasConflictMarkers tells whether text still holds the conflict markers a merge wrote. */
export function hasConflictMarkers(content: Buffer): boolean {
  if (isBinary(content)) return false;
  const text = content.toString('utf8');
  return OURS_MARKER.test(text) && THEIRS_MARKER.test(text);
}
