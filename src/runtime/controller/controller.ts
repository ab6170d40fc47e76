import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { RequestQueue } from '../handler/handler.js';
import type { Runnable } from '../runnable.js';
import { ControllerMetrics, type ReconcileOutcome } from './metrics.js';
import { prometheusQueueMetrics } from '../metrics/workqueue.js';
import {
  isTerminalError,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
} from '../reconcile/reconcile.js';
import { realClock, type Clock } from '../workqueue/clock.js';
import type { RateLimiter } from '../workqueue/rate-limiter.js';
import type { UnavailableHoldOptions } from '../workqueue/unavailable-hold.js';
import { isServerUnavailable } from '../rest/unavailable.js';
import { RateLimitingQueue } from '../workqueue/rate-limiting-queue.js';
import { keyToRequest, requestToKey } from '../workqueue/request-key.js';
import { invokeReconcile, type ReconcileCallOutcome } from './invoke.js';
import type { Source } from './source.js';
import type { OwnWrites } from '../cache/own-writes.js';
import { ReadYourWritesMetrics } from './read-your-writes-metrics.js';
import { activeTracer, type GroupVersionKind, type ReconcileSpan } from '../tracing/tracer.js';

/** ControllerOptions configures a {@link Controller}. */
export interface ControllerOptions {
  /** Name of the controller: the `controller` label of its metrics and log lines. */
  name: string;
  /** The reconciler the controller drives. */
  reconciler: Reconciler;
  /** Base logger; the controller adds `controller` (and per reconcile `namespace`, `name`, `reconcileID`). */
  logger: Logger;
  /** How many reconciles may run at once (never two for the same object); default 1. */
  maxConcurrentReconciles?: number;
  /** Retry delays of failed requests; default per-item 5 ms..1000 s exponential, max-of a 10 qps / 100 burst bucket. */
  rateLimiter?: RateLimiter;
  /** Delays of `Result.requeue()`, kept apart from failures; default per-item 5 ms..1000 s exponential. */
  requeueRateLimiter?: RateLimiter;
  /** Probe timing of requests held while the API server is unreachable; default 100 ms doubling to 1 s. */
  unavailableRetry?: UnavailableHoldOptions;
  /**
   * When true (the default) a panicking reconcile (synchronous throw, non-Error thrown) is counted, logged
   * and retried like any error. When false the controller stops and `start` rejects with it.
   */
  recoverPanic?: boolean;
  /** How long to wait for the watched informers to sync before `start` fails; default 2 minutes. */
  cacheSyncTimeoutMs?: number;
  /** Builds the logger of each reconcile (before `reconcileID` is added); default the controller logger with namespace and name. */
  logConstructor?: (request?: Request) => Logger;
  /**
   * Aborts the `signal` of a reconcile that runs longer than this many milliseconds (and logs it once);
   * default none. The request stays held until the reconcile returns, so one object is never reconciled twice at once.
   */
  reconcileTimeoutMs?: number;
  /** Whether the manager starts the controller only on the elected leader; default true. */
  needLeaderElection?: boolean;
  /** Extra fields on every log line of the controller, such as `controllerGroup` and `controllerKind`. */
  logFields?: Record<string, string>;
  /** The kind the controller reconciles (its `For`), named on its reconcile spans. */
  kind?: GroupVersionKind | undefined;
  /**
   * Read-your-writes: the tracker the manager's client reports writes to. A request whose previous reconcile
   * wrote something the cache does not show yet is held (only that request) until it does, at most
   * {@link ControllerOptions.readYourWritesTimeoutMs}; absent, reconciles never wait.
   */
  ownWrites?: OwnWrites | undefined;
  /** Longest hold of a request for read-your-writes, in milliseconds; the tracker's bound (3 s) by default. */
  readYourWritesTimeoutMs?: number;
  /** Time source, for tests. */
  clock?: Clock;
}

/** Watch is a source of a controller and what stops it alone (its removal). */
interface Watch {
  source: Source;
  stop: AbortController;
}

/** defaultCacheSyncTimeoutMs is controller-runtime's cache sync timeout. */
export const defaultCacheSyncTimeoutMs = 120_000;

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/**
 * Controller feeds events from its sources into a rate-limited, de-duplicating queue and runs up to
 * `maxConcurrentReconciles` workers that reconcile one request each (controller-runtime's controller).
 *
 * Results: a thrown error requeues the request with per-item backoff (counting only attempts that waited
 * their backoff), except a {@link TerminalError}, which is logged and counted only, and an error saying the
 * API server is unreachable, which holds the request until the server answers a probe, without growing its
 * backoff; `requeueAfter: n > 0` requeues after `n` ms; `requeueAfter: 0`
 * ({@link Result.requeue}) requeues with a backoff of its own (`result="requeue"`); anything else forgets the request
 * until the next event. A requeue keeps the priority the request was handed out with, so the retries of an
 * initial-list request do not jump ahead of live events. A reconcile that throws, rejects or hangs never stops the process or the other workers.
 */
