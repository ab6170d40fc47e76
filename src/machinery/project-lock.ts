import { randomUUID } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { osReason } from '../errors/os-reason.js';
import { UserError } from '../errors/user-error.js';

/** LOCK_FILE is the per-project lock, beside PROJECT; it exists only while a command works on the project. */
export const LOCK_FILE = '.operator-ts.lock';

/** LOCK_TIMEOUT_ENV overrides how many seconds a command waits for another one to finish (default 60). */
export const LOCK_TIMEOUT_ENV = 'OPERATOR_TS_LOCK_TIMEOUT';

const DEFAULT_TIMEOUT_MS = 60_000;
const POLL_MS = 100;
// A lock file that cannot be parsed is one being written right now, or one a crash cut short.
const UNREADABLE_GRACE_MS = 5_000;

/** LockHolder is what a lock file records about the command holding it. */
export interface LockHolder {
  readonly pid: number;
  readonly command: string;
  readonly host: string;
  readonly startedAt: string;
  readonly token: string;
}

/** LockOptions tune {@link acquireProjectLock}. */
export interface LockOptions {
  /** command names the holder in other commands' messages, e.g. `create api`. */
  readonly command: string;
  /** How long to wait for another command; default {@link LOCK_TIMEOUT_ENV} seconds, else 60 s. */
  readonly timeoutMs?: number;
  /** Aborts the wait (Ctrl-C); the abort reason is thrown. */
  readonly signal?: AbortSignal;
  /** Called once when the lock is busy and the command starts waiting. */
  readonly onWait?: (holder: LockHolder | undefined, path: string) => void;
}

/** ProjectLock is a held lock; release is idempotent. `held` is false when the folder is read-only (nothing to protect). */
export interface ProjectLock {
  readonly path: string;
  readonly held: boolean;
  release(): void;
}

const heldTokens = new Map<string, string>();
let exitHooked = false;

function releaseAllNow(): void {
  for (const [token, path] of heldTokens) removeIfOurs(path, token);
  heldTokens.clear();
}

/**
 * acquireProjectLock creates `<root>/.operator-ts.lock` with O_EXCL, recording pid, host, command and
 * start time. While another live command holds it, it waits (telling onWait once), up to the timeout; a
 * lock whose process is dead (same host) is stale and taken over. A folder where the lock cannot be
 * created because it is read-only yields an unheld lock: no command can change PROJECT there anyway.
 */
export async function acquireProjectLock(root: string, options: LockOptions): Promise<ProjectLock> {
  const path = join(root, LOCK_FILE);
  const timeoutMs = options.timeoutMs ?? timeoutFromEnv();
  const started = Date.now();
  let told = false;
  for (;;) {
    options.signal?.throwIfAborted();
    const token = randomUUID();
    const holder: LockHolder = {
      pid: process.pid,
      command: options.command,
      host: hostname(),
      startedAt: new Date().toISOString(),
      token,
    };
    const created = tryCreate(path, holder);
    if (created === 'created') return heldLock(path, token);
    if (created === 'unlockable') return { path, held: false, release: () => undefined };
    const current = readLockFile(path);
    if (current.kind === 'gone') continue;
    if (current.kind === 'held' ? isStale(current.holder) : current.abandoned) {
      breakStale(path, current.raw);
      continue;
    }
    const known = current.kind === 'held' ? current.holder : undefined;
    if (Date.now() - started >= timeoutMs) throw busyError(path, known, timeoutMs);
    if (!told) {
      told = true;
      options.onWait?.(known, path);
    }
    await sleep(
      POLL_MS + Math.floor(Math.random() * POLL_MS),
      undefined,
      options.signal === undefined ? {} : { signal: options.signal },
    ).catch((err: unknown) => {
      throw options.signal?.aborted === true ? options.signal.reason : err;
    });
  }
}

/** withProjectLock runs fn while holding the project lock, and releases it however fn ends. */
export async function withProjectLock<T>(root: string, options: LockOptions, fn: () => Promise<T> | T): Promise<T> {
  const lock = await acquireProjectLock(root, options);
  try {
    return await fn();
  } finally {
    lock.release();
  }
}

function heldLock(path: string, token: string): ProjectLock {
  heldTokens.set(token, path);
  if (!exitHooked) {
    exitHooked = true;
    // Synchronous on purpose: a forced exit (second Ctrl-C, process.exit) must not leave the lock behind.
    process.on('exit', releaseAllNow);
  }
  let released = false;
  return {
    path,
    held: true,
    release: () => {
      if (released) return;
      released = true;
      heldTokens.delete(token);
      removeIfOurs(path, token);
    },
  };
}

function tryCreate(path: string, holder: LockHolder): 'created' | 'busy' | 'unlockable' {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return 'busy';
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'unlockable';
    throw new UserError(`cannot create the project lock ${path} (${osReason(err)})`, {
      hint: 'run the command in the project root (the folder holding PROJECT), on a local file system',
      cause: err,
    });
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return 'created';
}

type LockFileState =
  | { readonly kind: 'gone' }
  | { readonly kind: 'held'; readonly holder: LockHolder; readonly raw: string }
  | { readonly kind: 'unreadable'; readonly raw: string; readonly abandoned: boolean };

function readLockFile(path: string): LockFileState {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'gone' };
    throw err;
  }
  try {
    const holder = JSON.parse(raw) as LockHolder;
    if (typeof holder.pid === 'number' && typeof holder.token === 'string') return { kind: 'held', holder, raw };
  } catch {
    // Half-written, or not ours.
  }
  try {
    return { kind: 'unreadable', raw, abandoned: Date.now() - statSync(path).mtimeMs > UNREADABLE_GRACE_MS };
  } catch {
    return { kind: 'gone' };
  }
}

function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return !heldTokens.has(holder.token);
  return !processAlive(holder.pid);
}

/** processAlive tells whether pid is a running process (a zombie counts as dead: it has exited). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * breakStale moves a stale lock aside and deletes it, unless what it moved is not the stale lock it read
 * (another command took over first): that one is linked back, so a live holder never loses its lock.
 */
function breakStale(path: string, staleRaw: string): void {
  const aside = `${path}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleRaw) linkSync(aside, path);
  } catch {
    // Someone else holds a fresh lock already; ours to drop is only the moved copy.
  } finally {
    try {
      unlinkSync(aside);
    } catch {
      // Already gone.
    }
  }
}

function removeIfOurs(path: string, token: string): void {
  try {
    const current = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    if (current.token === token) unlinkSync(path);
  } catch {
    // Gone or replaced: not ours to remove.
  }
}

function timeoutFromEnv(): number {
  const text = process.env[LOCK_TIMEOUT_ENV];
  if (text === undefined || text === '') return DEFAULT_TIMEOUT_MS;
  if (!/^\d+(\.\d+)?$/.test(text))
    throw new UserError(`${LOCK_TIMEOUT_ENV}=${text} is not a number of seconds`, {
      hint: `e.g. ${LOCK_TIMEOUT_ENV}=300 waits up to five minutes`,
    });
  return Number(text) * 1000;
}

function busyError(path: string, holder: LockHolder | undefined, timeoutMs: number): UserError {
  const who =
    holder === undefined
      ? 'another operator-ts command'
      : `\`operator-ts ${holder.command}\` (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt})`;
  return new UserError(
    `${who} is still working on this project after ${Math.round(timeoutMs / 1000)}s: it holds ${path}`,
    {
      hint: `wait for it to finish, then re-run; if no operator-ts command is running, delete ${path}; ${LOCK_TIMEOUT_ENV}=<seconds> waits longer`,
    },
  );
}
