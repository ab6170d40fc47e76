import type { Counter } from 'prom-client';
import { getOrCreateCounter } from '../metrics/get-or-create.js';

/**
 * reflectorRestarts returns the counter of reflector watch restarts and relists by resource and reason
 * (`closed`, `inactivity`, `expired`, `throttled`, `server_error`, `client_error`, `network`, `decode`,
 * `error`), so silent stalls and error loops show up on dashboards.
 */
export function reflectorRestarts(): Counter<'resource' | 'reason'> {
  return getOrCreateCounter({
    name: 'reflector_restarts_total',
    help: 'Number of reflector watch restarts and relists, partitioned by resource and reason.',
    labelNames: ['resource', 'reason'],
  });
}

/** reflectorLists returns the counter of completed (re)lists by resource. */
export function reflectorLists(): Counter<'resource'> {
  return getOrCreateCounter({
    name: 'reflector_lists_total',
    help: 'Number of completed reflector lists, partitioned by resource.',
    labelNames: ['resource'],
  });
}
