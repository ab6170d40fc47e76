import type { Clock } from './clock.js';

/** UnavailableHoldOptions tunes the probes of an {@link UnavailableHold}. */
export interface UnavailableHoldOptions {
  /** First wait before a probe, in milliseconds; 100. */
  initialMs?: number;
  /** Longest wait between probes; 1 s, so held keys run again within about 1 s of the server's return. */
  maxMs?: number;
}

/**
 * UnavailableHold keeps the keys whose reconcile failed because the API server could not be reached, so
 * that an outage neither grows each key's backoff nor drains the shared retry bucket (after a 10 s outage,
 * hundreds of failures in the bucket would push every retry, healthy keys' included, a minute out). While
 * keys are held, one of them at a time is sent back as a probe, after 100 ms doubling to 1 s; once any held
 * key's reconcile ends in something other than an unreachable server, every held key is released at once
 * at its priority. An outage costs one reconcile per probe interval, whatever the number of keys.
 */
export class UnavailableHold {
  private readonly held = new Map<string, number>();
  private probe: string | undefined;
  private cancelTimer: (() => void) | undefined;
  private attempt = 0;
  private readonly initialMs: number;
  private readonly maxMs: number;

  constructor(
    private readonly clock: Clock,
    private readonly add: (key: string, priority: number | undefined) => void,
    options: UnavailableHoldOptions = {},
  ) {
    this.initialMs = options.initialMs ?? 100;
    this.maxMs = options.maxMs ?? 1000;
  }

  /** UnavailableHold.size is the number of keys held. */
  get size(): number {
    return this.held.size;
  }

  /** UnavailableHold.hold holds `key` (at the highest priority it was held with) until the server answers. */
  hold(key: string, priority: number | undefined): void {
    if (this.probe === key) this.probe = undefined;
    const before = this.held.get(key);
    this.held.set(key, Math.max(before ?? Number.NEGATIVE_INFINITY, priority ?? 0));
    if (this.cancelTimer === undefined && this.probe === undefined) this.schedule();
  }

  /** UnavailableHold.answered records that the reconcile of `key` reached the server; a held or probing key releases every held key. */
  answered(key: string): void {
    if (key !== this.probe && !this.held.has(key)) return;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.probe = undefined;
    this.attempt = 0;
    const released = [...this.held];
    this.held.clear();
    for (const [k, priority] of released) this.add(k, priority);
  }

  /** UnavailableHold.clear drops every held key and the probe timer (the queue shuts down). */
  clear(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.probe = undefined;
    this.held.clear();
  }

  private schedule(): void {
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.attempt, 30));
    this.attempt++;
    this.cancelTimer = this.clock.setTimer(delay, () => {
      this.cancelTimer = undefined;
      const next = this.held.entries().next();
      if (next.done === true) return;
      const [key, priority] = next.value;
      this.held.delete(key);
      this.probe = key;
      this.add(key, priority);
    });
  }
}
