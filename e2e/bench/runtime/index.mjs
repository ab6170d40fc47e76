// Section "runtime" of `npm run bench`: the operator-ts runtime against controller-runtime on the same
// envtest control plane and the same BenchItem workload (see README.md beside this file). Prints figures,
// ratios and targets; a missed target is reported, never an error.
import { availableParallelism, loadavg } from 'node:os';
import { ApiClient } from './api.mjs';
import { benchItemCrd } from './benchitem.mjs';
import { measureHealthCost, printHealthCost } from './health-cost.mjs';
import { buildGoController, startOperator } from './operators.mjs';
import { measureLargeCache, prepareReconciledItems } from './large-cache.mjs';
import { diffCounters, freePort, readCounters, readHeap, readServerUpdates } from './metrics.mjs';
import { readCpuMs, settledRss } from './process-rss.mjs';
import { deleteAllItems, ensureNamespace, phaseLatency, phaseThroughput, warmUp } from './workload.mjs';
import { measureTracing } from './tracing.mjs';

/** name is the section's name in the bench output. */
export const name = 'runtime';

const WORKERS = 4;
/**
 * TARGETS are operator-ts's goals against controller-runtime measured in the same run: steady RSS at
 * 10 000 cached objects at most half, throughput at least 1.5× at 1 000 and 10 000 objects, p99 reconcile
 * latency at 100 updates/s at most a quarter, and idle RSS at most 64 MiB.
 */
const TARGETS = {
  rssRatio: 0.5,
  rssSizes: [10000],
  throughputRatio: 1.5,
  throughputSizes: [1000, 10000],
  p99Ratio: 0.25,
  idleMiB: 64,
};

const ratio = (a, b) => (a !== undefined && b !== undefined && b > 0 ? a / b : undefined);
const verdict = (ok) => (ok === undefined ? 'n/a' : ok ? 'met' : 'NOT_MET');
const mib = (v) => (v === undefined ? 'n/a' : Number(v.toFixed(1)));
const num = (v) => (v === undefined || Number.isNaN(v) ? 'n/a' : v);
const fixed = (v, digits = 2) => (v === undefined || Number.isNaN(v) ? 'n/a' : Number(v.toFixed(digits)));

/** sizes returns the phase-A object counts: 1 000 and 10 000, or BENCH_SIZES (BENCH_SIZES=1000 for a quick run). */
function sizes() {
  if (process.env.BENCH_SIZES) return process.env.BENCH_SIZES.split(',').map(Number);
  return [1000, 10000];
}

/** cacheSizes returns the large-cache phase's object counts: BENCH_CACHE_SIZES (e.g. 50000), none by default. */
function cacheSizes() {
  return (process.env.BENCH_CACHE_SIZES ?? '')
    .split(',')
    .filter((v) => v.trim() !== '')
    .map(Number);
}

/**
 * managedFieldsMode says what both caches hold (BENCH_MANAGED_FIELDS): 'strip' (the default: both drop
 * managedFields, like for like), 'keep' (both keep them) or 'defaults' (each framework's default:
 * operator-ts drops them, controller-runtime keeps them).
 */
function managedFieldsMode() {
  const mode = process.env.BENCH_MANAGED_FIELDS ?? 'strip';
  if (!['strip', 'keep', 'defaults'].includes(mode))
    throw new Error(`BENCH_MANAGED_FIELDS=${mode}: use strip, keep or defaults`);
  return mode;
}

/**
 * counted runs a phase and adds the operator's counter deltas over it (reconciles, conflicts, retries),
 * read once the operator went quiet (an empty queue and no reconcile for a second, at most 5 minutes): the
 * reconciles that follow the operator's own last writes belong to the phase.
 */
async function counted(port, api, phase) {
  const before = await readCounters(port);
  const serverBefore = await readServerUpdates(api);
  const result = await phase();
  let after = await readCounters(port);
  const end = Date.now() + 300_000;
  while (after !== undefined && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 1000));
    const next = await readCounters(port);
    if (next === undefined) break;
    const quiet = next.reconciles === after.reconciles && next.queueDepth === 0;
    after = next;
    if (quiet) break;
  }
  result.counters = diffCounters(before, after);
  result.server = diffCounters(serverBefore, await readServerUpdates(api));
  return result;
}

