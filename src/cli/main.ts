import { CommanderError } from 'commander';
import { isInterrupted } from '../errors/interrupted.js';
import { isUserError } from '../errors/user-error.js';
import { cliVersion } from '../machinery/template-root.js';
import { trapInterrupts } from './interrupts.js';
import { errPaint, processIO, type CliIO } from './io.js';
import { buildProgram } from './program.js';

/** FORCE_INTERNAL_ERROR is a test-only environment variable that makes {@link main} fail as a bug would. */
export const FORCE_INTERNAL_ERROR = 'OPERATOR_TS_TEST_INTERNAL_ERROR';

/**
 * main runs the CLI and returns the exit code. It is the single error boundary: user errors print
 * their message and hint, flag errors their message, and anything else a one-line internal error report
 * (stacks and cause chains only with --verbose). `argv` is process.argv-shaped (node, script, args...).
 * Unless io brings its own signal, SIGINT and SIGTERM are trapped for the run: the command stops cleanly
 * and main returns 130 or 143.
 */
export async function main(argv: readonly string[], io: Partial<CliIO> = {}): Promise<number> {
  const base: CliIO = { ...processIO(), ...io };
  const trap = io.signal === undefined ? trapInterrupts(base.err) : undefined;
  const full: CliIO = trap === undefined ? base : { ...base, signal: trap.signal };
  try {
    return await run(argv, full);
  } finally {
    trap?.dispose();
  }
}

async function run(argv: readonly string[], full: CliIO): Promise<number> {
  const args = argv.slice(2);
  const verbose = args.includes('--verbose') || args.includes('--verbose=true');
  try {
    // Lets the e2e suite drive the internal-error path of the built CLI; no user sets it.
    if (process.env[FORCE_INTERNAL_ERROR] === '1') throw new Error(`forced by ${FORCE_INTERNAL_ERROR}=1`);
    const program = await buildProgram(full, args);
    await program.parseAsync(args, { from: 'user' });
    return 0;
  } catch (err) {
    return report(err, full, verbose);
  }
}

function report(err: unknown, io: CliIO, verbose: boolean): number {
  const paint = errPaint(io);
  const error = paint(['bold', 'red'], 'Error:');
  const hintLabel = paint('cyan', 'Hint:');
  if (isInterrupted(err)) {
    io.err(`${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}\n`);
    return err.exitCode;
  }
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return 0;
    if (err.code === 'commander.help' || err.code === 'commander.executeSubCommandAsync') return err.exitCode;
    const [first = '', ...rest] = err.message.replace(/^error: /, '').split('\n');
    const suggestion = /\(Did you mean (.+)\?\)/.exec(rest.join(' '))?.[1];
    const hint = suggestion === undefined ? '' : `did you mean ${suggestion}? `;
    io.err(`${error} ${first}\n${hintLabel} ${hint}run the command with --help to see its flags and examples\n`);
    return 1;
  }
  if (isUserError(err)) {
    io.err(`${error} ${err.message}\n`);
    if (err.hint !== undefined) io.err(`${hintLabel} ${err.hint}\n`);
    if (verbose) io.err(`${causeChain(err)}\n`);
    return 1;
  }
  const message = err instanceof Error ? err.message : String(err);
  const label = paint(['bold', 'red'], 'internal error:');
  io.err(
    `${label} ${message} (operator-ts ${versionOrUnknown()}, node ${process.version}: please report this bug; run with --verbose for the stack)\n`,
  );
  if (verbose) io.err(`${causeChain(err)}\n`);
  return 1;
}

function versionOrUnknown(): string {
  try {
    return cliVersion();
  } catch {
    return 'unknown version';
  }
}

function causeChain(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e !== undefined && depth < 10; depth++) {
    parts.push(e instanceof Error ? (e.stack ?? e.message) : String(e));
    e = e instanceof Error ? e.cause : undefined;
    if (e !== undefined) parts.push('caused by:');
  }
  return parts.join('\n');
}
