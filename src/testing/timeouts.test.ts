import { describe, expect, it } from 'vitest';
import { isUserError } from '../errors/user-error.js';
import {
  DEFAULT_START_TIMEOUT_MS,
  DEFAULT_STOP_TIMEOUT_MS,
  parseGoDuration,
  resolveControlPlaneTimeouts,
} from './timeouts.js';

describe('timeouts', () => {
  it('parses Go durations', () => {
    expect(parseGoDuration('20s')).toBe(20_000);
    expect(parseGoDuration('1m30s')).toBe(90_000);
    expect(parseGoDuration('1.5m')).toBe(90_000);
    expect(parseGoDuration('250ms')).toBe(250);
    expect(parseGoDuration('1h')).toBe(3_600_000);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('20')).toBeUndefined();
    expect(parseGoDuration('s')).toBeUndefined();
    expect(parseGoDuration('10s junk')).toBeUndefined();
  });

  it('prefers options over the environment over defaults', () => {
    expect(resolveControlPlaneTimeouts({}, {})).toEqual({
      startMs: DEFAULT_START_TIMEOUT_MS,
      stopMs: DEFAULT_STOP_TIMEOUT_MS,
    });
    const env = { KUBEBUILDER_CONTROLPLANE_START_TIMEOUT: '2m', KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT: '5s' };
    expect(resolveControlPlaneTimeouts({}, env)).toEqual({ startMs: 120_000, stopMs: 5_000 });
    expect(resolveControlPlaneTimeouts({ controlPlaneStartTimeoutMs: 7 }, env)).toEqual({ startMs: 7, stopMs: 5_000 });
  });

  it('rejects an unreadable variable with a hint', () => {
    let caught: unknown;
    try {
      resolveControlPlaneTimeouts({}, { KUBEBUILDER_CONTROLPLANE_START_TIMEOUT: '60' });
    } catch (err) {
      caught = err;
    }
    expect(isUserError(caught)).toBe(true);
    expect((caught as Error).message).toContain('KUBEBUILDER_CONTROLPLANE_START_TIMEOUT=60');
  });
});
