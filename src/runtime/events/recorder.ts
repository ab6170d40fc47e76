import type { EventsV1Event as ModelEvent, V1ObjectReference } from '@kubernetes/client-node';
import type { Wire } from '../wire.js';

/** EventsV1Event is an events.k8s.io/v1 Event as it is sent (times as RFC 3339 strings). */
type EventsV1Event = Wire<ModelEvent>;
import type { Logger } from '../log/logger.js';
import type { KubernetesObject } from '../resource.js';
import { objectReference } from '../helpers/object-reference.js';
import { formatMicroTime } from './micro-time.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by a TSDoc {@link}
import type { eventSinkFor } from './sink.js';
import { TokenBuckets } from './token-buckets.js';

/** EventType is the type of an event: informational or a warning. */
export type EventType = 'Normal' | 'Warning';

/**
 * EventRecorder records `events.k8s.io/v1` Events about objects, after client-go's `events.EventRecorder`.
 * Recording is fire-and-forget: it never throws and never waits for the API server.
 */
export interface EventRecorder {
  /**
   * EventRecorder.event records that `reason` happened to `obj` (CamelCase reason such as `Created`,
   * human-readable `note`); `action` says what the controller did or failed to do and defaults to `reason`.
   */
  event(obj: KubernetesObject, type: EventType, reason: string, note: string, action?: string): void;
}

/** EventRecorderOptions configures {@link newEventRecorder}. */
export interface EventRecorderOptions {
  /** reportingController, such as `memcached-controller` or `example.com/memcached` (a qualified name). */
  reportingController: string;
  /** reportingInstance, such as the pod name; at most 128 characters. */
  reportingInstance: string;
  /** post creates the Event on the API server (see {@link eventSinkFor} for one built on a Client). */
  post: (event: EventsV1Event) => Promise<void>;
  /**
   * patch updates `series` of an Event created earlier (same namespace and name). Without it, repeats of
   * an event are counted locally but never sent. A 404 from patch re-creates the event through `post`.
   */
  patch?: (event: EventsV1Event) => Promise<void>;
  /** Logger for dropped and failed events. */
  logger: Logger;
  /** Clock, for tests. */
  now?: () => Date;
  /** Events per object allowed at once; 25 like client-go's spam filter. */
  burst?: number;
  /** Milliseconds to earn one more event per object; 5 minutes like client-go. */
  refillIntervalMs?: number;
  /** How long an event stays open for aggregation after it was last seen; 6 minutes like client-go. */
  seriesWindowMs?: number;
  /** How often open series are sent to the API server; 30 minutes like client-go. */
  seriesRefreshIntervalMs?: number;
  /** Events waiting to be sent before new ones are dropped; 1000 like client-go. */
  maxQueued?: number;
}

/** RecordingEventRecorder is the {@link EventRecorder} returned by {@link newEventRecorder}. */
export interface RecordingEventRecorder extends EventRecorder {
  /** RecordingEventRecorder.flush sends open series updates and waits until nothing is queued. */
  flush(): Promise<void>;
  /** RecordingEventRecorder.stop stops the refresh timer; queued events are still sent. */
  stop(): void;
}

const NOTE_LIMIT = 1024;
const FIELD_LIMIT = 128;
const MAX_CACHED = 4096;

interface CacheEntry {
  event: EventsV1Event;
  lastSeen: number;
  dirty: boolean;
}

interface Job {
  kind: 'create' | 'patch';
  event: EventsV1Event;
}

/**
 * newEventRecorder returns an {@link EventRecorder} that writes `events.k8s.io/v1` Events the way
 * client-go's events broadcaster does: the first occurrence is created; a repeat of the same action,
 * reason, controller and regarding object within the series window turns it into a series (count 2, sent
 * at once), further repeats only bump the count, sent every refresh interval. Events are rate limited per
 * object (token bucket), queued and sent one at a time; failures are logged, never thrown.
 */