/** measureOperator runs the whole workload against one operator implementation. */
async function measureOperator(kind, env, api, goBin, counts, log) {
  const metricsPort = await freePort();
  const op = await startOperator(kind, {
    kubeconfigPath: env.kubeconfigPath,
    goBin,
    workers: WORKERS,
    metricsPort,
    managedFields: managedFieldsMode(),
  });
  const result = { syncMs: op.syncMs, sizes: {} };
  try {
    await new Promise((r) => setTimeout(r, 2000));
    result.idle = { ...(await settledRss(op.pid, 3000)), heap: await readHeap(metricsPort) };
    log(`${kind}: idle rss ${mib(result.idle.rssMiB)} MiB`);
    for (const [index, count] of counts.entries()) {
      const namespace = `bench-${kind}-${count}`;
      await ensureNamespace(api, namespace);
      // Waits scale with the size: 50 000 objects take about 20 minutes to create here on a loaded machine.
      const deleteTimeoutMs = 300_000 + count * 30;
      await deleteAllItems(api, namespace, deleteTimeoutMs);
      const cpuBefore = readCpuMs(op.pid);
      const throughput = await counted(metricsPort, api, () =>
        phaseThroughput(api, namespace, count, { timeoutMs: 900_000 + count * 60 }),
      );
      throughput.cpuMsPerObj = (readCpuMs(op.pid) - cpuBefore) / count;
      log(
        `${kind}: n=${count} ${throughput.objPerS.toFixed(1)} obj/s (create ${throughput.createMs.toFixed(0)} ms, tail ${throughput.tailMs.toFixed(0)} ms) ${JSON.stringify(throughput.counters)} server ${JSON.stringify(throughput.server)}`,
      );
      const steady = { ...(await settledRss(op.pid, 3000)), heap: await readHeap(metricsPort) };
      log(`${kind}: n=${count} steady rss ${mib(steady.rssMiB)} MiB`);
      const entry = { throughput, steady };
      if (index === 0) {
        const cpuStart = readCpuMs(op.pid);
        const ratePerS = Number(process.env.BENCH_RATE ?? '100');
        entry.latency = await counted(metricsPort, api, () => phaseLatency(api, namespace, count, { ratePerS }));
        entry.latency.cpuMsPerUpdate = (readCpuMs(op.pid) - cpuStart) / entry.latency.sent;
        const l = entry.latency;
        log(
          `${kind}: latency p50 ${l.p50.toFixed(1)} ms p99 ${l.p99.toFixed(1)} ms (watch lag p50 ${l.watchLagP50.toFixed(1)} p99 ${l.watchLagP99.toFixed(1)}, operator p50 ${l.operatorP50.toFixed(1)} p99 ${l.operatorP99.toFixed(1)}) ${JSON.stringify(l.counters)} server ${JSON.stringify(l.server)}`,
        );
      }
      result.sizes[count] = entry;
      if (!op.alive()) throw new Error(`${kind} operator died:\n${op.stderr()}`);
      // The next size starts from an empty cache, as a fresh operator would see it.
      await deleteAllItems(api, namespace, deleteTimeoutMs);
    }
  } finally {
    await op.stop();
  }
  return result;
}

