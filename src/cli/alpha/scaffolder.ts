import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CommanderError } from 'commander';
import { execa } from 'execa';
import { isUserError, UserError } from '../../errors/user-error.js';
import type { ReplayStep } from '../../plugin/types.js';
import type { CliIO } from '../io.js';
import { describeStep } from './replay-plan.js';

/** Scaffolder runs one operator-ts command in a folder: this CLI in-process, or another version as a program. */
export interface Scaffolder {
  /** The operator-ts version that scaffolds (labels conflict markers and the summary). */
  readonly version: string;
  run(argv: readonly string[], dir: string): Promise<void>;
}

function failed(step: ReplayStep, version: string, detail: string, cause?: unknown): UserError {
  return new UserError(
    `scaffolding the project afresh with operator-ts ${version} failed at \`${describeStep(step)}\`: ${detail}`,
    {
      hint: 'PROJECT records something this step cannot re-create: fix PROJECT (or the file the step names), re-run',
      cause,
    },
  );
}

/**
 * RunArgv runs one command line of this CLI in-process with the given IO, through the command tree users run
 * (program.ts hands it down, so that this module need not import the program that imports it).
 */
export type RunArgv = (io: CliIO, argv: readonly string[]) => Promise<void>;

/** inProcessScaffolder runs commands with this CLI, quietly: their change lists are not the user's; errors are. */
export function inProcessScaffolder(version: string, signal: AbortSignal | undefined, runArgv: RunArgv): Scaffolder {
  return {
    version,
    async run(argv, dir) {
      const io: CliIO = {
        cwd: dir,
        out: () => undefined,
        err: () => undefined,
        ...(signal === undefined ? {} : { signal }),
      };
      try {
        await runArgv(io, argv);
      } catch (err) {
        if (isUserError(err))
          throw failed({ argv }, version, `${err.message}${err.hint === undefined ? '' : ` (${err.hint})`}`, err);
        if (err instanceof CommanderError) throw failed({ argv }, version, err.message.replace(/^error: /, ''), err);
        throw err;
      }
    },
  };
}

/**
 * programScaffolder runs commands with another operator-ts: `bin` is its launcher (bin/operator-ts.js),
 * started on the Node.js running this CLI.
 */
export function programScaffolder(version: string, bin: string, signal: AbortSignal | undefined): Scaffolder {
  return {
    version,
    async run(argv, dir) {
      const r = await execa(process.execPath, [bin, ...argv], {
        cwd: dir,
        reject: false,
        stdin: 'ignore',
        env: { NO_COLOR: '1' },
        ...(signal === undefined ? {} : { cancelSignal: signal }),
      });
      signal?.throwIfAborted();
      if (r.exitCode !== 0)
        throw failed({ argv }, version, String(r.stderr).trim() || `exit code ${String(r.exitCode)}`);
    },
  };
}

/**
 * scaffoldProject runs a replay plan in the empty folder dir. Before each step, the files it reads from the
 * project (its `seed`) are copied from root when root has them.
 */
export async function scaffoldProject(
  plan: readonly ReplayStep[],
  scaffolder: Scaffolder,
  dir: string,
  root: string,
): Promise<void> {
  for (const step of plan) {
    for (const path of step.seed ?? []) {
      if (!existsSync(join(root, path))) continue;
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      copyFileSync(join(root, path), join(dir, path));
    }
    try {
      await scaffolder.run(step.argv, dir);
    } catch (err) {
      if (isUserError(err) && err.message.startsWith('scaffolding the project afresh')) throw err;
      throw isUserError(err) ? failed(step, scaffolder.version, err.message, err) : err;
    }
  }
}