export class Controller implements Runnable {
  /** Controller.name is the controller's unique name. */
  readonly name: string;
  /** Controller.needLeaderElection: controllers run only on the leader. */
  readonly needLeaderElection: boolean;
  private readonly options: ControllerOptions;
  private readonly log: Logger;
  private readonly clock: Clock;
  private readonly metrics: ControllerMetrics;
  private readonly sources: Watch[] = [];
  private started = false;
  private running: { queue: RequestQueue; signal: AbortSignal } | undefined;
  private fatal: Error | undefined;
  private readonly rywMetrics: ReadYourWritesMetrics;
  /** Requests held until the cache shows their own writes. */
  private readonly held = new Set<string>();

  constructor(options: ControllerOptions) {
    const max = options.maxConcurrentReconciles ?? 1;
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(
        `controller ${options.name}: maxConcurrentReconciles must be a positive integer, got ${max}`,
      );
    }
    const timeout = options.reconcileTimeoutMs;
    if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
      throw new RangeError(
        `controller ${options.name}: reconcileTimeoutMs must be a positive number of milliseconds, got ${timeout}`,
      );
    }
    this.options = { ...options, maxConcurrentReconciles: max };
    this.name = options.name;
    this.needLeaderElection = options.needLeaderElection ?? true;
    this.log = options.logger.child({ controller: options.name, ...options.logFields });
    this.clock = options.clock ?? realClock;
    this.metrics = new ControllerMetrics(options.name);
    this.rywMetrics = new ReadYourWritesMetrics(options.name);
  }

  /**
   * Controller.watch adds an event source, before or after start; one added after start begins at once
   * (without a sync wait, so a kind whose CRD is installed later is watched as soon as it is served). It
   * returns a function that removes the watch: the source stops delivering events and releases its
   * informer, which stops when nothing else uses it; the returned promise resolves once it has.
   */
  watch(source: Source): () => Promise<void> {
    const watch: Watch = { source, stop: new AbortController() };
    this.sources.push(watch);
    if (this.running) this.startSource(watch, this.running);
    let removed: Promise<void> | undefined;
    return () => {
      removed ??= (async () => {
        const i = this.sources.indexOf(watch);
        if (i >= 0) this.sources.splice(i, 1);
        watch.stop.abort();
        this.log.info({ source: source.description }, 'Stopping EventSource');
        await source.release?.();
      })();
      return removed;
    };
  }

  private startSource(watch: Watch, running: { queue: RequestQueue; signal: AbortSignal }): void {
    this.log.info({ source: watch.source.description }, 'Starting EventSource');
    watch.source.start(running.queue, AbortSignal.any([running.signal, watch.stop.signal]), this.log);
  }

  /**
   * Controller.start starts the sources, waits for them to sync, runs the workers until `signal` aborts,
   * then stops taking work and resolves once the reconciles in flight have returned.
   */
  async start(signal: AbortSignal): Promise<void> {
    if (this.started) throw new Error(`controller ${this.name} was started more than once`);
    this.started = true;
    const stop = new AbortController();
    const run = AbortSignal.any([signal, stop.signal]);
    const queue = new RateLimitingQueue({
      name: this.name,
      clock: this.clock,
      rateLimiter: this.options.rateLimiter,
      requeueRateLimiter: this.options.requeueRateLimiter,
      unavailable: this.options.unavailableRetry,
      metrics: prometheusQueueMetrics,
    });
    const requests: RequestQueue = { add: (request, options) => queue.add(requestToKey(request), options?.priority) };
    this.running = { queue: requests, signal: run };
    for (const watch of this.sources) this.startSource(watch, this.running);
    this.log.info('Starting Controller');
    try {
      await this.waitForSync(run);
    } catch (err) {
      stop.abort();
      queue.shutDown();
      if (signal.aborted) return;
      throw err;
    }
    const workerCount = this.options.maxConcurrentReconciles ?? 1;
    this.log.info({ workerCount }, 'Starting workers');
    this.metrics.init(workerCount);
    if (this.options.ownWrites !== undefined) this.rywMetrics.init();
    const workers = Array.from({ length: workerCount }, () => this.worker(queue, run, stop));
    await aborted(run);
    this.log.info('Shutdown signal received, waiting for all workers to finish');
    queue.shutDown();
    for (const key of this.held) this.options.ownWrites?.forgetOwner(this.owner(key));
    this.held.clear();
    await Promise.all(workers);
    this.log.info('All workers finished');
    if (this.fatal) throw this.fatal;
  }

  private async waitForSync(run: AbortSignal): Promise<void> {
    const timeoutMs = this.options.cacheSyncTimeoutMs ?? defaultCacheSyncTimeoutMs;
    const timeout = new AbortController();
    const cancel = this.clock.setTimer(timeoutMs, () => timeout.abort());
    const either = AbortSignal.any([run, timeout.signal]);
    try {
      // Optional sources (a kind that may not be served yet) are not waited for.
      await Promise.all(
        this.sources
          .filter(({ source }) => source.optional !== true)
          .map(async ({ source }) => {
            try {
              await source.waitForSync(either);
            } catch (err) {
              if (run.aborted) throw err;
              if (timeout.signal.aborted) {
                throw new Error(
                  `controller ${this.name}: failed to wait for caches to sync ${source.description}: timed out after ${timeoutMs} ms`,
                  {
                    cause: err,
                  },
                );
              }
              throw err;
            }
          }),
      );
    } finally {
      cancel();
    }
  }

  private async worker(queue: RateLimitingQueue, run: AbortSignal, stop: AbortController): Promise<void> {
    for (;;) {
      const key = await queue.get();
      if (key === undefined) return;
      if (run.aborted) {
        // Stop taking work on shutdown; what is left is picked up by the next leader's initial list.
        queue.done(key);
        return;
      }
      if (this.holdForOwnWrites(queue, key)) {
        queue.done(key);
        continue;
      }
      try {
        await this.reconcileHandler(queue, key, run, stop);
      } catch (err) {
        // reconcileHandler catches everything the reconciler does; this guards against bugs here.
        this.log.error({ err, key }, 'Unexpected error handling a reconcile result');
        queue.addRateLimited(key, queue.priorityOf(key));
      } finally {
        queue.done(key);
      }
    }
  }

  /** owner names a request of this controller for the read-your-writes tracker. */
  private owner(key: string): string {
    return `${this.name}\u0000${key}`;
  }

  /**
   * holdForOwnWrites tells whether `key` must wait because the cache does not show what its previous
   * reconcile wrote; if so it is queued again, at its priority, once the cache does or at the bound.
   */
  private holdForOwnWrites(queue: RateLimitingQueue, key: string): boolean {
    const writes = this.options.ownWrites;
    if (writes === undefined || !writes.isPending(this.owner(key))) return false;
    this.rywMetrics.skippedOne();
    if (this.held.has(key)) return true;
    this.held.add(key);
    const priority = queue.priorityOf(key);
    const heldAt = this.clock.now();
    const timeoutMs = this.options.readYourWritesTimeoutMs ?? writes.timeoutMs;
    writes.waitFor(this.owner(key), timeoutMs, (caughtUp) => {
      this.held.delete(key);
      this.rywMetrics.held((this.clock.now() - heldAt) / 1000, caughtUp);
      if (!caughtUp)
        this.log.info({ key, timeoutMs }, 'Cache did not show the controller’s own writes in time, reconciling anyway');
      // The watch event that showed the write may have queued the request already: one run is enough.
      if (queue.priorityOf(key) === undefined) queue.add(key, priority);
    });
    return true;
  }

  private reconcileLogger(request: Request, reconcileID: string, span: ReconcileSpan | undefined): Logger {
    const base =
      this.options.logConstructor?.(request) ?? this.log.child({ namespace: request.namespace, name: request.name });
    return base.child(span === undefined ? { reconcileID } : { reconcileID, ...span.ids });
  }

  private async reconcileHandler(
    queue: RateLimitingQueue,
    key: string,
    run: AbortSignal,
    stop: AbortController,
  ): Promise<void> {
    const request = keyToRequest(key);
    const reconcileID = randomUUID();
    const span = activeTracer()?.startReconcile({
      controller: this.name,
      kind: this.options.kind,
      ...request,
      reconcileID,
    });
    let reconcileLog: Logger | undefined;
    const logger = (): Logger => (reconcileLog ??= this.reconcileLogger(request, reconcileID, span));
    const ctx = lazyLogContext(logger, { reconcileID, controller: this.name, signal: run });
    const reconcile = (): Promise<ReconcileCallOutcome> => this.runReconcile(ctx, request);
    const outcome = validResult(await (span === undefined ? reconcile() : span.run(reconcile)));
    if (outcome.ok) {
      const result = this.requeue(queue, key, outcome.result);
      this.metrics.reconciled(result);
      span?.end({ result, requeueAfterMs: result === 'requeue_after' ? outcome.result?.requeueAfter : undefined });
      return;
    }
    const log = logger();
    const terminal = isTerminalError(outcome.error);
    span?.end({ result: 'error', error: outcome.error, terminal, panic: outcome.panic });
    if (outcome.panic) this.metrics.panicked();
    this.metrics.failed(terminal);
    this.metrics.reconciled('error');
    if (outcome.panic && this.options.recoverPanic === false) {
      log.error({ err: outcome.error, panic: true }, 'Reconciler panicked, stopping the controller');
      this.fatal ??= outcome.error;
      stop.abort();
    } else if (terminal) {
      queue.forget(key);
      log.error({ err: outcome.error, terminal: true }, 'Reconciler error');
    } else if (!outcome.panic && isServerUnavailable(outcome.error)) {
      queue.addUnavailable(key, queue.priorityOf(key));
      log.error({ err: outcome.error, unavailable: true, held: queue.heldLen() }, 'Reconciler error');
    } else {
      queue.addRateLimited(key, queue.priorityOf(key));
      log.error(
        { err: outcome.error, panic: outcome.panic || undefined, retries: queue.numRequeues(key) },
        'Reconciler error',
      );
    }
  }

  /** runReconcile calls the reconciler with the per-reconcile timeout and metrics around it. */
  private async runReconcile(ctx: ReconcileContext, request: Request): Promise<ReconcileCallOutcome> {
    const timeoutMs = this.options.reconcileTimeoutMs;
    let cancelTimeout: (() => void) | undefined;
    if (timeoutMs !== undefined) {
      const timeout = new AbortController();
      cancelTimeout = this.clock.setTimer(timeoutMs, () => {
        ctx.log.warn({ timeoutMs }, 'Reconcile exceeded its timeout, aborting its signal');
        timeout.abort(new Error(`reconcile exceeded its timeout of ${timeoutMs} ms`));
      });
      const outer = ctx;
      ctx = lazyLogContext(() => outer.log, {
        reconcileID: outer.reconcileID,
        controller: outer.controller,
        signal: AbortSignal.any([outer.signal, timeout.signal]),
      });
    }
    this.metrics.workerStarted();
    const startedAt = this.clock.now();
    try {
      const writes = this.options.ownWrites;
      if (writes === undefined) return await invokeReconcile(this.options.reconciler, ctx, request);
      return await writes.run(this.owner(requestToKey(request)), () =>
        invokeReconcile(this.options.reconciler, ctx, request),
      );
    } finally {
      cancelTimeout?.();
      this.metrics.observeTime((this.clock.now() - startedAt) / 1000);
      this.metrics.workerFinished();
    }
  }

  /** requeue applies a successful result to the queue and names it for the metrics. */
  private requeue(queue: RateLimitingQueue, key: string, result: Result | void): ReconcileOutcome {
    const after = result?.requeueAfter;
    if (after === undefined) {
      queue.forget(key);
      return 'success';
    }
    if (after === 0) {
      queue.addRequeue(key, queue.priorityOf(key));
      return 'requeue';
    }
    queue.forget(key);
    queue.addAfter(key, after, queue.priorityOf(key));
    return 'requeue_after';
  }
}

/**
 * lazyLogContext builds a reconcile context whose logger is made on first use: a pino child logger per
 * reconcile costs more than the rest of the bookkeeping of a reconcile that logs nothing. The logger can
 * still be replaced by assignment.
 */
function lazyLogContext(makeLog: () => Logger, fields: Omit<ReconcileContext, 'log'>): ReconcileContext {
  let log: Logger | undefined;
  return {
    get log(): Logger {
      return (log ??= makeLog());
    },
    set log(value: Logger) {
      log = value;
    },
    ...fields,
  };
}

/** validResult turns a result with an unusable `requeueAfter` (negative, NaN, not a number) into an error. */
function validResult(outcome: ReconcileCallOutcome): ReconcileCallOutcome {
  if (!outcome.ok) return outcome;
  const after = outcome.result?.requeueAfter;
  if (after === undefined || (typeof after === 'number' && Number.isFinite(after) && after >= 0)) return outcome;
  return {
    ok: false,
    error: new TypeError(`reconcile returned an invalid requeueAfter: ${String(after)}`),
    panic: false,
  };
}
