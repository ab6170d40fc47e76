import { ApiError, apiErrorFromStatus, isGone, isNotFound, retryAfterMs } from '../rest/api-error.js';
import type { RestClient } from '../rest/rest-client.js';
import { InactivityTimeoutError } from '../rest/transport.js';
import { MalformedWatchEventError, type WatchEvent } from '../rest/watch-stream.js';
import type { Logger } from '../log/logger.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { Backoff, sleep, type BackoffOptions } from './backoff.js';
import { reflectorLists, reflectorRestarts } from './metrics.js';
import { INITIAL_STATE, nextState, type ReflectorEvent, type ReflectorState } from './reflector-state.js';

/**
 * WatcherEvent is what a reflector reports, after kube-rs's watcher: a (re)list is `init`, one `initApply`
 * per listed object and `initDone`, so a store can swap its contents atomically; then `apply` / `delete`
 * for each watch event.
 */
export type WatcherEvent<T extends KubernetesObject> =
  | { type: 'init' }
  | { type: 'initApply'; obj: T }
  | { type: 'initDone'; resourceVersion: string }
  | { type: 'apply'; obj: T }
  | { type: 'delete'; obj: T };

/** ReflectorOptions configures a {@link Reflector}. */
export interface ReflectorOptions<T extends KubernetesObject> {
  rest: RestClient;
  resource: ResourceDescriptor<T>;
  /** Namespace to list and watch; all namespaces (or a cluster-scoped kind) when undefined. */
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  /** List and watch `PartialObjectMetadata` (metadata only) instead of whole objects. */
  metadataOnly?: boolean | undefined;
  logger: Logger;
  /** Page size of lists; 500. */
  pageSize?: number;
  /** Server-side watch duration in seconds; by default random between 5 and 10 minutes, like client-go. */
  watchTimeoutSeconds?: () => number;
  /** Silence after which a watch connection is considered dead; 5 minutes (bookmarks arrive about every minute). */
  inactivityTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** A watch that ends cleanly sooner than this without delivering anything counts as a failure; 1 s. */
  minHealthyWatchMs?: number;
  /** Waits between attempts; replaceable in tests to observe delays. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Called on every change of state, with the event that caused it; for tests and debugging. */
  onTransition?: (from: ReflectorState, to: ReflectorState, event: ReflectorEvent) => void;
}

type Sink<T extends KubernetesObject> = (event: WatcherEvent<T>) => void;

const ABORTED: ReflectorEvent = { type: 'aborted' };
/** NOT_SERVED_HINT explains a 404 on a list or watch: most often a CRD that is not installed (yet). */
const NOT_SERVED_HINT = 'the API server does not serve this resource: is its CRD installed? Retrying until it is';

/**
 * Reflector lists a resource, then watches it from the list's resourceVersion with bookmarks, and keeps
 * doing so until its signal aborts. It never gives up: an expired resourceVersion (410) relists; closed
 * or silent connections resume from the last seen resourceVersion; throttling honours Retry-After; every
 * other error retries with jittered exponential backoff. Each restart is logged and counted.
 *
 * It runs as the state machine of {@link ReflectorState}: each step does the I/O of the current state
 * (list, open a watch, read it, wait) and reports what happened as a {@link ReflectorEvent}, from which
 * `nextState` gives the next state.
 */
export class Reflector<T extends KubernetesObject> {
  private resourceVersion = '';
  private failure: unknown;
  private current: ReflectorState = INITIAL_STATE;
  private watch: { events: AsyncGenerator<WatchEvent<T>>; startedAt: number } | undefined;
  private readonly backoff: Backoff;
  private readonly label: string;
  private readonly log: Logger;

  constructor(private readonly options: ReflectorOptions<T>) {
    this.backoff = new Backoff(options.backoff);
    const r = options.resource;
    this.label = r.group === '' ? r.plural : `${r.plural}.${r.group}`;
    this.log = options.logger.child({
      resource: this.label,
      ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
    });
  }

  /** Reflector.lastResourceVersion is the resourceVersion the next watch resumes from ('' before the first list). */
  get lastResourceVersion(): string {
    return this.resourceVersion;
  }

