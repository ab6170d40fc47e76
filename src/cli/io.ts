import type { Change } from '../machinery/tree.js';
import { colorEnabled, painter, type Paint, type Style } from './color.js';

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
  /** Whether stdout is coloured (see colorEnabled: a terminal, NO_COLOR, FORCE_COLOR); absent means no colour. */
  readonly outColor?: boolean;
  /** Whether stderr is coloured; absent means no colour. */
  readonly errColor?: boolean;
  /** Aborted when the user interrupts the run (Ctrl-C, SIGTERM); commands stop waiting and roll back. */
  readonly signal?: AbortSignal;
  /** Reads all of stdin, or returns undefined when nothing is piped (a terminal); absent means nothing is piped. */
  readonly readStdin?: () => Promise<string | undefined>;
}

/** readProcessStdin reads all of the process's stdin, or returns undefined when it is a terminal. */
export async function readProcessStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY === true) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** processIO is the IO of a real process. */
export function processIO(): CliIO {
  return {
    cwd: process.cwd(),
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    errIsTTY: process.stderr.isTTY === true,
    outColor: colorEnabled(process.stdout),
    errColor: colorEnabled(process.stderr),
    readStdin: readProcessStdin,
  };
}

/** outPaint is the {@link Paint} of the run's stdout. */
export function outPaint(io: Pick<CliIO, 'outColor'>): Paint {
  return painter(io.outColor === true);
}

/** errPaint is the {@link Paint} of the run's stderr. */
export function errPaint(io: Pick<CliIO, 'errColor'>): Paint {
  return painter(io.errColor === true);
}

const CHANGE_STYLE: Readonly<Record<string, Style>> = { CREATE: 'green', UPDATE: 'yellow', DELETE: 'red', SKIP: 'dim' };

/** printChanges writes the change list, one `KIND path` line each, and says so when it was a dry run. */
export function printChanges(io: Pick<CliIO, 'out' | 'outColor'>, changes: readonly Change[], dryRun: boolean): void {
  const paint = outPaint(io);
  io.out(changes.map((c) => `${paint(CHANGE_STYLE[c.kind] ?? 'bold', c.kind.padEnd(6))} ${c.path}\n`).join(''));
  if (dryRun) io.out('Dry run: nothing was written.\n');
}
