/** InterruptSignal is a signal that asks a command to stop. */
export type InterruptSignal = 'SIGINT' | 'SIGTERM';

const EXIT_CODES: Readonly<Record<InterruptSignal, number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * InterruptedError ends a command stopped by Ctrl-C (SIGINT) or SIGTERM after it cleaned up; the CLI
 * prints its message and exits 128 + the signal number, as a shell does for a killed process.
 */
export class InterruptedError extends Error {
  /** InterruptedError.name is fixed so that the error boundary can recognise it across module copies. */
  override readonly name = 'InterruptedError';
  /** The signal that stopped the command. */
  readonly signal: InterruptSignal;

  /** detail says what the command did about it ("the 37 file changes ... were rolled back"). */
  constructor(signal: InterruptSignal, detail?: string) {
    super(detail === undefined ? `interrupted by ${signal}` : `interrupted by ${signal}: ${detail}`);
    this.signal = signal;
  }

  /** exitCode is 130 for SIGINT and 143 for SIGTERM. */
  get exitCode(): number {
    return EXIT_CODES[this.signal];
  }
}

/** isInterrupted tells whether err is an {@link InterruptedError}, also from another copy of this module. */
export function isInterrupted(err: unknown): err is InterruptedError {
  return (
    err instanceof InterruptedError || (err instanceof Error && err.name === 'InterruptedError' && 'signal' in err)
  );
}
