// Section "runtime/soak" of `npm run bench`: the leak soak. The benchmark operator (operator.mjs, the flags
// of a generated project plus --expose-gc) runs on envtest under continuous create/update/delete churn of
// BenchItems for BENCH_SOAK_SECONDS (600), serving metrics (runtime health metrics included) scraped every
// 15 s as a Prometheus would. Every minute (a tenth of the run when shorter) the driver asks it over IPC
// for its heap after a full collection, its RSS and its active handles. Reported: the least-squares slope
// per minute of each after the warm-up (the first minute, a third of shorter runs), against thresholds
// stated below (heap and RSS must meet them over the whole run and over its second half); a missed
// threshold is reported, never an error.
import { ApiClient } from './api.mjs';
import { benchItemCrd } from './benchitem.mjs';
import { startChurn } from './churn.mjs';
import { scrape } from './health-cost.mjs';
import { startOperator } from './operators.mjs';
import { leastSquares } from './slope.mjs';
import { deleteAllItems, ensureNamespace } from './workload.mjs';

const NAMESPACE = 'bench-soak';
const MiB = 1024 * 1024;

/**
 * THRESHOLDS: heap and RSS may grow by less than 1% per minute of their value at the end of the warm-up.
 * For the benchmark operator's 9 MiB heap after a full collection at 30-40 operations per second, that is
 * 40-50 bytes retained per operation; every operation brings at least one watch event and one reconcile, so
 * a controller keeping one small object per event or reconcile (a closure or a map entry, 100 bytes and
 * more) exceeds it several times over, while a heap that does not leak moves by a few tens of KiB between
 * samples (code still being compiled, caches filling). Handles may grow by less than one per minute: a
 * socket, watch or timer leaked per reconcile adds thousands a minute, while the count moves by a few with
 * the requests in flight when sampled.
 */
const THRESHOLDS = { heapPctPerMin: 1, rssPctPerMin: 1, handlesPerMin: 1 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** sampler returns a function that asks the operator over IPC for one sample: heap after GC, RSS, handles. */
function sampler(op) {
  let waiting;
  op.onMessage((message) => {
    waiting?.(message);
    waiting = undefined;
  });
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer to a sample within 60 s')), 60_000);
      waiting = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
      op.send('sample');
    });
}

/** run executes the soak and prints its lines through `report(name, fields)`. */
export async function run(report) {
  const log = (msg) => process.stderr.write(`[bench soak] ${msg}\n`);
  const testing = await import('../../../dist/src/testing/index.js');
  const assets = testing.findBinaryAssets();
  if (!('dir' in assets)) {
    report('runtime.soak', { skipped: `no envtest binaries: ${assets.missing}` });
    return;
  }
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? '600');
  const ratePerS = Number(process.env.BENCH_SOAK_RATE ?? '40');
  const intervalMs = Math.min(60_000, (seconds * 1000) / 10);
  const warmUpMin = Math.min(1, seconds / 3 / 60);
  const env = await testing.startTestEnv({ crds: [benchItemCrd()], attachControlPlaneOutput: false });
  const api = new ApiClient(env.config);
  let op;
  let scraper;
  const scrapes = { ok: 0, failed: 0 };
  try {
    await ensureNamespace(api, NAMESPACE);
    const kubeconfigPath = env.kubeconfigPath;
    const metrics = { BENCH_METRICS_ADDRESS: '127.0.0.1:0' };
    op = await startOperator('ts', { kubeconfigPath, workers: 4, nodeFlags: ['--expose-gc'], ipc: true, env: metrics });
    const port = op.metricsPort;
    const count = (status) => (status === 200 ? scrapes.ok++ : scrapes.failed++);
    scraper = setInterval(() => void scrape(port).then(count), 15_000);
    const sample = sampler(op);
    await sleep(2000);
    const before = await sample();
    log(`idle before churn: heap ${(before.heapUsed / MiB).toFixed(2)} MiB, handles ${before.handles}`);

    const churn = startChurn(api, NAMESPACE, { ratePerS });
    const start = performance.now();
    const samples = [];
    for (let k = 1; k * intervalMs <= seconds * 1000; k++) {
      await sleep(start + k * intervalMs - performance.now());
      const s = await sample();
      const t = (performance.now() - start) / 60_000;
      samples.push({ t, ...s });
      const ops = churn.stats.creates + churn.stats.updates + churn.stats.deletes;
      const heap = (s.heapUsed / MiB).toFixed(2);
      log(`t=${t.toFixed(2)} min heap ${heap} MiB rss ${(s.rss / MiB).toFixed(1)} MiB handles ${s.handles} ops ${ops}`);
      if (!op.alive()) throw new Error(`the operator died:\n${op.stderr()}`);
    }
    const stats = await churn.stop();
    const elapsedMin = (performance.now() - start) / 60_000;
    const unreconciled = await unreconciledItems(api);
    await deleteAllItems(api, NAMESPACE);
    await sleep(5000);
    const after = await sample();
    const run = { samples, warmUpMin, stats, elapsedMin, before, after, unreconciled, seconds, ratePerS };
    report('runtime.soak', { ...summarize(run), scrapes: scrapes.ok, failed_scrapes: scrapes.failed });
    log(`handles by type at the end: ${JSON.stringify(after.byType)}`);
  } finally {
    clearInterval(scraper);
    await op?.stop();
    api.close();
    await env.stop();
  }
}

