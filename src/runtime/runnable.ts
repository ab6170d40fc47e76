/**
 * Runnable is anything the manager starts and stops: caches, controllers, servers. `start` runs until the
 * signal aborts and resolves once the runnable has stopped cleanly.
 */
export interface Runnable {
  /** Runnable.start runs until the signal aborts. */
  start(signal: AbortSignal): Promise<void>;
  /** Runnable.needLeaderElection: when true the runnable starts only once this replica leads. Default true for controllers, false for servers. */
  needLeaderElection?: boolean;
}