/** run executes the section and prints its lines through `report(name, fields)`. */
export async function run(report) {
  const log = (msg) => process.stderr.write(`[bench runtime] ${msg}\n`);
  const testing = await import('../../../dist/src/testing/index.js');
  const assets = testing.findBinaryAssets();
  if (!('dir' in assets)) {
    report('runtime', { skipped: `no envtest binaries: ${assets.missing}` });
    return;
  }
  const counts = sizes();
  const loadBefore = loadavg()[0];
  log('building the controller-runtime fixture');
  const go = process.env.BENCH_GO === '0' ? { skipped: 'BENCH_GO=0' } : buildGoController();
  if (go.skipped) report('runtime.go', { skipped: go.skipped });
  else log(`go fixture: ${go.version}`);
  const env = await testing.startTestEnv({ crds: [benchItemCrd()], attachControlPlaneOutput: false });
  const api = new ApiClient(env.config);
  const results = {};
  try {
    // A fresh API server is slower on its first writes; warming it up keeps the first operator measured
    // from paying for that. BENCH_ORDER=go-first measures controller-runtime first, to see how much the
    // order (and the load of the moment) moves the figures.
    await warmUp(api);
    const order = process.env.BENCH_ORDER === 'go-first' ? ['go', 'ts'] : ['ts', 'go'];
    for (const kind of order) {
      if (kind === 'ts') results.ts = await measureOperator('ts', env, api, undefined, counts, log);
      else if (!go.skipped) results.go = await measureOperator('go', env, api, go.bin, counts, log);
    }
    printResults(report, results, counts, { loadBefore, loadAfter: loadavg()[0] });
    // The parts below each start their own operators on this control plane; every part but the last
    // deletes its objects again, since every operator watches every namespace.
    if (process.env.BENCH_HEALTH !== '0') {
      printHealthCost(report, await measureHealthCost(env, api, log, { count: counts[0] }));
    }
    if (process.env.BENCH_TRACING !== '0') await measureTracing(report, env, api, WORKERS, log);
    // Last, because its objects stay until the end (recreating tens of thousands costs most of an hour).
    for (const count of cacheSizes()) {
      const namespace = `bench-cache-${count}`;
      await prepareReconciledItems(api, namespace, count, log);
      const common = { env, workers: WORKERS, managedFields: managedFieldsMode(), count, log };
      for (const kind of order) {
        if (kind === 'go' && go.skipped) continue;
        const measured = await measureLargeCache(kind, { ...common, goBin: go.bin, metricsPort: await freePort() });
        (results[kind].cache ??= {})[count] = measured;
      }
    }
  } finally {
    api.close();
    await env.stop();
  }
  printCache(report, results, loadavg()[0]);
}

/** bytesPerObject is the resident memory a cached object costs: (steady − idle RSS) / objects, in bytes. */
function bytesPerObject(steadyMiB, idleMiB, count) {
  return steadyMiB === undefined || idleMiB === undefined
    ? undefined
    : Math.round(((steadyMiB - idleMiB) * 1024 * 1024) / count);
}

/**
 * counterFields flattens a phase's counter deltas into `<side>_<counter>` report fields, with the mean
 * reconcile time and queue wait per reconcile in ms.
 */
function counterFields(side, counters, server) {
  const fields = {};
  for (const key of ['reconciles', 'errors', 'conflicts', 'retries', 'staleSkipped']) {
    if (side === 'go' && key === 'staleSkipped') continue;
    fields[`${side}_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`] = num(counters?.[key]);
  }
  const perReconcile = (seconds) =>
    counters && counters.reconciles > 0 ? (seconds * 1000) / counters.reconciles : undefined;
  fields[`${side}_reconcile_mean_ms`] = fixed(perReconcile(counters?.reconcileSeconds));
  fields[`${side}_queue_wait_mean_ms`] = fixed(perReconcile(counters?.queueSeconds));
  if (server !== undefined)
    fields[`${side}_server_update_mean_ms`] = fixed(
      server.count > 0 ? (server.seconds * 1000) / server.count : undefined,
    );
  return fields;
}

