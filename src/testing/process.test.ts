import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { processExists } from './ports.js';
import { formatOutputTail, ManagedProcess } from './process.js';

const dir = mkdtempSync(join(tmpdir(), 'envtest-process-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** running ignores zombies: an orphan is reaped by whatever init the machine has, possibly late. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return processExists(pid);
  }
}

function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('ManagedProcess', () => {
  it('keeps the last lines of output and the exit status', async () => {
    const path = script(
      'noisy',
      'i=0; while [ $i -lt 50 ]; do echo "line $i"; i=$((i+1)); done; echo oops >&2; exit 3',
    );
    const proc = await ManagedProcess.start({ name: 'noisy', path, args: [], attachOutput: false });
    expect(await proc.exited).toEqual({ code: 3, signal: null });
    const tail = proc.outputTail();
    expect(tail).toHaveLength(30);
    expect(tail.at(-1)).toBe('oops');
    expect(tail[0]).toBe('line 21');
    expect(formatOutputTail(proc)).toContain(
      `noisy (pid ${proc.pid}, exit code 3), last 30 lines of output:\n    line 21`,
    );
  });

  it('stops the whole process group with SIGTERM', async () => {
    // The shell forks a child sleep; both must go.
    const path = script('parent', 'sleep 60 & echo "child $!"; wait');
    const proc = await ManagedProcess.start({ name: 'parent', path, args: [], attachOutput: false });
    while (!proc.outputTail().some((l) => l.startsWith('child '))) await new Promise((r) => setTimeout(r, 20));
    const childPid = Number(
      proc
        .outputTail()
        .find((l) => l.startsWith('child '))
        ?.slice(6),
    );
    expect(processExists(childPid)).toBe(true);
    await proc.stop(5_000);
    expect(proc.exitStatus?.signal).toBe('SIGTERM');
    expect(processExists(proc.pid)).toBe(false);
    for (let i = 0; i < 250 && running(childPid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(running(childPid)).toBe(false);
  });

  it('SIGKILLs a process that ignores SIGTERM after the stop timeout', async () => {
    const path = script('stubborn', "trap '' TERM; echo ready; while true; do sleep 1; done");
    const proc = await ManagedProcess.start({ name: 'stubborn', path, args: [], attachOutput: false });
    while (!proc.outputTail().includes('ready')) await new Promise((r) => setTimeout(r, 20));
    await proc.stop(300);
    expect(proc.exitStatus?.signal).toBe('SIGKILL');
    expect(processExists(proc.pid)).toBe(false);
  });

  it('copies output to stderr with a name prefix when attached', async () => {
    const path = script('chatty', 'echo one; echo two >&2');
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const proc = await ManagedProcess.start({ name: 'chatty', path, args: [], attachOutput: true });
      await proc.exited;
      // Output may still be in flight in the pipes after the exit event.
      for (let i = 0; i < 50 && proc.outputTail().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      spy.mockRestore();
    }
    expect(written.join('').split('\n').filter(Boolean).sort()).toEqual(['[chatty] one', '[chatty] two']);
  });

  it('fails to start a binary that cannot be executed, naming it', async () => {
    await expect(
      ManagedProcess.start({ name: 'ghost', path: join(dir, 'missing'), args: [], attachOutput: false }),
    ).rejects.toThrow(/cannot start ghost \(.*missing\): spawn .*ENOENT/);
  });
});
