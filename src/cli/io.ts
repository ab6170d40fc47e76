import type { Change } from '../machinery/tree.js';

/**
 * CliIO is what a CLI run reads from and writes to: its directory, stdout, stderr, stdin and the
 * interrupt signal. Every command gets it from its run context, so tests run the CLI in-process.
 */
export interface CliIO {
  /** Absolute working directory: the project root. */
  readonly cwd: string;
  /** Writes results (the change list, help) to stdout. */
  readonly out: (text: string) => void;
  /** Writes progress, warnings and errors to stderr. */
  readonly err: (text: string) => void;
  /** Whether stderr is a terminal: progress lines count seconds in place only there. */
  readonly errIsTTY?: boolean;
  /** Aborted when the user interrupts the run (Ctrl-C, SIGTERM); commands stop waiting and roll back. */
  readonly signal?: AbortSignal;
  /** Reads all of stdin, or returns undefined when nothing is piped (a terminal); absent means nothing is piped. */
  readonly readStdin?: () => Promise<string | undefined>;
}

/** readProcessStdin reads all of the process's stdin, or returns undefined when it is a terminal. */
export async function readProcessStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY === true) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** processIO is the IO of a real process. */
export function processIO(): CliIO {
  return {
    cwd: process.cwd(),
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    errIsTTY: process.stderr.isTTY === true,
    readStdin: readProcessStdin,
  };
}

/** printChanges writes the change list, one `KIND path` line each, and says so when it was a dry run. */
export function printChanges(io: Pick<CliIO, 'out'>, changes: readonly Change[], dryRun: boolean): void {
  io.out(changes.map((c) => `${c.kind.padEnd(6)} ${c.path}\n`).join(''));
  if (dryRun) io.out('Dry run: nothing was written.\n');
}