function printResults(report, { ts, go }, counts, load) {
  report('runtime.config', {
    managed_fields: { strip: 'stripped_both', keep: 'kept_both', defaults: 'ts_stripped_go_kept' }[managedFieldsMode()],
    workers: WORKERS,
    sizes: counts.join('+'),
    cache_sizes: cacheSizes().join('+') || 'none',
    order: process.env.BENCH_ORDER === 'go-first' ? 'go_first' : 'ts_first',
    load1_before: fixed(load.loadBefore, 1),
    load1_after: fixed(load.loadAfter, 1),
    cores: availableParallelism(),
  });
  const tsIdle = ts.idle.rssMiB;
  const goIdle = go?.idle.rssMiB;
  report('runtime.idle_rss', {
    ts_mib: mib(tsIdle),
    go_mib: mib(goIdle),
    ratio: fixed(ratio(tsIdle, goIdle)),
    target: `ts<=${TARGETS.idleMiB}MiB`,
    result: verdict(tsIdle === undefined ? undefined : tsIdle <= TARGETS.idleMiB),
    ts_anon_mib: mib(ts.idle.anonMiB),
    ts_file_mib: mib(ts.idle.fileMiB),
    go_anon_mib: mib(go?.idle.anonMiB),
    go_file_mib: mib(go?.idle.fileMiB),
    ts_heap_used_mib: mib(ts.idle.heap?.usedMiB),
    go_heap_used_mib: mib(go?.idle.heap?.usedMiB),
    ts_sync_ms: Math.round(ts.syncMs),
    go_sync_ms: go ? Math.round(go.syncMs) : 'n/a',
  });
  for (const count of counts) {
    const t = ts.sizes[count];
    const g = go?.sizes[count];
    const tr = ratio(t.throughput.objPerS, g?.throughput.objPerS);
    const throughputTarget = TARGETS.throughputSizes.includes(count);
    report('runtime.throughput', {
      n: count,
      ts_obj_per_s: fixed(t.throughput.objPerS, 1),
      go_obj_per_s: fixed(g?.throughput.objPerS, 1),
      ratio: fixed(ratio(t.throughput.objPerS, g?.throughput.objPerS)),
      target: throughputTarget ? `>=${TARGETS.throughputRatio}x` : 'none',
      result: throughputTarget ? verdict(tr === undefined ? undefined : tr >= TARGETS.throughputRatio) : 'n/a',
      ts_cpu_ms_per_obj: fixed(t.throughput.cpuMsPerObj),
      go_cpu_ms_per_obj: fixed(g?.throughput.cpuMsPerObj),
      cpu_ratio: fixed(ratio(t.throughput.cpuMsPerObj, g?.throughput.cpuMsPerObj)),
      ts_create_ms: Math.round(t.throughput.createMs),
      go_create_ms: g ? Math.round(g.throughput.createMs) : 'n/a',
      ts_tail_ms: Math.round(t.throughput.tailMs),
      go_tail_ms: g ? Math.round(g.throughput.tailMs) : 'n/a',
      ...counterFields('ts', t.throughput.counters, t.throughput.server),
      ...counterFields('go', g?.throughput.counters, g?.throughput.server),
    });
    const rr = ratio(t.steady.rssMiB, g?.steady.rssMiB);
    const rssTarget = TARGETS.rssSizes.includes(count);
    report('runtime.steady_rss', {
      n: count,
      ts_mib: mib(t.steady.rssMiB),
      go_mib: mib(g?.steady.rssMiB),
      ratio: fixed(rr),
      target: rssTarget ? `<=${TARGETS.rssRatio}x` : 'none',
      result: rssTarget ? verdict(rr === undefined ? undefined : rr <= TARGETS.rssRatio) : 'n/a',
      ts_bytes_per_obj: num(bytesPerObject(t.steady.rssMiB, tsIdle, count)),
      go_bytes_per_obj: num(bytesPerObject(g?.steady.rssMiB, goIdle, count)),
      ts_anon_mib: mib(t.steady.anonMiB),
      go_anon_mib: mib(g?.steady.anonMiB),
      ts_heap_used_mib: mib(t.steady.heap?.usedMiB),
      ts_heap_total_mib: mib(t.steady.heap?.totalMiB),
      go_heap_used_mib: mib(g?.steady.heap?.usedMiB),
      go_heap_total_mib: mib(g?.steady.heap?.totalMiB),
      ts_peak_mib: mib(t.steady.hwmMiB),
      go_peak_mib: mib(g?.steady.hwmMiB),
    });
    if (t.latency) {
      const gl = g?.latency;
      const lr = ratio(t.latency.p99, gl?.p99);
      report('runtime.latency', {
        n: count,
        rate_per_s: fixed(t.latency.achievedRate, 1),
        ts_p50_ms: fixed(t.latency.p50, 1),
        ts_p99_ms: fixed(t.latency.p99, 1),
        go_p50_ms: fixed(gl?.p50, 1),
        go_p99_ms: fixed(gl?.p99, 1),
        ratio_p50: fixed(ratio(t.latency.p50, gl?.p50)),
        ratio_p99: fixed(lr),
        target: `p99<=${TARGETS.p99Ratio}x`,
        result: verdict(lr === undefined ? undefined : lr <= TARGETS.p99Ratio),
        ts_watch_lag_p50_ms: fixed(t.latency.watchLagP50, 1),
        ts_watch_lag_p99_ms: fixed(t.latency.watchLagP99, 1),
        go_watch_lag_p50_ms: fixed(gl?.watchLagP50, 1),
        go_watch_lag_p99_ms: fixed(gl?.watchLagP99, 1),
        ts_operator_p50_ms: fixed(t.latency.operatorP50, 1),
        ts_operator_p99_ms: fixed(t.latency.operatorP99, 1),
        go_operator_p50_ms: fixed(gl?.operatorP50, 1),
        go_operator_p99_ms: fixed(gl?.operatorP99, 1),
        ts_cpu_ms_per_update: fixed(t.latency.cpuMsPerUpdate),
        go_cpu_ms_per_update: fixed(gl?.cpuMsPerUpdate),
        // The driver's own watch lagging by more than a second behind its patches means the control plane
        // cannot carry the rate here: the latencies then measure its queue, not the operators.
        control_plane_keeps_up: [t.latency, gl].every((l) => l === undefined || l.watchLagP99 <= 1000) ? 'yes' : 'no',
        ts_unresolved: t.latency.unresolved + t.latency.failed,
        go_unresolved: gl ? gl.unresolved + gl.failed : 'n/a',
        ...counterFields('ts', t.latency.counters, t.latency.server),
        ...counterFields('go', gl?.counters, gl?.server),
      });
    }
  }
}

