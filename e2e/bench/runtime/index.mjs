// Section "runtime" of `npm run bench`: the operator-ts runtime against controller-runtime on the same
// envtest control plane and the same BenchItem workload (see README.md beside this file). Prints figures,
// ratios and targets; a missed target is reported, never an error.
import { ApiClient } from './api.mjs';
import { benchItemCrd } from './benchitem.mjs';
import { measureHealthCost } from './health-cost.mjs';
import { buildGoController, startOperator } from './operators.mjs';
import { readCpuMs, settledRss } from './process-rss.mjs';
import { deleteAllItems, ensureNamespace, phaseLatency, phaseThroughput, warmUp } from './workload.mjs';
import { measureTracing } from './tracing.mjs';

/** name is the section's name in the bench output. */
export const name = 'runtime';

const WORKERS = 4;
const TARGETS = { throughput: 0.8, rss: 1.5, idleMiB: 80 };

const ratio = (a, b) => (a !== undefined && b !== undefined && b > 0 ? a / b : undefined);
const verdict = (ok) => (ok === undefined ? 'n/a' : ok ? 'met' : 'NOT_MET');
const mib = (v) => (v === undefined ? 'n/a' : Number(v.toFixed(1)));
const num = (v) => (v === undefined || Number.isNaN(v) ? 'n/a' : v);

/** sizes returns the phase-A object counts: 1 000 and 10 000, or BENCH_SIZES (e.g. BENCH_SIZES=1000 for a quick run). */
function sizes() {
  if (process.env.BENCH_SIZES) return process.env.BENCH_SIZES.split(',').map(Number);
  return [1000, 10000];
}

