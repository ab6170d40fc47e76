import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { basename } from 'node:path';
import { trackProcessGroup, untrackProcessGroup } from './exit-cleanup.js';

/** OUTPUT_TAIL_LINES is how many lines of each process's output an error message shows. */
export const OUTPUT_TAIL_LINES = 30;
const KEPT_LINES = 200;

/** ProcessExit describes how a child ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** ManagedProcessOptions describe a control-plane child process. */
export interface ManagedProcessOptions {
  /** Short name used in messages and output prefixes, such as `etcd`. */
  name: string;
  path: string;
  args: string[];
  /** Copy the child's output to our stderr as it arrives (KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT). */
  attachOutput: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * ManagedProcess is a detached child (its own process group, so that SIGTERM reaches anything it forks)
 * whose recent output is kept for error messages. It is registered for SIGKILL at process exit until stopped.
 */
export class ManagedProcess {
  /** ManagedProcess.name is the short name given at start. */
  readonly name: string;
  /** ManagedProcess.pid is the child's pid, which is also its process group id. */
  readonly pid: number;
  /** ManagedProcess.exited resolves when the child has exited and been reaped. */
  readonly exited: Promise<ProcessExit>;
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private partial = '';
  private exitInfo: ProcessExit | undefined;
  private spawnError: Error | undefined;

  private constructor(name: string, child: ChildProcess, attachOutput: boolean) {
    this.name = name;
    this.child = child;
    this.pid = child.pid ?? -1;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        untrackProcessGroup(this.pid);
        resolve(this.exitInfo);
      });
    });
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      if (attachOutput) process.stderr.write(prefixLines(this.name, text));
      this.collect(text);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    // A test run that forgets stop() must still be able to exit; the exit hook then SIGKILLs the group.
    child.unref();
    (child.stdout as Socket | null)?.unref?.();
    (child.stderr as Socket | null)?.unref?.();
  }

  /**
   * ManagedProcess.start spawns the binary detached with piped output. It throws when the binary cannot be
   * executed at all (ENOENT, EACCES), with that reason.
   */
  static async start(options: ManagedProcessOptions): Promise<ManagedProcess> {
    const child = spawn(options.path, options.args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    const spawned = await new Promise<Error | undefined>((resolve) => {
      child.once('spawn', () => resolve(undefined));
      child.once('error', (err) => resolve(err));
    });
    if (spawned !== undefined || child.pid === undefined) {
      throw new Error(`cannot start ${options.name} (${options.path}): ${spawned?.message ?? 'no pid'}`);
    }
    trackProcessGroup(child.pid);
    const proc = new ManagedProcess(options.name, child, options.attachOutput);
    child.on('error', (err) => {
      proc.spawnError = err;
    });
    return proc;
  }

  /** ManagedProcess.exitStatus is how the child ended, or undefined while it runs. */
  get exitStatus(): ProcessExit | undefined {
    return this.exitInfo;
  }

  /** ManagedProcess.outputTail returns the last lines of the child's combined stdout/stderr. */
  outputTail(lines = OUTPUT_TAIL_LINES): string[] {
    const all = this.partial === '' ? this.lines : [...this.lines, this.partial];
    return all.slice(-lines);
  }

  /** ManagedProcess.describeExit renders the exit status for messages: "exit code 1" or "signal SIGKILL". */
  describeExit(): string {
    const e = this.exitInfo;
    if (e === undefined) return this.spawnError ? `error ${this.spawnError.message}` : 'still running';
    return e.signal !== null ? `signal ${e.signal}` : `exit code ${String(e.code)}`;
  }

  /**
   * ManagedProcess.stop sends SIGTERM to the whole process group, waits up to timeoutMs, then SIGKILLs the
   * group and waits for the exit. A child that has already exited is not signalled.
   */
  async stop(timeoutMs: number): Promise<void> {
    if (this.exitInfo !== undefined) return;
    signalGroup(this.pid, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      this.exited.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      signalGroup(this.pid, 'SIGKILL');
      await this.exited;
    }
  }

  private collect(text: string): void {
    const parts = (this.partial + text).split('\n');
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
  }
}

/** formatOutputTail renders a process's output tail for an error message. */
export function formatOutputTail(proc: ManagedProcess): string {
  const tail = proc.outputTail();
  const body = tail.length === 0 ? '    (no output)' : tail.map((l) => `    ${l}`).join('\n');
  return `  ${proc.name} (pid ${proc.pid}, ${proc.describeExit()}), last ${OUTPUT_TAIL_LINES} lines of output:\n${body}`;
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already empty.
  }
}

function prefixLines(name: string, text: string): string {
  const prefix = `[${basename(name)}] `;
  return text
    .split('\n')
    .map((line, i, all) => (i === all.length - 1 && line === '' ? '' : prefix + line))
    .join('\n');
}
