import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { isServerUnavailable } from './unavailable.js';

const sysError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:6443`), { code });

describe('isServerUnavailable', () => {
  it('recognises unreachable servers and 503, also as a cause or inside an AggregateError', () => {
    expect(isServerUnavailable(sysError('ECONNREFUSED'))).toBe(true);
    expect(isServerUnavailable(sysError('ECONNRESET'))).toBe(true);
    expect(isServerUnavailable(new ApiError(503, 'ServiceUnavailable', 'starting'))).toBe(true);
    expect(isServerUnavailable(new Error('reconcile failed', { cause: sysError('ETIMEDOUT') }))).toBe(true);
    expect(
      isServerUnavailable(new AggregateError([sysError('ECONNREFUSED'), sysError('ECONNREFUSED')], 'connect failed')),
    ).toBe(true);
  });

  it('does not take answers of the server or other failures for an outage', () => {
    expect(isServerUnavailable(new ApiError(500, 'InternalError', 'x'))).toBe(false);
    expect(isServerUnavailable(new ApiError(409, 'Conflict', 'x'))).toBe(false);
    expect(isServerUnavailable(new ApiError(429, 'TooManyRequests', 'x'))).toBe(false);
    expect(isServerUnavailable(sysError('ENOENT'))).toBe(false);
    expect(isServerUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isServerUnavailable('ECONNREFUSED')).toBe(false);
  });
});
