import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { diffCounters, freePort, parseMetrics, readCounters, readHeap, readServerUpdates } from './metrics.mjs';

// What controller-runtime v0.25 exposes (label order, escaped quotes, exponent notation) ...
const goText = `# HELP controller_runtime_reconcile_total Total number of reconciliations per controller
# TYPE controller_runtime_reconcile_total counter
controller_runtime_reconcile_total{controller="benchitem",result="error"} 3
controller_runtime_reconcile_total{controller="benchitem",result="requeue"} 0
controller_runtime_reconcile_total{controller="benchitem",result="requeue_after"} 0
controller_runtime_reconcile_total{controller="benchitem",result="success"} 1.997e+03
controller_runtime_reconcile_total{controller="other",result="success"} 50
workqueue_retries_total{controller="benchitem",name="benchitem"} 3
workqueue_depth{controller="benchitem",name="benchitem"} 12
controller_runtime_reconcile_time_seconds_sum{controller="benchitem"} 12.5
controller_runtime_reconcile_time_seconds_count{controller="benchitem"} 2000
workqueue_queue_duration_seconds_sum{controller="benchitem",name="benchitem"} 40
workqueue_retries_total{controller="other",name="other"} 9
bench_status_update_conflicts_total 3
rest_client_requests_total{code="409",host="127.0.0.1:6443",method="PUT"} 3
go_info{version="go1.26 \\"x\\""} 1
go_memstats_heap_alloc_bytes 2.097152e+07
go_memstats_heap_inuse_bytes 3.145728e+07
`;
// ... and what operator-ts exposes (prom-client order, its read-your-writes counter).
const tsText = `# TYPE controller_runtime_reconcile_total counter
controller_runtime_reconcile_total{result="success",controller="benchitem"} 1200
controller_runtime_reconcile_total{result="error",controller="benchitem"} 4
workqueue_retries_total{name="benchitem",controller="benchitem"} 4
controller_runtime_reconcile_time_seconds_sum{controller="benchitem"} 6
workqueue_queue_duration_seconds_sum{name="benchitem",controller="benchitem"} 3.5
controller_runtime_reconcile_stale_skipped_total{controller="benchitem"} 7
bench_status_update_conflicts_total 4
bench_heap_used_bytes 10485760
bench_heap_total_bytes 16777216
`;

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

async function serve(text: string): Promise<number> {
  const port = await freePort();
  server = createServer((req, res) => {
    res.writeHead(req.url === '/metrics' ? 200 : 404, { 'Content-Type': 'text/plain' });
    res.end(req.url === '/metrics' ? text : '');
  });
  await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
  return port;
}

describe('runtime benchmark counters', () => {
  it('parses labels, escaped quotes and exponents', () => {
    const samples = parseMetrics(goText);
    expect(samples.find((s) => s.labels.result === 'success' && s.labels.controller === 'benchitem')?.value).toBe(1997);
    expect(samples.find((s) => s.name === 'go_info')?.labels.version).toBe('go1.26 \\"x\\"');
    expect(samples.some((s) => s.name.startsWith('#'))).toBe(false);
  });

  it('reads the same counters from controller-runtime and operator-ts, only for the benchmarked controller', async () => {
    expect(await readCounters(await serve(goText))).toEqual({
      reconciles: 2000,
      errors: 3,
      conflicts: 3,
      retries: 3,
      staleSkipped: 0,
      reconcileSeconds: 12.5,
      queueSeconds: 40,
      queueDepth: 12,
    });
    server?.close();
    expect(await readCounters(await serve(tsText))).toEqual({
      reconciles: 1204,
      errors: 4,
      conflicts: 4,
      retries: 4,
      staleSkipped: 7,
      reconcileSeconds: 6,
      queueSeconds: 3.5,
      queueDepth: 0,
    });
  });

  it('reads the heap figures each runtime exports', async () => {
    expect(await readHeap(await serve(goText))).toEqual({ usedMiB: 20, totalMiB: 30 });
    server?.close();
    expect(await readHeap(await serve(tsText))).toEqual({ usedMiB: 10, totalMiB: 16 });
  });

  it("reads the API server's own count and time of status updates, not of other requests", async () => {
    const text = `apiserver_request_duration_seconds_sum{component="apiserver",dry_run="",group="bench.operator-ts.dev",resource="benchitems",scope="resource",subresource="status",verb="PUT",version="v1"} 3.5
apiserver_request_duration_seconds_count{component="apiserver",dry_run="",group="bench.operator-ts.dev",resource="benchitems",scope="resource",subresource="status",verb="PUT",version="v1"} 100
apiserver_request_duration_seconds_count{component="apiserver",dry_run="",group="bench.operator-ts.dev",resource="benchitems",scope="resource",subresource="",verb="PATCH",version="v1"} 900
`;
    expect(await readServerUpdates({ requestText: () => Promise.resolve(text) })).toEqual({ count: 100, seconds: 3.5 });
    expect(await readServerUpdates({ requestText: () => Promise.reject(new Error('403')) })).toBeUndefined();
  });

  it('reports no counters when nothing answers, and no difference without both readings', async () => {
    expect(await readCounters(await freePort())).toBeUndefined();
    expect(await readHeap(await freePort())).toBeUndefined();
    const c = {
      reconciles: 10,
      errors: 1,
      conflicts: 1,
      retries: 2,
      staleSkipped: 0,
      reconcileSeconds: 1,
      queueSeconds: 2,
      queueDepth: 0,
    };
    expect(diffCounters(undefined, c)).toBeUndefined();
    expect(diffCounters(c, { ...c, reconciles: 25, retries: 5, queueSeconds: 3 })).toEqual({
      reconciles: 15,
      errors: 0,
      conflicts: 0,
      retries: 3,
      staleSkipped: 0,
      reconcileSeconds: 0,
      queueSeconds: 1,
      queueDepth: 0,
    });
  });
});
