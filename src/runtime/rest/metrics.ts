import type { Counter } from 'prom-client';
import { getOrCreateCounter } from '../metrics/get-or-create.js';

/**
 * restClientRequests returns the counter of API server requests by HTTP status code, method and host,
 * like client-go's `rest_client_requests_total` that controller-runtime registers. Requests that got no
 * response count with code `<error>`. Looked up on each use so it survives a registry reset.
 */
export function restClientRequests(): Counter<'code' | 'method' | 'host'> {
  return getOrCreateCounter({
    name: 'rest_client_requests_total',
    help: 'Number of HTTP requests, partitioned by status code, method, and host.',
    labelNames: ['code', 'method', 'host'],
  });
}
