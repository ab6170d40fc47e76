import type { Logger } from 'pino';

/**
 * Request names the object a reconcile is for. It carries only the key, never the object: a reconciler
 * always reads the latest state, so that no event can be lost or acted on twice.
 */
export interface Request {
  /** Namespace of the object; the empty string for cluster-scoped kinds. */
  namespace: string;
  /** Name of the object. */
  name: string;
}

/**
 * Result tells the controller what to do after a successful reconcile: nothing more until the next change
 * (`undefined` or {@link Result.awaitChange}), reconcile again after a delay ({@link Result.requeueAfter}),
 * or reconcile again with the request's backoff ({@link Result.requeue}).
 */
export interface Result {
  /**
   * Milliseconds after which the same request is reconciled again; absent means "await change"; 0 means
   * "requeue with the per-item backoff", as controller-runtime's `Requeue: true`.
   */
  requeueAfter?: number;
}

/** Result holds the named constructors for reconcile results, after kube-rs's `Action`. */
export const Result = {
  /** Result.requeueAfter reconciles the same request again after `ms` milliseconds. */
  requeueAfter(ms: number): Result {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`requeueAfter needs a non-negative number of milliseconds, got ${ms}`);
    return { requeueAfter: ms };
  },
  /**
   * Result.requeue reconciles the same request again after the rate limiter's per-item backoff, like
   * controller-runtime's `Result{Requeue: true}`: the delay grows while the request keeps asking, and the
   * reconcile is counted as `result="requeue"`. Use it to poll for something the reconciler cannot watch.
   */
  requeue(): Result {
    return { requeueAfter: 0 };
  },
  /** Result.awaitChange waits for the next watch event before reconciling again. */
  awaitChange(): Result {
    return {};
  },
} as const;

/**
 * TerminalError marks a reconcile failure that retrying cannot fix (invalid spec, missing permission the
 * operator will never get). It is logged and counted but not requeued with backoff.
 */
export class TerminalError extends Error {
  /** TerminalError.name is fixed so that it survives minification and structured logs. */
  override readonly name = 'TerminalError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/** isTerminalError tells whether an error (or any error in its cause chain) is a {@link TerminalError}. */
export function isTerminalError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 16; e = e.cause, depth++) {
    if (e instanceof TerminalError) return true;
  }
  return false;
}

/** ReconcileContext is handed to every reconcile: a logger with controller, namespace, name and reconcileID, and a signal aborted on shutdown. */
export interface ReconcileContext {
  /** Logger carrying controller, namespace, name and reconcileID fields. */
  log: Logger;
  /** Aborted when the manager shuts down; pass it to long waits. */
  signal: AbortSignal;
  /** Unique ID of this reconcile, also in every log line. */
  reconcileID: string;
  /** Name of the controller running the reconcile. */
  controller: string;
}

/**
 * Reconciler drives the actual state of one object towards its desired state. It must be idempotent: it is
 * called for every change of the object and of the objects it owns or watches, possibly many changes at once.
 * Throwing retries the request with per-item exponential backoff; throwing {@link TerminalError} does not.
 */
export interface Reconciler {
  /** Reconciler.reconcile handles one request. */
  reconcile(ctx: ReconcileContext, request: Request): Promise<Result | void>;
}

/** reconcilerFunc adapts a plain function to the {@link Reconciler} interface. */
export function reconcilerFunc(fn: (ctx: ReconcileContext, request: Request) => Promise<Result | void>): Reconciler {
  return { reconcile: fn };
}