/** unreconciledItems waits up to 60 s for the operator to catch up and counts the items it has not. */
async function unreconciledItems(api) {
  let behind = 0;
  for (let i = 0; i < 60; i++) {
    const list = await api.request('GET', api.itemsPath(NAMESPACE));
    behind = list.items.filter((o) => o.status?.observedValue !== o.spec?.value).length;
    if (behind === 0) return 0;
    await sleep(1000);
  }
  return behind;
}

/** summarize turns the samples into the report's slopes, thresholds and verdicts. */
function summarize({ samples, warmUpMin, stats, elapsedMin, before, after, unreconciled, seconds, ratePerS }) {
  const steady = samples.filter((s) => s.t >= warmUpMin - 1e-9);
  const base = steady[0];
  // The second half alone: a one-off step (V8 flushing the bytecode of start-up code, a cache filling)
  // tilts the whole run's line, while a leak keeps its slope in both halves.
  const late = steady.filter((s) => s.t >= (steady[0].t + steady.at(-1).t) / 2 - 1e-9);
  const fit = (pick, points = steady) => leastSquares(points.map((s) => ({ t: s.t, value: pick(s) })));
  const heap = fit((s) => s.heapUsed);
  const rss = fit((s) => s.rss);
  const handles = fit((s) => s.handles);
  const heapLate = fit((s) => s.heapUsed, late);
  const rssLate = fit((s) => s.rss, late);
  const handlesLate = fit((s) => s.handles, late);
  const ops = stats.creates + stats.updates + stats.deletes;
  const heapPct = (100 * heap.slope) / base.heapUsed;
  const rssPct = (100 * rss.slope) / base.rss;
  const verdict = (ok) => (Number.isNaN(ok) ? 'n/a' : ok ? 'met' : 'NOT_MET');
  return {
    seconds,
    samples: steady.length,
    ops,
    ops_per_s: ops / (elapsedMin * 60),
    target_rate_per_s: ratePerS,
    failed_ops: stats.failed,
    unreconciled,
    heap_base_mib: base.heapUsed / MiB,
    heap_slope_kib_per_min: heap.slope / 1024,
    heap_slope_pct_per_min: heapPct,
    heap_noise_kib: heap.residualSd / 1024,
    heap_late_slope_kib_per_min: heapLate.slope / 1024,
    heap_bytes_per_op: heap.slope / (ops / elapsedMin),
    heap_target: `<${THRESHOLDS.heapPctPerMin}%/min`,
    heap_result: verdict(Math.max(heapPct, (100 * heapLate.slope) / base.heapUsed) < THRESHOLDS.heapPctPerMin),
    rss_base_mib: base.rss / MiB,
    rss_slope_kib_per_min: rss.slope / 1024,
    rss_slope_pct_per_min: rssPct,
    rss_noise_kib: rss.residualSd / 1024,
    rss_late_slope_kib_per_min: rssLate.slope / 1024,
    rss_target: `<${THRESHOLDS.rssPctPerMin}%/min`,
    rss_result: verdict(Math.max(rssPct, (100 * rssLate.slope) / base.rss) < THRESHOLDS.rssPctPerMin),
    handles_base: base.handles,
    handles_slope_per_min: handles.slope,
    handles_noise: handles.residualSd,
    handles_late_slope_per_min: handlesLate.slope,
    handles_target: `<${THRESHOLDS.handlesPerMin}/min`,
    // Handles move by a few with the requests in flight: half the samples are too few to judge them by.
    handles_result: verdict(handles.slope < THRESHOLDS.handlesPerMin),
    idle_heap_before_mib: before.heapUsed / MiB,
    idle_heap_after_mib: after.heapUsed / MiB,
    idle_handles_before: before.handles,
    idle_handles_after: after.handles,
  };
}
