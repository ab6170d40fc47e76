/** CliIO is where a CLI run reads its directory from and writes its output to, so tests can run it in-process. */
export interface CliIO {
  /** Absolute working directory: the project root. */
  readonly cwd: string;
  /** Writes results (the change list, help) to stdout. */
  readonly out: (text: string) => void;
  /** Writes progress, warnings and errors to stderr. */
  readonly err: (text: string) => void;
  /** Aborted when the user interrupts the run (Ctrl-C, SIGTERM); commands stop waiting and roll back. */
  readonly signal?: AbortSignal;
}

/** processIO is the IO of a real process. */
export function processIO(): CliIO {
  return { cwd: process.cwd(), out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) };
}
