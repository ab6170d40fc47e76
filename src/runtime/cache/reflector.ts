import { ApiError } from '../rest/api-error.js';
import { apiErrorFromStatus, isGone, retryAfterMs } from '../rest/api-error.js';
import type { RestClient } from '../rest/rest-client.js';
import { InactivityTimeoutError } from '../rest/transport.js';
import { MalformedWatchEventError } from '../rest/watch-stream.js';
import type { Logger } from '../log/logger.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { Backoff, sleep, type BackoffOptions } from './backoff.js';
import { reflectorLists, reflectorRestarts } from './metrics.js';

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
}

type Outcome =
  | { kind: 'stopped' }
  | { kind: 'relist'; reason: string; delayMs: number }
  | { kind: 'resume'; reason: string; delayMs: number; err?: unknown };

/**
 * Reflector lists a resource, then watches it from the list's resourceVersion with bookmarks, and keeps
 * doing so until its signal aborts. It never gives up: an expired resourceVersion (410) relists; closed
 * or silent connections resume from the last seen resourceVersion; throttling honours Retry-After; every
 * other error retries with jittered exponential backoff. Each restart is logged and counted.
 */
export class Reflector<T extends KubernetesObject> {
  private resourceVersion = '';
  private failure: unknown;
  private readonly backoff: Backoff;
  private readonly label: string;
  private readonly log: Logger;

  constructor(private readonly options: ReflectorOptions<T>) {
    this.backoff = new Backoff(options.backoff);
    const r = options.resource;
    this.label = r.group === '' ? r.plural : `${r.plural}.${r.group}`;
    this.log = options.logger.child({ resource: this.label, ...(options.namespace !== undefined ? { namespace: options.namespace } : {}) });
  }

  /** Reflector.lastResourceVersion is the resourceVersion the next watch resumes from ('' before the first list). */
  get lastResourceVersion(): string {
    return this.resourceVersion;
  }

  /** Reflector.lastError is the error of the latest failed list or watch, cleared by the next successful list. */
  get lastError(): unknown {
    return this.failure;
  }

  /** Reflector.run reports events to `sink` until the signal aborts; it resolves then and never rejects. */
  async run(signal: AbortSignal, sink: (event: WatcherEvent<T>) => void): Promise<void> {
    let needList = true;
    while (!signal.aborted) {
      let outcome: Outcome;
      if (needList) {
        outcome = await this.listOnce(signal, sink);
        if (outcome.kind === 'resume' && outcome.reason === 'listed') {
          needList = false;
          continue;
        }
      } else {
        outcome = await this.watchOnce(signal, sink);
      }
      if (outcome.kind === 'stopped' || signal.aborted) break;
      reflectorRestarts().inc({ resource: this.label, reason: outcome.reason });
      if (outcome.kind === 'relist') {
        needList = true;
        this.log.info({ reason: outcome.reason, resourceVersion: this.resourceVersion, delayMs: outcome.delayMs }, 'reflector relisting');
        if (outcome.delayMs > 0) await (this.options.sleep ?? sleep)(outcome.delayMs, signal);
        continue;
      }
      const fields = { reason: outcome.reason, delayMs: outcome.delayMs, resourceVersion: this.resourceVersion, relist: needList };
      if (outcome.err === undefined) this.log.debug(fields, 'reflector restarting watch');
      else this.log.warn({ ...fields, err: outcome.err }, 'reflector restarting watch');
      if (outcome.delayMs > 0) await (this.options.sleep ?? sleep)(outcome.delayMs, signal);
    }
  }

  private async listOnce(signal: AbortSignal, sink: (event: WatcherEvent<T>) => void): Promise<Outcome> {
    const { rest, resource } = this.options;
    try {
      const result = await rest.listAll(resource, {
        namespace: this.options.namespace,
        labelSelector: this.options.labelSelector,
        fieldSelector: this.options.fieldSelector,
        limit: this.options.pageSize ?? 500,
        signal,
      });
      if (signal.aborted) return { kind: 'stopped' };
      sink({ type: 'init' });
      for (const obj of result.items) sink({ type: 'initApply', obj });
      sink({ type: 'initDone', resourceVersion: result.resourceVersion });
      this.resourceVersion = result.resourceVersion;
      this.failure = undefined;
      this.backoff.healthy();
      reflectorLists().inc({ resource: this.label });
      this.log.debug({ count: result.items.length, resourceVersion: result.resourceVersion }, 'reflector listed');
      return { kind: 'resume', reason: 'listed', delayMs: 0 };
    } catch (err) {
      if (signal.aborted) return { kind: 'stopped' };
      this.failure = err;
      // A failed list is retried as a list, after a backoff.
      const classified = this.classify(err);
      return { kind: 'resume', reason: classified.reason, delayMs: classified.delayMs, err };
    }
  }

  private async watchOnce(signal: AbortSignal, sink: (event: WatcherEvent<T>) => void): Promise<Outcome> {
    const { rest, resource } = this.options;
    const started = Date.now();
    let delivered = false;
    try {
      const events = await rest.watch(resource, {
        namespace: this.options.namespace,
        labelSelector: this.options.labelSelector,
        fieldSelector: this.options.fieldSelector,
        resourceVersion: this.resourceVersion,
        allowWatchBookmarks: true,
        timeoutSeconds: (this.options.watchTimeoutSeconds ?? defaultWatchTimeout)(),
        inactivityTimeoutMs: this.options.inactivityTimeoutMs ?? 300_000,
        signal,
      });
      for await (const event of events) {
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
            const err = apiErrorFromStatus(event.object as never);
            if (isGone(err)) return this.relistAfterGone(delivered);
            throw err;
          }
        }
        delivered = true;
        this.backoff.healthy();
        if (rv !== undefined && rv !== '') this.resourceVersion = rv;
      }
      if (signal.aborted) return { kind: 'stopped' };
      if (!delivered && Date.now() - started < (this.options.minHealthyWatchMs ?? 1000)) {
        return { kind: 'resume', reason: 'closed', delayMs: this.backoff.next() };
      }
      return { kind: 'resume', reason: 'closed', delayMs: 0 };
    } catch (err) {
      if (signal.aborted) return { kind: 'stopped' };
      this.failure = err;
      if (isGone(err)) return this.relistAfterGone(delivered);
      if (err instanceof InactivityTimeoutError) return { kind: 'resume', reason: 'inactivity', delayMs: 0 };
      const classified = this.classify(err);
      return { kind: 'resume', reason: classified.reason, delayMs: classified.delayMs, err };
    }
  }

  /**
   * relistAfterGone relists at once when the watch had been working; a watch that expires before its
   * first event backs off first, so a server that keeps answering 410 cannot drive a relist storm.
   */
  private relistAfterGone(delivered: boolean): Outcome {
    return { kind: 'relist', reason: 'expired', delayMs: delivered ? 0 : this.backoff.next() };
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
