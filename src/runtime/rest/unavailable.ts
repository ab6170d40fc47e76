import { ApiError } from './api-error.js';

/**
 * Error codes of Node's sockets and of undici that mean the API server could not be reached or dropped the
 * connection: the request never got an answer, whatever object it was about.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/**
 * isServerUnavailable tells whether `err` (or an error in its cause chain) says the API server is not
 * there rather than that the request was wrong: a connection refused, reset or timed out, or a `503`
 * (a starting kube-apiserver answers 503 until its storage is ready). Such a failure is the cluster's, not
 * the object's, so it should not grow that object's backoff.
 */
export function isServerUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 16; e = e.cause, depth++) {
    if (e instanceof ApiError) return e.code === 503;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isServerUnavailable(inner))) return true;
  }
  return false;
}
