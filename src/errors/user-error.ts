/**
 * UserError is a mistake the user can fix: a bad flag, an invalid name, a file in the way. The CLI prints
 * its message and hint without a stack and exits 1. Everything else that escapes a command is an internal
 * error and is reported as a bug.
 */
export class UserError extends Error {
  /** UserError.name is fixed so that the error boundary can recognise it across module copies. */
  override readonly name = 'UserError';
  /** How to fix it, printed after the message ("run ... with --force to overwrite"). */
  readonly hint: string | undefined;

  constructor(message: string, options?: { hint?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.hint = options?.hint;
  }
}

/** isUserError tells whether err is a {@link UserError}, also when it came from another copy of this module. */
export function isUserError(err: unknown): err is UserError {
  return err instanceof UserError || (err instanceof Error && err.name === 'UserError' && 'hint' in err);
}
