import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandFailure, runCommand } from './child-process.js';

/** alive ignores zombies: a killed orphan waits for init to reap it. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('runCommand', () => {
  it('resolves on exit code 0 and rejects with the stderr of a failing command', async () => {
    await runCommand('sh', ['-c', 'exit 0'], { cwd: '.' });
    const err = await runCommand('sh', ['-c', 'echo broken >&2; exit 3'], { cwd: '.' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CommandFailure);
    expect(err).toMatchObject({
      exitCode: 3,
      stderr: 'broken\n',
      message: 'sh -c echo broken >&2; exit 3 exited with code 3',
    });
    await expect(runCommand('no-such-program-here', [], { cwd: '.' })).rejects.toThrow(
      /cannot run no-such-program-here: spawn no-such-program-here ENOENT/,
    );
  });

  it('on abort stops the whole process group, also a member that ignores SIGTERM, and rejects with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('interrupted by SIGINT');
    // The leader starts a grandchild that ignores SIGTERM, prints both pids, and waits.
    const script = 'sh -c \'trap "" TERM; while :; do sleep 0.1; done\' & echo $$ $! > pids; wait';
    const cwd = mkdtempSync(join(tmpdir(), 'ots-run-'));
    const running = runCommand('sh', ['-c', script], { cwd, signal: controller.signal, killAfterMs: 300 });
    let pids: number[] = [];
    await until(() => {
      try {
        pids = readFileSync(join(cwd, 'pids'), 'utf8').trim().split(' ').map(Number);
        return pids.length === 2;
      } catch {
        return false;
      }
    });
    expect(pids.every(alive)).toBe(true);
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    await until(() => !pids.some(alive));
  });

  it('does not start when already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(runCommand('sh', ['-c', 'exit 0'], { cwd: '.', signal: controller.signal })).rejects.toThrow('stop');
  });
});