  /** Reflector.lastError is the error of the latest failed list or watch, cleared by the next successful list. */
  get lastError(): unknown {
    return this.failure;
  }

  /** Reflector.state is the reflector's current {@link ReflectorState}. */
  get state(): ReflectorState {
    return this.current;
  }

  /** Reflector.run reports events to `sink` until the signal aborts; it resolves then and never rejects. */
  async run(signal: AbortSignal, sink: Sink<T>): Promise<void> {
    while (this.current.phase !== 'stopped') {
      const stepped = signal.aborted ? ABORTED : await this.step(this.current, signal, sink);
      const event = signal.aborted ? ABORTED : stepped;
      this.recordRestart(event);
      const next = nextState(this.current, event);
      this.options.onTransition?.(this.current, next, event);
      this.current = next;
    }
    await this.watch?.events.return(undefined);
    this.watch = undefined;
  }

  /** step does the I/O of one state and reports its outcome. */
  private async step(state: ReflectorState, signal: AbortSignal, sink: Sink<T>): Promise<ReflectorEvent> {
    switch (state.phase) {
      case 'empty':
        return { type: 'listStarted' };
      case 'initListing':
        return this.list(signal, sink);
      case 'initListed':
        return this.openWatch(signal);
      case 'watching':
        return this.readWatch(signal, sink);
      case 'backoff':
        await (this.options.sleep ?? sleep)(state.delayMs, signal);
        return { type: 'backoffElapsed' };
      case 'stopped':
        return ABORTED;
    }
  }

  /** recordRestart counts and logs every event that restarts the list or the watch. */
  private recordRestart(event: ReflectorEvent): void {
    if (event.type === 'watchExpired') {
      reflectorRestarts().inc({ resource: this.label, reason: 'expired' });
      this.log.info(
        { reason: 'expired', resourceVersion: this.resourceVersion, delayMs: event.delayMs },
        'reflector relisting',
      );
      return;
    }
    if (event.type !== 'listFailed' && event.type !== 'watchEnded') return;
    reflectorRestarts().inc({ resource: this.label, reason: event.reason });
    const fields = {
      reason: event.reason,
      delayMs: event.delayMs,
      resourceVersion: this.resourceVersion,
      relist: event.type === 'listFailed',
      ...(isNotFound(event.err) ? { hint: NOT_SERVED_HINT } : {}),
    };
    if (event.err === undefined) this.log.debug(fields, 'reflector restarting watch');
    else this.log.warn({ ...fields, err: event.err }, 'reflector restarting watch');
  }

  /** list lists every page and reports the objects to the sink as one atomic replacement. */
  private async list(signal: AbortSignal, sink: Sink<T>): Promise<ReflectorEvent> {
    const { rest, resource } = this.options;
    try {
      const result = await rest.listAll(resource, {
        namespace: this.options.namespace,
        labelSelector: this.options.labelSelector,
        fieldSelector: this.options.fieldSelector,
        metadataOnly: this.options.metadataOnly,
        limit: this.options.pageSize ?? 500,
        signal,
      });
      if (signal.aborted) return ABORTED;
      sink({ type: 'init' });
      for (const obj of result.items) sink({ type: 'initApply', obj });
      sink({ type: 'initDone', resourceVersion: result.resourceVersion });
      this.resourceVersion = result.resourceVersion;
      this.failure = undefined;
      this.backoff.healthy();
      reflectorLists().inc({ resource: this.label });
      this.log.debug({ count: result.items.length, resourceVersion: result.resourceVersion }, 'reflector listed');
      return { type: 'listed', resourceVersion: result.resourceVersion };
    } catch (err) {
      if (signal.aborted) return ABORTED;
      this.failure = err;
      // A failed list is retried as a list, after a backoff.
      return { type: 'listFailed', ...this.classify(err), err };
    }
  }

