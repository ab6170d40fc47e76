import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { osReason } from '../errors/os-reason.js';
import { UserError } from '../errors/user-error.js';
import type { FileSystem } from './file-system.js';
import type { Step } from './preflight.js';
import { fixFor } from './write-error.js';

/** Journal is what a committed flush did, kept so it can be undone (a later step of the command was interrupted). */
export interface Journal {
  /** undo restores every changed file's previous bytes and mode, deletes created files and folders; returns what it could not restore. */
  undo(): RollbackOutcome;
}

/** RollbackOutcome names the files a rollback could not restore and where their previous content was saved. */
export interface RollbackOutcome {
  readonly unrestored: readonly string[];
  readonly rescueDir: string | undefined;
}

let sequence = 0;

/** tempName is the hidden sibling a file is staged in; pid and a counter keep concurrent writers apart. */
function tempName(target: string): string {
  sequence += 1;
  return join(dirname(target), `.${basename(target)}.${process.pid}-${sequence}.operator-ts-tmp`);
}

/**
 * commitSteps carries out checked steps in two phases. First every new content goes to a temp file in its
 * target's folder (creating missing folders): this is where a full disk or a refused folder shows, and
 * nothing the user sees has changed yet. Then each temp file is renamed over its target (an atomic swap)
 * and removals happen. When any call fails, everything done so far is undone and a UserError names the
 * path, the OS error and the fix.
 */
export function commitSteps(root: string, steps: readonly Step[], fs: FileSystem): Journal {
  const createdDirs: string[] = [];
  const temps = new Map<Step, string>();
  const done: Step[] = [];
  const rollback = (): RollbackOutcome => undoSteps(root, done, temps, createdDirs, fs);
  let current: Step | undefined;
  try {
    for (const step of steps) {
      if (step.content === undefined) continue;
      current = step;
      ensureDir(dirname(step.target), fs, createdDirs);
      const temp = tempName(step.target);
      fs.writeFile(temp, step.content, step.previous?.mode ?? 0o666);
      temps.set(step, temp);
      // The umask applies at creation; an existing file keeps exactly the mode it had.
      if (step.previous !== undefined) fs.chmod(temp, step.previous.mode);
    }
    for (const step of steps) {
      current = step;
      const temp = temps.get(step);
      if (temp === undefined) fs.unlink(step.target);
      else fs.rename(temp, step.target);
      temps.delete(step);
      done.push(step);
    }
  } catch (err) {
    const outcome = rollback();
    throw commitError(root, current, err, outcome);
  }
  return { undo: rollback };
}

function ensureDir(dir: string, fs: FileSystem, created: string[]): void {
  const missing: string[] = [];
  for (let d = dir; fs.stat(d) === undefined && dirname(d) !== d; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    fs.mkdir(d);
    created.push(d);
  }
}

function undoSteps(
  root: string,
  done: Step[],
  temps: Map<Step, string>,
  createdDirs: string[],
  fs: FileSystem,
): RollbackOutcome {
  const unrestored: Step[] = [];
  for (const step of done.splice(0).reverse()) {
    try {
      if (step.previous === undefined) fs.unlink(step.target);
      else {
        const temp = tempName(step.target);
        fs.writeFile(temp, step.previous.bytes, step.previous.mode);
        fs.chmod(temp, step.previous.mode);
        fs.rename(temp, step.target);
      }
    } catch {
      if (step.previous !== undefined) unrestored.push(step);
    }
  }
  for (const temp of temps.values()) ignoreErrors(() => fs.unlink(temp));
  temps.clear();
  // Only folders this flush created, and only if empty again: never anything the user put there.
  for (const dir of createdDirs.splice(0).reverse()) ignoreErrors(() => fs.rmdir(dir));
  return { unrestored: unrestored.map((s) => s.path), rescueDir: rescue(root, unrestored) };
}

/** rescue saves what could not be put back where the user can find it: a rollback must never lose their content. */
function rescue(root: string, steps: readonly Step[]): string | undefined {
  if (steps.length === 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'operator-ts-rescue-'));
  for (const step of steps) {
    const rel = relative(root, step.target).split(sep).join('/');
    const out = join(dir, rel.startsWith('..') ? basename(step.target) : rel);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, step.previous?.bytes ?? '');
  }
  return dir;
}

function ignoreErrors(fn: () => void): void {
  try {
    fn();
  } catch {
    // Best effort: a rollback goes on with the other entries.
  }
}

function commitError(root: string, step: Step | undefined, err: unknown, outcome: RollbackOutcome): UserError {
  const rel = (abs: string): string => relative(root, abs).split(sep).join('/') || '.';
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === 'string' ? e.code : 'EIO';
  const path = step === undefined ? '.' : step.path;
  const blocker =
    typeof e?.path === 'string' ? rel(e.path.includes('.operator-ts-tmp') ? dirname(e.path) : e.path) : path;
  const restored =
    outcome.unrestored.length === 0
      ? 'every change was rolled back, the project is as it was'
      : `rolled back, except ${outcome.unrestored.join(', ')}: their previous content is saved in ${outcome.rescueDir}`;
  return new UserError(`writing ${path} failed (${osReason(err)}); ${restored}`, {
    hint: `${fixFor(code, blocker)}; then re-run the command`,
    cause: err,
  });
}