/** printCache reports the large-cache phase: steady RSS and bytes per object with N reconciled objects. */
function printCache(report, { ts, go }, load1) {
  for (const count of cacheSizes()) {
    const t = ts.cache?.[count];
    const g = go?.cache?.[count];
    if (t === undefined) continue;
    const rr = ratio(t.steady.rssMiB, g?.steady.rssMiB);
    report('runtime.cache_rss', {
      n: count,
      ts_mib: mib(t.steady.rssMiB),
      go_mib: mib(g?.steady.rssMiB),
      ratio: fixed(rr),
      target: `<=${TARGETS.rssRatio}x`,
      result: verdict(rr === undefined ? undefined : rr <= TARGETS.rssRatio),
      ts_bytes_per_obj: num(bytesPerObject(t.steady.rssMiB, ts.idle.rssMiB, count)),
      go_bytes_per_obj: num(bytesPerObject(g?.steady.rssMiB, go?.idle.rssMiB, count)),
      ts_anon_mib: mib(t.steady.anonMiB),
      go_anon_mib: mib(g?.steady.anonMiB),
      ts_heap_used_mib: mib(t.steady.heap?.usedMiB),
      ts_heap_total_mib: mib(t.steady.heap?.totalMiB),
      go_heap_used_mib: mib(g?.steady.heap?.usedMiB),
      go_heap_total_mib: mib(g?.steady.heap?.totalMiB),
      ts_peak_mib: mib(t.steady.hwmMiB),
      go_peak_mib: mib(g?.steady.hwmMiB),
      ts_sync_ms: Math.round(t.syncMs),
      go_sync_ms: g ? Math.round(g.syncMs) : 'n/a',
      ts_all_reconciled_ms: Math.round(t.reconciledMs),
      go_all_reconciled_ms: g ? Math.round(g.reconciledMs) : 'n/a',
      ts_cpu_ms_per_obj: fixed(t.cpuMsPerObj),
      go_cpu_ms_per_obj: fixed(g?.cpuMsPerObj),
      ...counterFields('ts', t.counters),
      ...counterFields('go', g?.counters),
      load1_after: fixed(load1, 1),
    });
  }
}
