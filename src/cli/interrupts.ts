import { InterruptedError, type InterruptSignal } from '../errors/interrupted.js';

/** InterruptTrap turns SIGINT / SIGTERM into an aborted signal while a command runs. */
export interface InterruptTrap {
  /** Aborted, with an {@link InterruptedError} as reason, on the first SIGINT or SIGTERM. */
  readonly signal: AbortSignal;
  /** dispose gives the signals back to Node's defaults. */
  dispose(): void;
}

const SIGNALS: readonly InterruptSignal[] = ['SIGINT', 'SIGTERM'];

/**
 * trapInterrupts catches SIGINT and SIGTERM so that a command can stop cleanly: stop its child processes,
 * roll back what it wrote, release the project lock. Node's default would exit at once and leave all of
 * that behind. A second signal gives up on the clean stop and exits (the exit hooks still SIGKILL child
 * process groups and remove the lock).
 */
export function trapInterrupts(say: (text: string) => void): InterruptTrap {
  const controller = new AbortController();
  const handlers = SIGNALS.map((sig) => {
    const handler = (): void => {
      const first = new InterruptedError(sig);
      if (!controller.signal.aborted) {
        say(`\nStopping (${sig}): cleaning up; press Ctrl-C again to quit at once ...\n`);
        controller.abort(first);
        return;
      }
      process.exit(first.exitCode);
    };
    process.on(sig, handler);
    return [sig, handler] as const;
  });
  return {
    signal: controller.signal,
    dispose: () => {
      for (const [sig, handler] of handlers) process.off(sig, handler);
    },
  };
}
