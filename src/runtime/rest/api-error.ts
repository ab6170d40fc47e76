/** ApiError is a failed API call: HTTP status code, the Kubernetes Status reason and message. */
export class ApiError extends Error {
  /** ApiError.name is fixed for logs. */
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status code (404, 409, 422, ...). */
    readonly code: number,
    /** Kubernetes `Status.reason` (`NotFound`, `Conflict`, `AlreadyExists`, `Invalid`, ...). */
    readonly reason: string,
    message: string,
    /** The Kubernetes Status object when the server sent one. */
    readonly status?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** isNotFound tells whether err is a 404 {@link ApiError}. */
export function isNotFound(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === 404;
}

/** isConflict tells whether err is a 409 {@link ApiError} with reason Conflict. */
export function isConflict(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === 409 && err.reason === 'Conflict';
}

/** isAlreadyExists tells whether err is a 409 {@link ApiError} with reason AlreadyExists. */
export function isAlreadyExists(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === 409 && err.reason === 'AlreadyExists';
}

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Expired',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

const retryAfter = new WeakMap<ApiError, number>();

interface StatusLike {
  kind?: unknown;
  code?: unknown;
  reason?: unknown;
  message?: unknown;
  details?: { retryAfterSeconds?: unknown };
}

/** isStatus tells whether a decoded body is a Kubernetes `Status` object. */
export function isStatus(body: unknown): body is StatusLike {
  return typeof body === 'object' && body !== null && (body as StatusLike).kind === 'Status';
}

/**
 * apiErrorFromResponse turns a failed response into an {@link ApiError}: code, reason and message come from
 * the `Status` body when the server sent one, from the HTTP status otherwise. A `Retry-After` header (or
 * `details.retryAfterSeconds`) is kept for {@link retryAfterMs}.
 */
export function apiErrorFromResponse(
  httpCode: number,
  bodyText: string,
  context: { method: string; path: string; retryAfterHeader?: string | undefined },
): ApiError {
  let body: unknown;
  try {
    body = bodyText === '' ? undefined : JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  let err: ApiError;
  if (isStatus(body)) {
    err = apiErrorFromStatus(body, httpCode);
  } else {
    const text = bodyText.trim().slice(0, 512);
    const message = `${context.method} ${context.path}: ${httpCode}${text === '' ? '' : `: ${text}`}`;
    err = new ApiError(httpCode, REASONS[httpCode] ?? 'Unknown', message);
  }
  const header = parseRetryAfter(context.retryAfterHeader);
  if (header !== undefined) retryAfter.set(err, header);
  return err;
}

/** apiErrorFromStatus builds an {@link ApiError} from a `Status` object, as sent in error responses and watch ERROR events. */
export function apiErrorFromStatus(status: StatusLike, fallbackCode = 500): ApiError {
  const code = typeof status.code === 'number' && status.code > 0 ? status.code : fallbackCode;
  const reason =
    typeof status.reason === 'string' && status.reason !== '' ? status.reason : (REASONS[code] ?? 'Unknown');
  const message = typeof status.message === 'string' && status.message !== '' ? status.message : `${reason} (${code})`;
  return new ApiError(code, reason, message, status);
}

/** retryAfterMs returns how long the server asked the client to wait (Retry-After or Status details), if it did. */
export function retryAfterMs(err: unknown): number | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const fromHeader = retryAfter.get(err);
  if (fromHeader !== undefined) return fromHeader;
  const seconds = (err.status as StatusLike | undefined)?.details?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : undefined;
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** isGone tells whether err says the requested resourceVersion is too old (HTTP 410 / reason Expired or Gone). */
export function isGone(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 410 || err.reason === 'Expired' || err.reason === 'Gone');
}
