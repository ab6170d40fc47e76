import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUserError } from '../errors/user-error.js';
import { acquireProjectLock, LOCK_FILE, processAlive, withProjectLock, type LockHolder } from './project-lock.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'ots-lock-'));
  made.push(d);
  return d;
}

function holderOf(root: string): LockHolder {
  return JSON.parse(readFileSync(join(root, LOCK_FILE), 'utf8')) as LockHolder;
}

/** deadPid is the pid of a process that has exited and been reaped. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(child.stdout);
  expect(processAlive(pid)).toBe(false);
  return pid;
}

describe('project lock', () => {
  it('is a file beside PROJECT holding pid, host and command, removed on release', async () => {
    const root = dir();
    const lock = await acquireProjectLock(root, { command: 'create api' });
    expect(lock.held).toBe(true);
    expect(holderOf(root)).toMatchObject({ pid: process.pid, host: hostname(), command: 'create api' });
    lock.release();
    lock.release();
    expect(existsSync(join(root, LOCK_FILE))).toBe(false);
  });

  it('makes a second command wait, telling it once who holds the lock, then run', async () => {
    const root = dir();
    const order: string[] = [];
    const waits: (LockHolder | undefined)[] = [];
    const first = await acquireProjectLock(root, { command: 'init' });
    const second = withProjectLock(root, { command: 'create api', onWait: (h) => waits.push(h) }, () => {
      order.push('second');
    });
    await new Promise((r) => setTimeout(r, 400));
    order.push('first done');
    first.release();
    await second;
    expect(order).toEqual(['first done', 'second']);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ command: 'init', pid: process.pid });
    expect(existsSync(join(root, LOCK_FILE))).toBe(false);
  });

  it('gives up after the timeout with the holder, the lock path and the fix', async () => {
    const root = dir();
    const first = await acquireProjectLock(root, { command: 'init' });
    const err = await acquireProjectLock(root, { command: 'generate', timeoutMs: 300 }).catch((e: unknown) => e);
    expect(isUserError(err)).toBe(true);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^\`operator-ts init\` \\(pid ${process.pid} on .+, since .+\\) is still working on this project after 0s: it holds ${join(root, LOCK_FILE).replace(/[.]/g, '\\.')}$`,
      ),
    );
    expect((err as { hint: string }).hint).toContain(
      `if no operator-ts command is running, delete ${join(root, LOCK_FILE)}`,
    );
    first.release();
  });

  it('takes over the lock of a process that died (SIGKILL, power loss)', async () => {
    const root = dir();
    writeFileSync(
      join(root, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), command: 'init', host: hostname(), startedAt: '', token: 'x' }),
    );
    const waits: unknown[] = [];
    const lock = await acquireProjectLock(root, {
      command: 'create api',
      timeoutMs: 1000,
      onWait: (h) => waits.push(h),
    });
    expect(waits).toEqual([]);
    expect(holderOf(root).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock left by this process under a token it no longer holds', async () => {
    const root = dir();
    writeFileSync(
      join(root, LOCK_FILE),
      JSON.stringify({ pid: process.pid, command: 'init', host: hostname(), startedAt: '', token: 'forgotten' }),
    );
    (await acquireProjectLock(root, { command: 'edit', timeoutMs: 1000 })).release();
  });

  it('waits on a lock file being written, takes over one left half-written long ago', async () => {
    const root = dir();
    const path = join(root, LOCK_FILE);
    writeFileSync(path, '{"pid":');
    await expect(acquireProjectLock(root, { command: 'edit', timeoutMs: 300 })).rejects.toThrow(
      /^another operator-ts command is still working on this project/,
    );
    const old = new Date(Date.now() - 60_000);
    utimesSync(path, old, old);
    (await acquireProjectLock(root, { command: 'edit', timeoutMs: 300 })).release();
  });

  it('does not wait on a live holder of another host, and stops waiting on abort', async () => {
    const root = dir();
    writeFileSync(
      join(root, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), command: 'init', host: 'elsewhere', startedAt: '', token: 'x' }),
    );
    const controller = new AbortController();
    const reason = new Error('interrupted');
    const waiting = acquireProjectLock(root, {
      command: 'edit',
      signal: controller.signal,
      onWait: () => controller.abort(reason),
    });
    await expect(waiting).rejects.toBe(reason);
  });

  it('releases when the locked work throws', async () => {
    const root = dir();
    await expect(
      withProjectLock(root, { command: 'generate' }, () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(existsSync(join(root, LOCK_FILE))).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)('is not held in a read-only folder (nothing there can change)', async () => {
    const root = dir();
    chmodSync(root, 0o555);
    try {
      const lock = await acquireProjectLock(root, { command: 'generate' });
      expect(lock.held).toBe(false);
    } finally {
      chmodSync(root, 0o755);
    }
  });
});
