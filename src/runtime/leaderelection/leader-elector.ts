import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { isAlreadyExists, isConflict } from '../rest/api-error.js';
import type { Logger } from '../log/logger.js';
import { sleep as realSleep } from '../cache/backoff.js';
import type { LeaderElectionRecord, LeaseLock, LockState } from './lease-lock.js';
import { leaderElectionStatus } from './metrics.js';

/** Clock is the time source of leader election, replaceable in tests. */
export interface Clock {
  /** Clock.now returns milliseconds since the epoch. */
  now(): number;
  /** Clock.sleep waits ms, resolving early when the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** realClock is the wall clock. */
export const realClock: Clock = { now: () => Date.now(), sleep: (ms, signal) => realSleep(ms, signal) };

/** LeaderElectorOptions configures a {@link LeaderElector}; durations follow controller-runtime's defaults. */
export interface LeaderElectorOptions {
  lock: LeaseLock;
  /** identity of this candidate; hostname plus a random suffix by default. */
  identity?: string;
  /** How long a lease is valid after its last renewal; 15 s. */
  leaseDurationMs?: number;
  /** How long the leader keeps trying to renew before giving up; 10 s. */
  renewDeadlineMs?: number;
  /** Pause between attempts to acquire or renew; 2 s. */
  retryPeriodMs?: number;
  logger: Logger;
  clock?: Clock;
}

/** ElectionOutcome says why {@link LeaderElector.run} returned. */
export type ElectionOutcome = 'stopped' | 'lost';

type Attempt = 'ok' | 'held' | 'failed';

/** newIdentity returns `<hostname>_<uuid>`, unique per process like controller-runtime's default. */
export function newIdentity(): string {
  return `${hostname()}_${randomUUID()}`;
}

/**
 * LeaderElector campaigns for a Lease and keeps renewing it, after client-go's leaderelection: a lease is
 * taken over only when its holder has not renewed it for leaseDuration as measured on this replica's
 * clock from when it last saw the record change (so clock skew between replicas does not matter); the
 * leader gives up when it cannot renew within renewDeadline or sees another holder; writes use the
 * Lease's resourceVersion so racing candidates conflict instead of both winning.
 */
export class LeaderElector {
  /** identity of this candidate, as written to `spec.holderIdentity`. */
  readonly identity: string;
  private readonly leaseDurationMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;
  private readonly clock: Clock;
  private readonly log: Logger;
  private observed: { record: LeaderElectionRecord; resourceVersion: string; at: number } | undefined;
  private leading = false;

  constructor(private readonly options: LeaderElectorOptions) {
    this.identity = options.identity ?? newIdentity();
    this.leaseDurationMs = options.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = options.renewDeadlineMs ?? 10_000;
    this.retryPeriodMs = options.retryPeriodMs ?? 2_000;
    if (this.leaseDurationMs <= this.renewDeadlineMs)
      throw new Error('leader election: leaseDuration must be greater than renewDeadline');
    if (this.renewDeadlineMs <= this.retryPeriodMs * 1.2)
      throw new Error('leader election: renewDeadline must be greater than retryPeriod*1.2');
    this.clock = options.clock ?? realClock;
    this.log = options.logger.child({ lease: options.lock.describe(), identity: this.identity });
  }

  /** LeaderElector.isLeader tells whether this candidate currently holds the lease. */
  isLeader(): boolean {
    return this.leading;
  }

