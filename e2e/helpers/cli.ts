import { execa } from 'execa';
import { cliBin } from './paths.js';

/** CliResult is what one CLI invocation produced. */
export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * runCli runs the built `operator-ts` bin in `cwd` on the Node running the tests (Node 24 from the pinned
 * devDependency), never throwing on a non-zero exit so tests can assert on it.
 */
export async function runCli(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CliResult> {
  const result = await execa(process.execPath, [cliBin, ...args], {
    cwd,
    reject: false,
    env: { NO_COLOR: '1', ...env },
    stdin: 'ignore',
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** runCliOk runs the CLI and throws with its output when it fails. */
export async function runCliOk(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CliResult> {
  const result = await runCli(args, cwd, env);
  if (result.exitCode !== 0) {
    throw new Error(
      `operator-ts ${args.join(' ')} exited ${result.exitCode}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`,
    );
  }
  return result;
}
