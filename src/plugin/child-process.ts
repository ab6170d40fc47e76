import { spawn } from 'node:child_process';

/** RunCommandOptions tune {@link runCommand}. */
export interface RunCommandOptions {
  readonly cwd: string;
  /** The hook's signal (ctx.signal): when it aborts, the command's whole process group is stopped. */
  readonly signal?: AbortSignal;
  readonly env?: NodeJS.ProcessEnv;
  /** How long the group gets to exit after SIGTERM before SIGKILL; default 5 s. */
  readonly killAfterMs?: number;
}

/** CommandFailure is how {@link runCommand} reports a non-zero exit: stderr is the command's own. */
export class CommandFailure extends Error {
  /** CommandFailure.name is fixed so callers recognise it across module copies. */
  override readonly name = 'CommandFailure';
  constructor(
    message: string,
    /** Exit code, or undefined when a signal ended it. */
    readonly exitCode: number | undefined,
    /** What the command wrote to stderr (the last 64 KiB). */
    readonly stderr: string,
  ) {
    super(message);
  }
}

const STDERR_KEEP = 64 * 1024;
const running = new Set<number>();
let exitHooked = false;

function killAllNow(): void {
  for (const pgid of running) signalGroup(pgid, 'SIGKILL');
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(process.platform === 'win32' ? pgid : -pgid, signal);
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

/**
 * runCommand runs a program (npm install, go mod tidy, ...) for a postScaffold hook in its own process
 * group, so that stopping it reaches everything it started (npm's lifecycle scripts, node-gyp). When the
 * signal aborts (Ctrl-C), the group gets SIGTERM, then SIGKILL after killAfterMs, and runCommand rejects
 * with the abort reason once the child has exited; whatever of the group is still left is then killed.
 * A non-zero exit rejects with a {@link CommandFailure}. A forced exit of the CLI SIGKILLs the group.
 */
export async function runCommand(file: string, args: readonly string[], options: RunCommandOptions): Promise<void> {
  options.signal?.throwIfAborted();
  const child = spawn(file, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEEP);
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null } | Error>((resolve) => {
    child.once('error', (err) => resolve(err));
    // Then the rest of stderr, unless something the child left running still holds the pipe.
    child.once(
      'exit',
      (code, signal) =>
        void Promise.race([closed, new Promise((r) => setTimeout(r, 1_000).unref())]).then(() =>
          resolve({ code, signal }),
        ),
    );
  });
  const pgid = child.pid;
  if (pgid !== undefined) {
    running.add(pgid);
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', killAllNow);
    }
  }
  let killTimer: NodeJS.Timeout | undefined;
  const onAbort = (): void => {
    if (pgid === undefined) return;
    signalGroup(pgid, 'SIGTERM');
    killTimer = setTimeout(() => signalGroup(pgid, 'SIGKILL'), options.killAfterMs ?? 5_000);
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const outcome = await exited;
    if (options.signal?.aborted === true) {
      // The leader is gone; members that ignored SIGTERM must not outlive the CLI.
      if (pgid !== undefined) signalGroup(pgid, 'SIGKILL');
      throw options.signal.reason;
    }
    if (outcome instanceof Error) throw new CommandFailure(`cannot run ${file}: ${outcome.message}`, undefined, stderr);
    if (outcome.code !== 0) {
      const how =
        outcome.signal !== null ? `was killed by ${outcome.signal}` : `exited with code ${String(outcome.code)}`;
      throw new CommandFailure(`${[file, ...args].join(' ')} ${how}`, outcome.code ?? undefined, stderr);
    }
  } finally {
    clearTimeout(killTimer);
    options.signal?.removeEventListener('abort', onAbort);
    if (pgid !== undefined) running.delete(pgid);
  }
}