export function newEventRecorder(options: EventRecorderOptions): RecordingEventRecorder {
  checkQualifiedName(options.reportingController);
  const now = options.now ?? (() => new Date());
  const log = options.logger;
  const windowMs = options.seriesWindowMs ?? 6 * 60_000;
  const refreshMs = options.seriesRefreshIntervalMs ?? 30 * 60_000;
  const maxQueued = options.maxQueued ?? 1000;
  const buckets = new TokenBuckets(options.burst ?? 25, options.refillIntervalMs ?? 5 * 60_000);
  const cache = new Map<string, CacheEntry>();
  const queue: Job[] = [];
  let draining: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const drain = async (): Promise<void> => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      await send(job);
    }
  };

  const send = async (job: Job): Promise<void> => {
    const fields = {
      namespace: job.event.metadata?.namespace,
      name: job.event.metadata?.name,
      reason: job.event.reason,
    };
    try {
      if (job.kind === 'patch' && options.patch !== undefined) {
        try {
          await options.patch(job.event);
          return;
        } catch (err) {
          if (!isNotFoundLike(err)) throw err;
          // The event expired on the server (TTL 1h by default): create it again with its series.
        }
      }
      await options.post(job.event);
    } catch (err) {
      log.warn({ ...fields, err }, 'failed to record event');
    }
  };

  const enqueue = (job: Job): void => {
    if (queue.length >= maxQueued) {
      log.warn({ reason: job.event.reason, queued: queue.length }, 'dropping event: queue full');
      return;
    }
    queue.push(job);
    draining ??= drain().finally(() => {
      draining = undefined;
    });
  };

  let lastExpire = Number.NEGATIVE_INFINITY;
  const expire = (at: number, force = false): void => {
    // A full scan per event would be quadratic with many objects: scan at most once a second.
    if (!force && at - lastExpire < 1000) return;
    lastExpire = at;
    for (const [key, entry] of cache) {
      if (at - entry.lastSeen > windowMs) {
        if (entry.dirty) enqueue({ kind: 'patch', event: structuredClone(entry.event) });
        cache.delete(key);
      }
    }
  };

  const refresh = (): void => {
    for (const entry of cache.values()) {
      if (!entry.dirty) continue;
      entry.dirty = false;
      enqueue({ kind: 'patch', event: structuredClone(entry.event) });
    }
  };

  const ensureTimer = (): void => {
    if (timer !== undefined || options.patch === undefined) return;
    timer = setInterval(() => {
      refresh();
      expire(now().getTime(), true);
    }, refreshMs);
    timer.unref();
  };

  const record = (obj: KubernetesObject, type: EventType, reason: string, note: string, action?: string): void => {
    if (type !== 'Normal' && type !== 'Warning') {
      log.warn({ type, reason }, 'dropping event: type must be Normal or Warning');
      return;
    }
    if (reason === '') {
      log.warn({ type }, 'dropping event: empty reason');
      return;
    }
    const at = now();
    const regarding = objectReference(obj);
    // Key as client-go's events broadcaster (action, reason, controller, regarding) but without the
    // resourceVersion, so that repeats aggregate while a reconciler keeps changing the object's status.
    const key = JSON.stringify([
      action ?? reason,
      reason,
      options.reportingController,
      type,
      { ...regarding, resourceVersion: undefined },
    ]);
    expire(at.getTime());
    const cached = cache.get(key);
    if (cached !== undefined) {
      cached.lastSeen = at.getTime();
      const observed = formatMicroTime(at);
      if (cached.event.series !== undefined) {
        cached.event.series = { count: cached.event.series.count + 1, lastObservedTime: observed };
        cached.dirty = true;
        ensureTimer();
        return;
      }
      cached.event.series = { count: 2, lastObservedTime: observed };
      enqueue({ kind: 'patch', event: structuredClone(cached.event) });
      return;
    }
    const bucketKey = regarding.uid !== undefined && regarding.uid !== '' ? regarding.uid : JSON.stringify(regarding);
    if (!buckets.take(bucketKey, at.getTime())) {
      log.debug(
        { reason, kind: regarding.kind, namespace: regarding.namespace, name: regarding.name },
        'dropping event: rate limited',
      );
      return;
    }
    const event = buildEvent(
      regarding,
      at,
      type,
      truncate(reason, FIELD_LIMIT),
      note,
      truncate(action ?? reason, FIELD_LIMIT),
      options,
    );
    cache.set(key, { event, lastSeen: at.getTime(), dirty: false });
    if (cache.size > MAX_CACHED) {
      // Forget the oldest entry (Map order is insertion order); a later repeat just starts a new event.
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    enqueue({ kind: 'create', event: structuredClone(event) });
  };

  return {
    event(obj, type, reason, note, action) {
      try {
        record(obj, type, reason, note, action);
      } catch (err) {
        log.warn({ reason, err }, 'failed to record event');
      }
    },
    async flush() {
      refresh();
      while (draining !== undefined) await draining;
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}

function buildEvent(
  regarding: V1ObjectReference,
  at: Date,
  type: EventType,
  reason: string,
  note: string,
  action: string,
  options: EventRecorderOptions,
): EventsV1Event {
  // Events about cluster-scoped objects live in `default`, as client-go does.
  const namespace = regarding.namespace ?? 'default';
  const base = regarding.name !== undefined && regarding.name !== '' ? regarding.name : 'event';
  // Name as client-go does: <regarding name>.<hex nanoseconds>; a counter keeps names unique within one millisecond.
  const name = `${base}.${(BigInt(at.getTime()) * 1_000_000n + BigInt(nextSequence())).toString(16)}`;
  return {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name, namespace },
    // The wire format is a string; the client-node model types it as Date.
    eventTime: formatMicroTime(at),
    regarding,
    reason,
    note: truncateBytes(note, NOTE_LIMIT),
    type,
    action,
    reportingController: truncate(options.reportingController, FIELD_LIMIT),
    reportingInstance: truncate(options.reportingInstance, FIELD_LIMIT),
  };
}

let sequence = 0;
function nextSequence(): number {
  sequence = (sequence + 1) % 1_000_000;
  return sequence;
}

const QUALIFIED_NAME =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

/** checkQualifiedName fails early for a reportingController the API server would reject on every event. */
function checkQualifiedName(name: string): void {
  if (!QUALIFIED_NAME.test(name) || name.length > FIELD_LIMIT) {
    throw new Error(
      `event recorder name "${name}" is not a valid reportingController: use a qualified name such as "memcached-controller" or "example.com/memcached" (letters, digits, "-", "_", "."; at most 63 characters after an optional DNS prefix)`,
    );
  }
}

function truncate(s: string, limit: number): string {
  return s.length <= limit ? s : s.slice(0, limit);
}

/** truncateBytes cuts a string to at most `limit` UTF-8 bytes without splitting a character. */
function truncateBytes(s: string, limit: number): string {
  if (Buffer.byteLength(s, 'utf8') <= limit) return s;
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > limit) break;
    out += ch;
    bytes += n;
  }
  return out;
}

function isNotFoundLike(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; statusCode?: unknown };
  return e.code === 404 || e.statusCode === 404;
}
