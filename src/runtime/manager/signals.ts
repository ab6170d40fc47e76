let handler: AbortSignal | undefined;

/**
 * setupSignalHandler returns a signal aborted on the first SIGTERM or SIGINT, so the manager shuts down
 * gracefully; a second signal exits the process with code 1 at once. Calling it again returns the same
 * signal.
 */
export function setupSignalHandler(): AbortSignal {
  if (handler !== undefined) return handler;
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(1);
    controller.abort(new Error(`received ${name}`));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  handler = controller.signal;
  return handler;
}