/** measureOperator runs the whole workload against one operator implementation. */
async function measureOperator(kind, env, api, goBin, counts, log) {
  const op = await startOperator(kind, { kubeconfigPath: env.kubeconfigPath, goBin, workers: WORKERS });
  const result = { syncMs: op.syncMs, sizes: {} };
  try {
    await new Promise((r) => setTimeout(r, 2000));
    result.idle = await settledRss(op.pid, 3000);
    log(`${kind}: idle rss ${mib(result.idle.rssMiB)} MiB`);
    for (const [index, count] of counts.entries()) {
      const namespace = `bench-${kind}-${count}`;
      await ensureNamespace(api, namespace);
      await deleteAllItems(api, namespace);
      const cpuBefore = readCpuMs(op.pid);
      const throughput = await phaseThroughput(api, namespace, count);
      throughput.cpuMsPerObj = (readCpuMs(op.pid) - cpuBefore) / count;
      log(
        `${kind}: n=${count} ${throughput.objPerS.toFixed(1)} obj/s (create ${throughput.createMs.toFixed(0)} ms, tail ${throughput.tailMs.toFixed(0)} ms)`,
      );
      const steady = await settledRss(op.pid, 3000);
      const entry = { throughput, steady };
      if (index === 0) {
        const cpuStart = readCpuMs(op.pid);
        entry.latency = await phaseLatency(api, namespace, count, {
          ratePerS: Number(process.env.BENCH_RATE ?? '100'),
        });
        entry.latency.cpuMsPerUpdate = (readCpuMs(op.pid) - cpuStart) / entry.latency.sent;
        log(`${kind}: latency p50 ${entry.latency.p50.toFixed(1)} ms p99 ${entry.latency.p99.toFixed(1)} ms`);
      }
      result.sizes[count] = entry;
      if (!op.alive()) throw new Error(`${kind} operator died:\n${op.stderr()}`);
      // The next size starts from an empty cache, as a fresh operator would see it.
      await deleteAllItems(api, namespace);
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
  log('building the controller-runtime fixture');
  const go = process.env.BENCH_GO === '0' ? { skipped: 'BENCH_GO=0' } : buildGoController();
  if (go.skipped) report('runtime.go', { skipped: go.skipped });
  else log(`go fixture: ${go.version}`);
  const env = await testing.startTestEnv({ crds: [benchItemCrd()], attachControlPlaneOutput: false });
  const api = new ApiClient(env.config);
  const results = {};
  try {
    // A fresh API server is slower on its first writes; warming it up keeps the first operator measured
    // (always the TypeScript one) from paying for that.
    await warmUp(api);
    results.ts = await measureOperator('ts', env, api, undefined, counts, log);
    if (!go.skipped) results.go = await measureOperator('go', env, api, go.bin, counts, log);
    if (process.env.BENCH_HEALTH !== '0') {
      results.health = await measureHealthCost(env, api, log, { count: counts[0] });
    }
    if (process.env.BENCH_TRACING !== '0') await measureTracing(report, env, api, WORKERS, log);
  } finally {
    api.close();
    await env.stop();
  }
  printResults(report, results, counts);
  if (results.health) printHealthCost(report, results.health);
}

/**
 * printHealthCost reports the runtime health metrics' cost, without and with GC durations, each figure
 * against the same operator with them off.
 */
function printHealthCost(report, { off, nogc, gc, count, scrapeMs, runsPerVariant }) {
  for (const [variant, on] of [
    ['without_gc_durations', nogc],
    ['with_gc_durations', gc],
  ]) {
    report('runtime.health_metrics', {
      variant,
      runs_per_variant: runsPerVariant,
      scrape_every_s: scrapeMs / 1000,
      n: count,
      idle_rss_off_mib: mib(off.idleMiB),
      idle_rss_on_mib: mib(on.idleMiB),
      idle_rss_ratio: num(ratio(on.idleMiB, off.idleMiB)),
      idle_cpu_off_ms_per_s: off.idleCpuMsPerS,
      idle_cpu_on_ms_per_s: on.idleCpuMsPerS,
      idle_cpu_ratio: num(ratio(on.idleCpuMsPerS, off.idleCpuMsPerS)),
      cpu_off_ms_per_obj: off.cpuMsPerObj,
      cpu_on_ms_per_obj: on.cpuMsPerObj,
      cpu_ratio: num(ratio(on.cpuMsPerObj, off.cpuMsPerObj)),
      steady_rss_off_mib: mib(off.steadyMiB),
      steady_rss_on_mib: mib(on.steadyMiB),
      steady_rss_ratio: num(ratio(on.steadyMiB, off.steadyMiB)),
      failed_scrapes: off.failedScrapes + on.failedScrapes,
    });
  }
}

function printResults(report, { ts, go }, counts) {
  const tsIdle = ts.idle.rssMiB;
  const goIdle = go?.idle.rssMiB;
  const idleRatio = ratio(tsIdle, goIdle);
  report('runtime.idle_rss', {
    ts_mib: mib(tsIdle),
    go_mib: mib(goIdle),
    ratio: num(idleRatio),
    target: `ts<${TARGETS.idleMiB}MiB`,
    result: verdict(tsIdle === undefined ? undefined : tsIdle < TARGETS.idleMiB),
    ts_sync_ms: Math.round(ts.syncMs),
    go_sync_ms: go ? Math.round(go.syncMs) : 'n/a',
  });
  for (const count of counts) {
    const t = ts.sizes[count];
    const g = go?.sizes[count];
    const tr = ratio(t.throughput.objPerS, g?.throughput.objPerS);
    report('runtime.throughput', {
      n: count,
      ts_obj_per_s: t.throughput.objPerS,
      go_obj_per_s: num(g?.throughput.objPerS),
      ratio: num(tr),
      target: `>=${TARGETS.throughput}x`,
      result: verdict(tr === undefined ? undefined : tr >= TARGETS.throughput),
      ts_cpu_ms_per_obj: t.throughput.cpuMsPerObj,
      go_cpu_ms_per_obj: num(g?.throughput.cpuMsPerObj),
      cpu_ratio: num(ratio(t.throughput.cpuMsPerObj, g?.throughput.cpuMsPerObj)),
      ts_create_ms: Math.round(t.throughput.createMs),
      go_create_ms: g ? Math.round(g.throughput.createMs) : 'n/a',
      ts_tail_ms: Math.round(t.throughput.tailMs),
      go_tail_ms: g ? Math.round(g.throughput.tailMs) : 'n/a',
    });
    const rr = ratio(t.steady.rssMiB, g?.steady.rssMiB);
    report('runtime.steady_rss', {
      n: count,
      ts_mib: mib(t.steady.rssMiB),
      go_mib: mib(g?.steady.rssMiB),
      ratio: num(rr),
      target: `<=${TARGETS.rss}x`,
      result: verdict(rr === undefined ? undefined : rr <= TARGETS.rss),
      ts_peak_mib: mib(t.steady.hwmMiB),
      go_peak_mib: mib(g?.steady.hwmMiB),
    });
    if (t.latency) {
      const gl = g?.latency;
      report('runtime.latency', {
        n: count,
        rate_per_s: Number(t.latency.achievedRate.toFixed(1)),
        ts_p50_ms: t.latency.p50,
        ts_p99_ms: t.latency.p99,
        go_p50_ms: num(gl?.p50),
        go_p99_ms: num(gl?.p99),
        ratio_p50: num(ratio(t.latency.p50, gl?.p50)),
        ratio_p99: num(ratio(t.latency.p99, gl?.p99)),
        ts_cpu_ms_per_update: t.latency.cpuMsPerUpdate,
        go_cpu_ms_per_update: num(gl?.cpuMsPerUpdate),
        ts_unresolved: t.latency.unresolved + t.latency.failed,
        go_unresolved: gl ? gl.unresolved + gl.failed : 'n/a',
      });
    }
  }
}
