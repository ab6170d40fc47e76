import { spawn } from 'node:child_process';

/**
 * GENERATE_NODE_FLAGS are the Node.js flags `operator-ts generate` runs with. The run is short and its
 * memory is mostly the TypeScript compiler's source and code, so the defaults made for long-lived servers
 * cost memory for no speed: a young generation that grows to 16 MiB per semi-space, and the compilers
 * above the interpreter (TurboFan, Maglev, Sparkplug) whose code pages and compile zones add about 11 MiB
 * to the peak while the run ends before their code pays back (measured with `npm run bench`).
 */
export const GENERATE_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=1',
  '--no-opt',
  '--no-maglev',
  '--no-sparkplug',
];

/**
 * GENERATE_ENV is set for the generate process. glibc raises its mmap threshold each time a large block
 * is freed (up to 32 MiB), so the buffers Node reads the compile cache of the 9 MB TypeScript compiler
 * into land in the brk heap and stay resident after they are freed; a fixed threshold returns them.
 * See mallopt(3), M_MMAP_THRESHOLD.
 */
export const GENERATE_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** RelaunchPlan is how the launcher re-runs itself: the child's program, arguments and environment. */
export interface RelaunchPlan {
  /** The program to run: this Node.js when absent, or a command found on PATH (npm). */
  command?: string;
  /** Its arguments; for Node.js the flags, then the script and its arguments. */
  args: string[];
  /** The child's environment. */
  env: NodeJS.ProcessEnv;
}

/**
 * relaunchPlan returns how to re-run the CLI for `generate` with {@link GENERATE_NODE_FLAGS} and
 * {@link GENERATE_ENV}, or undefined when the process already has them or runs another command. Flags of
 * the V8 heap's layout and glibc's allocator are read when the process starts, so setting them from
 * inside the running CLI has no effect; a second process costs one Node.js start-up (about 40 ms).
 */
export function relaunchPlan(
  argv: readonly string[],
  execArgv: readonly string[],
  env: NodeJS.ProcessEnv,
): RelaunchPlan | undefined {
  if (argv[2] !== 'generate') return undefined;
  if (GENERATE_NODE_FLAGS.every((f) => execArgv.includes(f))) return undefined;
  return {
    args: [...execArgv.filter((f) => !GENERATE_NODE_FLAGS.includes(f)), ...GENERATE_NODE_FLAGS, ...argv.slice(1)],
    env: { ...env, ...GENERATE_ENV },
  };
}

const FORWARDED = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;

/**
 * relaunch runs the plan with this process's stdio and resolves to the exit code to leave with. A child
 * killed by a signal makes this process kill itself with the same signal, so that callers see what they
 * would have seen without the relaunch. Signals sent to this process are passed on; SIGINT only when no
 * terminal is attached, since Ctrl-C in a terminal already reaches the child (the same process group) and
 * a second SIGINT would make the CLI skip its clean stop.
 */
export function relaunch(plan: RelaunchPlan): Promise<number> {
  return new Promise((resolve, reject) => {
    // npm is a .cmd script on Windows, which only a shell runs.
    const child =
      plan.command === undefined
        ? spawn(process.execPath, plan.args, { stdio: 'inherit', env: plan.env })
        : spawn(plan.command, plan.args, { stdio: 'inherit', env: plan.env, shell: process.platform === 'win32' });
    const fromTerminal = process.stdin.isTTY === true || process.stderr.isTTY === true;
    const handlers = FORWARDED.map((sig) => {
      const handler = (): void => {
        if (sig !== 'SIGINT' || !fromTerminal) child.kill(sig);
      };
      process.on(sig, handler);
      return [sig, handler] as const;
    });
    const restore = (): void => {
      for (const [sig, handler] of handlers) process.off(sig, handler);
    };
    child.on('error', (err) => {
      restore();
      reject(err);
    });
    child.on('exit', (code, signal) => {
      restore();
      if (signal !== null) {
        process.kill(process.pid, signal);
        return;
      }
      resolve(code ?? 1);
    });
  });
}
