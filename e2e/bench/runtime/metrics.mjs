// Counters of a benchmarked operator, read from its Prometheus /metrics endpoint. Both operators export
// controller-runtime's metric names, so the same counters are compared: reconciles by result, work queue
// retries (rate-limited requeues) and the fixtures' own count of status updates refused with 409 Conflict.
import { createServer } from 'node:net';

/** freePort returns a loopback TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** parseMetrics turns Prometheus text exposition into a list of { name, labels, value } samples. */
export function parseMetrics(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** sum adds the values of the samples named `name` whose labels include `labels`. */
function sum(samples, name, labels = {}) {
  let total = 0;
  for (const s of samples) {
    if (s.name !== name) continue;
    if (Object.entries(labels).every(([k, v]) => s.labels[k] === v)) total += s.value;
  }
  return total;
}

/** scrape reads `http://127.0.0.1:<port>/metrics`; undefined when the endpoint does not answer. */
async function scrape(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    return res.ok ? parseMetrics(await res.text()) : undefined;
  } catch {
    return undefined;
  }
}

/** readCounters returns the counters the report compares, or undefined when the endpoint does not answer. */
export async function readCounters(port) {
  const samples = await scrape(port);
  if (samples === undefined) return undefined;
  const reconciles = (result) =>
    sum(samples, 'controller_runtime_reconcile_total', { controller: 'benchitem', result });
  return {
    reconciles: ['success', 'error', 'requeue', 'requeue_after'].reduce((n, r) => n + reconciles(r), 0),
    errors: reconciles('error'),
    conflicts: sum(samples, 'bench_status_update_conflicts_total'),
    retries: sum(samples, 'workqueue_retries_total', { name: 'benchitem' }),
    staleSkipped: sum(samples, 'controller_runtime_reconcile_stale_skipped_total', { controller: 'benchitem' }),
    // Histogram sums: the time reconciles took (their API calls included) and the time keys waited in the
    // queue, so that a phase's mean reconcile and queue wait can be compared.
    reconcileSeconds: sum(samples, 'controller_runtime_reconcile_time_seconds_sum', { controller: 'benchitem' }),
    queueSeconds: sum(samples, 'workqueue_queue_duration_seconds_sum', { name: 'benchitem' }),
    // A gauge, not a counter: keys waiting in the queue now (its difference over a phase means nothing).
    queueDepth: sum(samples, 'workqueue_depth', { name: 'benchitem' }),
  };
}

/**
 * readHeap scrapes the operator's heap figures in MiB: `usedMiB` is what its objects occupy, garbage not
 * yet collected included (operator.mjs's bench_heap_used_bytes from V8, controller-runtime's
 * go_memstats_heap_alloc_bytes), `totalMiB` what the heap holds from the system (V8's committed heap,
 * Go's heap spans in use). Undefined when the endpoint does not answer.
 */
export async function readHeap(port) {
  const samples = await scrape(port);
  if (samples === undefined) return undefined;
  const mib = (name) => {
    const s = samples.find((x) => x.name === name);
    return s === undefined ? undefined : s.value / (1024 * 1024);
  };
  return {
    usedMiB: mib('bench_heap_used_bytes') ?? mib('go_memstats_heap_alloc_bytes'),
    totalMiB: mib('bench_heap_total_bytes') ?? mib('go_memstats_heap_inuse_bytes'),
  };
}

/**
 * readServerUpdates reads the API server's own count and total duration of BenchItem status updates
 * (apiserver_request_duration_seconds, PUT benchitems/status) through the driver's admin client, so that
 * a phase's mean server-side update time can be set against the operator's mean reconcile time.
 */
export async function readServerUpdates(api) {
  let text;
  try {
    text = await api.requestText('/metrics');
  } catch {
    return undefined;
  }
  const samples = parseMetrics(text);
  const labels = { verb: 'PUT', resource: 'benchitems', subresource: 'status' };
  return {
    count: sum(samples, 'apiserver_request_duration_seconds_count', labels),
    seconds: sum(samples, 'apiserver_request_duration_seconds_sum', labels),
  };
}

/** diffCounters returns after − before for every counter, or undefined when either is missing. */
export function diffCounters(before, after) {
  if (before === undefined || after === undefined) return undefined;
  return Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));
}
