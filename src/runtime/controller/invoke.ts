import type { ReconcileContext, Reconciler, Request, Result } from '../reconcile/reconcile.js';

/** ReconcileCallOutcome is what one reconcile call came to: a result, or an error and whether it was a panic. */
export type ReconcileCallOutcome = { ok: true; result: Result | void } | { ok: false; error: Error; panic: boolean };

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(`non-Error value thrown: ${String(value)}`, { cause: value });
}

/**
 * invokeReconcile calls the reconciler and turns every way it can fail into a value, so that no failure
 * can escape into the worker loop. A synchronous throw (the reconciler did not even return a promise) or a
 * thrown value that is not an Error counts as a panic, the JavaScript equivalent of a Go panic.
 */
export async function invokeReconcile(
  reconciler: Reconciler,
  ctx: ReconcileContext,
  request: Request,
): Promise<ReconcileCallOutcome> {
  let pending: Promise<Result | void>;
  try {
    pending = reconciler.reconcile(ctx, request);
  } catch (err) {
    return { ok: false, error: asError(err), panic: true };
  }
  try {
    return { ok: true, result: await pending };
  } catch (err) {
    return { ok: false, error: asError(err), panic: !(err instanceof Error) };
  }
}
