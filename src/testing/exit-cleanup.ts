import { rmSync } from 'node:fs';

/**
 * What a crashed or forgetful test run must not leave behind: process groups to SIGKILL and directories to
 * remove. Everything registered here is also cleaned up normally by TestEnv.stop(); the 'exit' hook is the
 * safety net for runs that never get there.
 */
const processGroups = new Set<number>();
const directories = new Set<string>();
let hooked = false;

function hook(): void {
  if (hooked) return;
  hooked = true;
  // 'exit' listeners must be synchronous: SIGKILL now, no waiting.
  process.once('exit', cleanUpNow);
}

/** cleanUpNow SIGKILLs every registered process group and removes every registered directory, synchronously. */
export function cleanUpNow(): void {
  for (const pgid of processGroups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  processGroups.clear();
  for (const dir of directories) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Best effort while exiting.
    }
  }
  directories.clear();
}

/** trackProcessGroup registers a detached child (its pid is its process group id) for exit cleanup. */
export function trackProcessGroup(pgid: number): void {
  hook();
  processGroups.add(pgid);
}

/** untrackProcessGroup forgets a process group that has been stopped. */
export function untrackProcessGroup(pgid: number): void {
  processGroups.delete(pgid);
}

/** trackDirectory registers a temporary directory for exit cleanup. */
export function trackDirectory(dir: string): void {
  hook();
  directories.add(dir);
}

/** untrackDirectory forgets a directory that has been removed. */
export function untrackDirectory(dir: string): void {
  directories.delete(dir);
}
