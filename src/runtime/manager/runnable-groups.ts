import type { Logger } from '../log/logger.js';
import type { Runnable } from '../runnable.js';

type Group = 'servers' | 'others' | 'leader';

interface Started {
  name: string;
  done: Promise<void>;
  /** Resolves when the runnable listens (servers with `ready()`), or when it ended. */
  ready: Promise<void>;
  finished: boolean;
}

/**
 * RunnableGroups starts and stops the manager's runnables in controller-runtime's order: servers first
 * (probes, metrics, webhooks: every replica), then, once caches are synced, runnables that need no
 * leader election, then leader-elected ones (controllers). Shutdown is the reverse; runnables added after
 * their group started are started at once.
 */
export class RunnableGroups {
  private readonly pending: Record<Group, Runnable[]> = { servers: [], others: [], leader: [] };
  private readonly signals: Partial<Record<Group, AbortSignal>> = {};
  private readonly running: Record<Group, Started[]> = { servers: [], others: [], leader: [] };
  private readonly serverStop = new AbortController();
  private readonly releaseHooks: (() => Promise<void>)[] = [];
  private failureListener: ((err: Error) => void) | undefined;
  private firstFailure: Error | undefined;

  constructor(
    private readonly log: Logger,
    private readonly gracefulShutdownTimeoutMs: number,
  ) {}

  /** RunnableGroups.failure is the first error that made the manager stop, if any. */
  get failure(): Error | undefined {
    return this.firstFailure;
  }

  /** RunnableGroups.onFailure sets the function told when a runnable fails. */
  onFailure(listener: (err: Error) => void): void {
    this.failureListener = listener;
  }

  /** RunnableGroups.recordFailure keeps the first failure. */
  recordFailure(err: Error): void {
    this.firstFailure ??= err;
  }

  /** RunnableGroups.addServer registers a server runnable. */
  addServer(runnable: Runnable): void {
    this.enqueue('servers', runnable);
  }

  /** RunnableGroups.add registers a runnable; it is leader-elected unless `needLeaderElection === false`. */
  add(runnable: Runnable): void {
    this.enqueue(runnable.needLeaderElection === false ? 'others' : 'leader', runnable);
  }

  /** RunnableGroups.beforeRelease registers work to do once runnables stopped (giving the lease up). */
  beforeRelease(hook: () => Promise<void>): void {
    this.releaseHooks.push(hook);
  }

  /** RunnableGroups.startServers starts the servers and waits until those with `ready()` listen. */
  async startServers(run: AbortSignal): Promise<void> {
    const failed = new Promise<void>((resolve) => run.addEventListener('abort', () => resolve(), { once: true }));
    this.startGroup('servers', this.serverStop.signal);
    await Promise.race([failed, Promise.all(this.running.servers.map((s) => s.ready))]);
  }

  /** RunnableGroups.startOthers starts runnables that run on every replica. */
  startOthers(signal: AbortSignal): void {
    this.startGroup('others', signal);
  }

  /** RunnableGroups.startLeaderElected starts runnables that run while leading, with the leadership signal. */
  startLeaderElected(signal: AbortSignal): void {
    this.startGroup('leader', signal);
  }

  /**
   * RunnableGroups.stopRunnables waits (their signals have aborted) for controllers and other runnables to
   * finish, at most the grace period, then runs the release hooks when everything stopped in time.
   */
  async stopRunnables(): Promise<void> {
    const all = [...this.running.leader, ...this.running.others];
    const inTime = await this.waitBounded(all);
    if (!inTime) {
      const still = all.filter((s) => !s.finished).map((s) => s.name);
      this.log.error(
        { timeoutMs: this.gracefulShutdownTimeoutMs, running: still },
        'graceful shutdown timed out; not releasing the leader lease',
      );
      this.recordFailure(
        new Error(
          `failed waiting for all runnables to end within grace period of ${this.gracefulShutdownTimeoutMs} ms`,
        ),
      );
      return;
    }
    for (const hook of this.releaseHooks) await hook();
  }

  /** RunnableGroups.stopServers stops the servers and waits for them (bounded by the grace period). */
  async stopServers(): Promise<void> {
    this.serverStop.abort();
    await this.waitBounded(this.running.servers);
  }

  private enqueue(group: Group, runnable: Runnable): void {
    const signal = this.signals[group];
    if (signal === undefined) this.pending[group].push(runnable);
    else this.launch(group, runnable, signal);
  }

  private startGroup(group: Group, signal: AbortSignal): void {
    this.signals[group] = signal;
    for (const runnable of this.pending[group].splice(0)) this.launch(group, runnable, signal);
  }

  private launch(group: Group, runnable: Runnable, signal: AbortSignal): void {
    const name = runnable.constructor?.name ?? 'runnable';
    const started: Started = { name, done: Promise.resolve(), ready: Promise.resolve(), finished: false };
    started.done = Promise.resolve()
      .then(() => runnable.start(signal))
      .then(
        () => undefined,
        (err: unknown) => {
          const error = err instanceof Error ? err : new Error(String(err));
          if (signal.aborted) {
            this.log.error({ err: error, runnable: name }, 'runnable failed while stopping');
            return;
          }
          this.log.error({ err: error, runnable: name }, 'runnable failed');
          this.recordFailure(error);
          this.failureListener?.(error);
        },
      )
      .finally(() => {
        started.finished = true;
      });
    const ready = (runnable as { ready?: () => Promise<void> }).ready;
    started.ready =
      typeof ready === 'function' ? Promise.race([ready.call(runnable), started.done]) : Promise.resolve();
    this.running[group].push(started);
  }

  private async waitBounded(started: Started[]): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.gracefulShutdownTimeoutMs);
    });
    try {
      return await Promise.race([Promise.all(started.map((s) => s.done)).then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
