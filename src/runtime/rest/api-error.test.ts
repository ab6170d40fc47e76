import { describe, expect, it } from 'vitest';
import { ApiError, isAlreadyExists, isConflict, isNotFound } from './api-error.js';
import { apiErrorFromResponse, apiErrorFromStatus, isGone, retryAfterMs } from './api-error.js';

const ctx = { method: 'GET', path: '/api/v1/namespaces/ns/pods/p' };

describe('apiErrorFromResponse', () => {
  it('takes code, reason and message from a Status body', () => {
    const body = {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      message: 'pods "p" not found',
      reason: 'NotFound',
      details: { name: 'p', kind: 'pods' },
      code: 404,
    };
    const err = apiErrorFromResponse(404, JSON.stringify(body), ctx);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(404);
    expect(err.reason).toBe('NotFound');
    expect(err.message).toBe('pods "p" not found');
    expect(err.status).toEqual(body);
    expect(isNotFound(err)).toBe(true);
  });

  it('tells Conflict from AlreadyExists', () => {
    const conflict = apiErrorFromResponse(
      409,
      JSON.stringify({ kind: 'Status', reason: 'Conflict', code: 409, message: 'modified' }),
      ctx,
    );
    const exists = apiErrorFromResponse(
      409,
      JSON.stringify({ kind: 'Status', reason: 'AlreadyExists', code: 409, message: 'exists' }),
      ctx,
    );
    expect([isConflict(conflict), isAlreadyExists(conflict)]).toEqual([true, false]);
    expect([isConflict(exists), isAlreadyExists(exists)]).toEqual([false, true]);
  });

  it('falls back to the HTTP status for bodies that are not a Status', () => {
    const err = apiErrorFromResponse(503, 'upstream connect error', ctx);
    expect(err.code).toBe(503);
    expect(err.reason).toBe('ServiceUnavailable');
    expect(err.message).toBe('GET /api/v1/namespaces/ns/pods/p: 503: upstream connect error');
    expect(err.status).toBeUndefined();
  });

  it('uses the HTTP code when the Status has none', () => {
    const err = apiErrorFromResponse(
      422,
      JSON.stringify({ kind: 'Status', reason: 'Invalid', message: 'spec.size: Invalid value' }),
      ctx,
    );
    expect(err.code).toBe(422);
    expect(err.reason).toBe('Invalid');
  });

  it('keeps Retry-After in seconds from the header or the Status details', () => {
    const fromHeader = apiErrorFromResponse(429, '', { ...ctx, retryAfterHeader: '3' });
    expect(fromHeader.reason).toBe('TooManyRequests');
    expect(retryAfterMs(fromHeader)).toBe(3000);
    const fromDetails = apiErrorFromResponse(
      429,
      JSON.stringify({ kind: 'Status', code: 429, reason: 'TooManyRequests', details: { retryAfterSeconds: 2 } }),
      ctx,
    );
    expect(retryAfterMs(fromDetails)).toBe(2000);
    expect(retryAfterMs(apiErrorFromResponse(500, '', ctx))).toBeUndefined();
    expect(retryAfterMs(new Error('x'))).toBeUndefined();
  });
});

describe('apiErrorFromStatus and isGone', () => {
  it('recognises expired resource versions from watch ERROR events', () => {
    const err = apiErrorFromStatus({
      kind: 'Status',
      code: 410,
      reason: 'Expired',
      message: 'too old resource version: 1 (5)',
    });
    expect(err.code).toBe(410);
    expect(isGone(err)).toBe(true);
    expect(isGone(apiErrorFromStatus({ kind: 'Status', code: 500, reason: 'InternalError' }))).toBe(false);
    expect(isGone(new Error('410'))).toBe(false);
  });
});