  /**
   * LeaderElector.run acquires the lease (waiting as long as it takes), calls `onStartedLeading` with a
   * signal that aborts when leadership ends, then renews until the signal aborts (`stopped`, the lease is
   * kept until {@link LeaderElector.release}) or renewal fails (`lost`).
   */
  async run(signal: AbortSignal, onStartedLeading: (leading: AbortSignal) => void): Promise<ElectionOutcome> {
    this.log.info({}, 'attempting to acquire leader lease');
    while (!signal.aborted) {
      if ((await this.tryAcquireOrRenew(signal)) === 'ok') break;
      await this.clock.sleep(jitter(this.retryPeriodMs), signal);
    }
    if (signal.aborted) return 'stopped';
    this.setLeading(true);
    this.log.info({}, 'successfully acquired lease');
    const leadership = new AbortController();
    onStartedLeading(leadership.signal);
    let lastRenew = this.clock.now();
    try {
      for (;;) {
        await this.clock.sleep(this.retryPeriodMs, signal);
        if (signal.aborted) return 'stopped';
        // A hung request must not outlive the renew deadline: bound each renewal by what is left of it.
        const remaining = this.renewDeadlineMs - (this.clock.now() - lastRenew);
        const attempt = await this.tryAcquireOrRenew(
          AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, remaining))]),
        );
        if (signal.aborted) return 'stopped';
        if (attempt === 'ok') {
          lastRenew = this.clock.now();
          continue;
        }
        const holder = this.observed?.record.holderIdentity;
        if (attempt === 'held') {
          this.setLeading(false);
          this.log.error({ holder }, 'leader lease taken by another candidate');
          return 'lost';
        }
        if (this.clock.now() - lastRenew >= this.renewDeadlineMs) {
          this.setLeading(false);
          this.log.error(
            { renewDeadlineMs: this.renewDeadlineMs },
            'failed to renew leader lease within the renew deadline',
          );
          return 'lost';
        }
      }
    } finally {
      leadership.abort(new Error('leadership ended'));
    }
  }

  /**
   * LeaderElector.release gives the lease up (empty holder, 1 s duration) so a successor takes over at
   * once instead of waiting for it to expire. It does nothing unless this candidate holds the lease.
   */
  async release(): Promise<void> {
    if (this.observed === undefined || this.observed.record.holderIdentity !== this.identity) return;
    this.setLeading(false);
    const now = this.clock.now();
    const record: LeaderElectionRecord = {
      holderIdentity: '',
      leaseDurationSeconds: 1,
      acquireTime: now,
      renewTime: now,
      leaderTransitions: this.observed.record.leaderTransitions,
    };
    try {
      const state = await this.options.lock.update(record, this.observed.resourceVersion);
      this.observe(state);
      this.log.info({}, 'released leader lease');
    } catch (err) {
      this.log.error({ err }, 'failed to release leader lease');
    }
  }

  private async tryAcquireOrRenew(signal: AbortSignal): Promise<Attempt> {
    const lock = this.options.lock;
    const now = this.clock.now();
    const desired: LeaderElectionRecord = {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.ceil(this.leaseDurationMs / 1000),
      acquireTime: now,
      renewTime: now,
      leaderTransitions: 0,
    };
    let current: LockState | undefined;
    try {
      current = await lock.get(signal);
      if (current === undefined) {
        this.observe(await lock.create(desired, signal));
        return 'ok';
      }
    } catch (err) {
      if (!signal.aborted && !isAlreadyExists(err)) this.log.warn({ err }, 'error retrieving or creating leader lease');
      return 'failed';
    }
    const seen = this.observed;
    if (
      seen === undefined ||
      seen.resourceVersion !== current.resourceVersion ||
      !sameRecord(seen.record, current.record)
    ) {
      this.observed = { ...current, at: this.clock.now() };
    }
    const record = current.record;
    const held = record.holderIdentity !== '' && record.holderIdentity !== this.identity;
    if (held && this.observed!.at + record.leaseDurationSeconds * 1000 > now) {
      if (seen?.record.holderIdentity !== record.holderIdentity)
        this.log.info({ holder: record.holderIdentity }, 'leader lease is held by another candidate');
      return 'held';
    }
    if (record.holderIdentity === this.identity) {
      desired.acquireTime = record.acquireTime;
      desired.leaderTransitions = record.leaderTransitions;
    } else {
      desired.leaderTransitions = record.leaderTransitions + 1;
    }
    try {
      this.observe(await lock.update(desired, current.resourceVersion, signal));
      return 'ok';
    } catch (err) {
      if (!signal.aborted) {
        if (isConflict(err)) this.log.info({}, 'leader lease changed concurrently; retrying');
        else this.log.warn({ err }, 'failed to update leader lease');
      }
      return 'failed';
    }
  }

  private setLeading(leading: boolean): void {
    this.leading = leading;
    leaderElectionStatus().set({ name: this.options.lock.name }, leading ? 1 : 0);
  }

  private observe(state: LockState): void {
    this.observed = { ...state, at: this.clock.now() };
  }
}

function sameRecord(a: LeaderElectionRecord, b: LeaderElectionRecord): boolean {
  return (
    a.holderIdentity === b.holderIdentity &&
    a.renewTime === b.renewTime &&
    a.leaseDurationSeconds === b.leaseDurationSeconds
  );
}

function jitter(ms: number): number {
  return ms * (1 + 0.2 * Math.random());
}
