import type { Counter, Gauge } from 'prom-client';
import { getOrCreateCounter, getOrCreateGauge } from '../metrics/get-or-create.js';

/**
 * cacheObjects returns the gauge of objects an informer held when it synced, by resource and view (`full`,
 * or `metadata` for a metadata-only informer, which may exist beside a full one of the same resource).
 */
export function cacheObjects(): Gauge<'resource' | 'view'> {
  return getOrCreateGauge({
    name: 'cache_objects',
    help: 'Number of objects an informer held when it synced, partitioned by resource and view (full or metadata).',
    labelNames: ['resource', 'view'],
  });
}

/** cacheObjectBytes returns the gauge of the JSON size of what an informer held when synced, by resource and view. */
export function cacheObjectBytes(): Gauge<'resource' | 'view'> {
  return getOrCreateGauge({
    name: 'cache_object_bytes',
    help:
      'JSON size in bytes of the objects an informer held when it synced, ' +
      'partitioned by resource and view (full or metadata).',
    labelNames: ['resource', 'view'],
  });
}

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
