import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PortReservation is a free loopback port that no other environment (in this or another process) will pick. */
export interface PortReservation {
  /** The port number. */
  readonly port: number;
  /** release gives the port back; idempotent. */
  release(): void;
}

/** PortReservationOptions tune {@link reservePort}; mostly for tests. */
export interface PortReservationOptions {
  /** Directory of the lock files; default os.tmpdir()/operator-ts-envtest-ports. */
  lockDir?: string;
  /** Host to probe; default 127.0.0.1. */
  host?: string;
  /** Attempts before giving up; default 100 (like envtest's addr.Suggest). */
  attempts?: number;
  /** Source of candidate ports; default the kernel's choice for a listen on port 0. */
  candidate?: (host: string) => Promise<number>;
}

/** DEFAULT_PORT_LOCK_DIR is where port lock files live, shared by every process on the machine. */
export const DEFAULT_PORT_LOCK_DIR = join(tmpdir(), 'operator-ts-envtest-ports');

/**
 * reservePort finds a free loopback port and claims it with an O_EXCL lock file holding our pid, so that
 * concurrent environments in this process and in other processes (vitest forks) never pick the same port
 * between "probed free" and "bound by the child". Locks of dead processes are taken over. The kernel can
 * still hand the port to an unrelated program before the child binds it; the control plane retries its
 * whole start for that case.
 */
export async function reservePort(options: PortReservationOptions = {}): Promise<PortReservation> {
  const lockDir = options.lockDir ?? DEFAULT_PORT_LOCK_DIR;
  const host = options.host ?? '127.0.0.1';
  const candidate = options.candidate ?? kernelChosenPort;
  const attempts = options.attempts ?? 100;
  mkdirSync(lockDir, { recursive: true });
  sweepStaleLocks(lockDir);
  for (let i = 0; i < attempts; i++) {
    const port = await candidate(host);
    const lockFile = join(lockDir, `port-${port}`);
    if (tryLock(lockFile)) {
      let released = false;
      return {
        port,
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(lockFile);
          } catch {
            // Already gone (someone judged it stale); nothing to give back.
          }
        },
      };
    }
  }
  throw new Error(`could not reserve a free port on ${host} after ${attempts} attempts (lock files in ${lockDir})`);
}

function tryLock(lockFile: string): boolean {
  for (let round = 0; round < 2; round++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o644);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (round > 0 || !isStale(lockFile)) return false;
      try {
        unlinkSync(lockFile);
      } catch {
        // Another process took it over first; the next open decides.
      }
    }
  }
  return false;
}

const swept = new Set<string>();

/** sweepStaleLocks removes, once per process and directory, the locks that crashed runs left behind. */
function sweepStaleLocks(lockDir: string): void {
  if (swept.has(lockDir)) return;
  swept.add(lockDir);
  for (const name of readdirSync(lockDir)) {
    if (!name.startsWith('port-')) continue;
    const file = join(lockDir, name);
    if (isStale(file)) {
      try {
        unlinkSync(file);
      } catch {
        // Someone else swept it.
      }
    }
  }
}

/** isStale tells whether a lock file's owner process is gone (a crashed test run). */
function isStale(lockFile: string): boolean {
  let owner: number;
  try {
    owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
  } catch {
    return false;
  }
  // An unreadable or half-written file may belong to a process still writing it: leave it alone.
  if (!Number.isInteger(owner) || owner <= 0) return false;
  return !processExists(owner);
}

/** processExists tells whether a process with this pid exists (signal 0 probes without signalling). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** kernelChosenPort listens on port 0, reads the port the kernel picked and closes again. */
export function kernelChosenPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error(`no port assigned on ${host}`))));
    });
  });
}