  /** openWatch starts a watch from the last seen resourceVersion, with bookmarks. */
  private async openWatch(signal: AbortSignal): Promise<ReflectorEvent> {
    const { rest, resource } = this.options;
    const startedAt = Date.now();
    try {
      const events = await rest.watch(resource, {
        namespace: this.options.namespace,
        labelSelector: this.options.labelSelector,
        fieldSelector: this.options.fieldSelector,
        metadataOnly: this.options.metadataOnly,
        resourceVersion: this.resourceVersion,
        allowWatchBookmarks: true,
        timeoutSeconds: (this.options.watchTimeoutSeconds ?? defaultWatchTimeout)(),
        inactivityTimeoutMs: this.options.inactivityTimeoutMs ?? 300_000,
        signal,
      });
      this.watch = { events, startedAt };
      return { type: 'watchStarted' };
    } catch (err) {
      return this.watchFailed(err, false, signal);
    }
  }

  /** readWatch reports watch events to the sink until the watch ends, and says how it ended. */
  private async readWatch(signal: AbortSignal, sink: Sink<T>): Promise<ReflectorEvent> {
    const watch = this.watch;
    this.watch = undefined;
    if (watch === undefined) throw new Error('reflector: watching without an open watch');
    let delivered = false;
    try {
      for await (const event of watch.events) {
        const rv = event.object.metadata?.resourceVersion;
        switch (event.type) {
          case 'ADDED':
          case 'MODIFIED':
            sink({ type: 'apply', obj: event.object });
            break;
          case 'DELETED':
            sink({ type: 'delete', obj: event.object });
            break;
          case 'BOOKMARK':
            break;
          case 'ERROR': {
            const err = apiErrorFromStatus(event.object);
            if (isGone(err)) return this.expired(delivered);
            throw err;
          }
        }
        delivered = true;
        this.backoff.healthy();
        if (rv !== undefined && rv !== '') this.resourceVersion = rv;
      }
      if (signal.aborted) return ABORTED;
      const unhealthy = !delivered && Date.now() - watch.startedAt < (this.options.minHealthyWatchMs ?? 1000);
      return this.resume('closed', unhealthy ? this.backoff.next() : 0);
    } catch (err) {
      return this.watchFailed(err, delivered, signal);
    }
  }

  /** watchFailed turns an error of opening or reading a watch into the event that restarts it. */
  private watchFailed(err: unknown, delivered: boolean, signal: AbortSignal): ReflectorEvent {
    if (signal.aborted) return ABORTED;
    this.failure = err;
    if (isGone(err)) return this.expired(delivered);
    if (err instanceof InactivityTimeoutError) return this.resume('inactivity', 0);
    const { reason, delayMs } = this.classify(err);
    return this.resume(reason, delayMs, err);
  }

  private resume(reason: string, delayMs: number, err?: unknown): ReflectorEvent {
    return {
      type: 'watchEnded',
      reason,
      delayMs,
      resourceVersion: this.resourceVersion,
      ...(err !== undefined ? { err } : {}),
    };
  }

  /**
   * expired relists at once when the watch had been working; a watch that expires before its first event
   * backs off first, so a server that keeps answering 410 cannot drive a relist storm.
   */
  private expired(delivered: boolean): ReflectorEvent {
    return { type: 'watchExpired', delayMs: delivered ? 0 : this.backoff.next() };
  }

  private classify(err: unknown): { reason: string; delayMs: number } {
    const delayMs = this.backoff.next();
    if (err instanceof ApiError) {
      if (err.code === 429) return { reason: 'throttled', delayMs: Math.max(delayMs, retryAfterMs(err) ?? 0) };
      if (err.code >= 500) return { reason: 'server_error', delayMs: Math.max(delayMs, retryAfterMs(err) ?? 0) };
      return { reason: 'client_error', delayMs };
    }
    if (err instanceof MalformedWatchEventError) return { reason: 'decode', delayMs };
    if (err instanceof InactivityTimeoutError) return { reason: 'inactivity', delayMs };
    if (typeof (err as { code?: unknown } | null)?.code === 'string') return { reason: 'network', delayMs };
    return { reason: 'error', delayMs };
  }
}

function defaultWatchTimeout(): number {
  return Math.floor(300 * (1 + Math.random()));
}
