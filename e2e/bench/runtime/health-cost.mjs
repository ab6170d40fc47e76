// Part of the runtime section: what the runtime health metrics (event-loop lag and GC histograms, heap,
// handles, process CPU and memory) cost an operator. The benchmark operator serves metrics over plain HTTP
// and is scraped every 5 s (a busy Prometheus) with the runtime metrics off, on without GC durations, on
// with them, then in the reverse order (so that drift of the shared machine cancels out); each run measures
// idle RSS, idle CPU per second and CPU per reconciled object while creating N objects. The figures are
// means per variant.
import http from 'node:http';
import { startOperator } from './operators.mjs';
import { readCpuMs, settledRss } from './process-rss.mjs';
import { deleteAllItems, ensureNamespace, phaseThroughput } from './workload.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ratio = (a, b) => (a !== undefined && b !== undefined && b > 0 ? a / b : undefined);
const fixed = (v, digits = 2) => (v === undefined || Number.isNaN(v) ? 'n/a' : Number(v.toFixed(digits)));

/** scrape GETs /metrics once and resolves with the HTTP status (0 when the request failed). */
export function scrape(port) {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/metrics' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', () => resolve(0));
  });
}

/** VARIANTS are the values of BENCH_RUNTIME_METRICS measured: off, on without GC durations, on with them. */
const VARIANTS = ['false', 'nogc', 'gc'];

/** measureRun starts one operator with one variant of the runtime metrics and measures it. */
async function measureRun(variant, index, { env, api, count, idleMs, scrapeMs }) {
  const extra = { BENCH_RUNTIME_METRICS: variant };
  const op = await startOperator('ts', { kubeconfigPath: env.kubeconfigPath, workers: 4, metricsPort: 0, env: extra });
  const statuses = [];
  const scraper = setInterval(() => void scrape(op.metricsPort).then((s) => statuses.push(s)), scrapeMs);
  try {
    await sleep(2000);
    const idle = await settledRss(op.pid, 3000);
    const cpuIdle = readCpuMs(op.pid);
    await sleep(idleMs);
    const idleCpuMsPerS = (readCpuMs(op.pid) - cpuIdle) / (idleMs / 1000);
    const namespace = `bench-health-${index}`;
    await ensureNamespace(api, namespace);
    await deleteAllItems(api, namespace);
    const cpuBefore = readCpuMs(op.pid);
    await phaseThroughput(api, namespace, count);
    const cpuMsPerObj = (readCpuMs(op.pid) - cpuBefore) / count;
    const steady = await settledRss(op.pid, 3000);
    await deleteAllItems(api, namespace);
    const failedScrapes = statuses.filter((s) => s !== 200).length;
    const scrapes = statuses.length;
    return { idleMiB: idle.rssMiB, idleCpuMsPerS, cpuMsPerObj, steadyMiB: steady.rssMiB, scrapes, failedScrapes };
  } finally {
    clearInterval(scraper);
    await op.stop();
  }
}

/**
 * measureHealthCost runs the operator twice per variant and round (off, nogc, gc, gc, nogc, off) and returns
 * the mean of each figure per variant.
 */
export async function measureHealthCost(env, api, log, options = {}) {
  const { count = 1000, idleMs = 30_000, scrapeMs = 5000, rounds = 1 } = options;
  const runs = Object.fromEntries(VARIANTS.map((v) => [v, []]));
  let index = 0;
  for (let r = 0; r < rounds; r++) {
    for (const variant of [...VARIANTS, ...[...VARIANTS].reverse()]) {
      const result = await measureRun(variant, index++, { env, api, count, idleMs, scrapeMs });
      runs[variant].push(result);
      const cpu = `idle cpu ${result.idleCpuMsPerS.toFixed(2)} ms/s, ${result.cpuMsPerObj.toFixed(2)} ms/obj`;
      log(`runtime metrics ${variant}: idle ${result.idleMiB?.toFixed(1)} MiB, ${cpu}`);
    }
  }
  const mean = (list, key) => list.reduce((a, x) => a + (x[key] ?? Number.NaN), 0) / list.length;
  const figures = (list) => ({
    idleMiB: mean(list, 'idleMiB'),
    idleCpuMsPerS: mean(list, 'idleCpuMsPerS'),
    cpuMsPerObj: mean(list, 'cpuMsPerObj'),
    steadyMiB: mean(list, 'steadyMiB'),
    failedScrapes: list.reduce((a, x) => a + x.failedScrapes, 0),
  });
  const runsPerVariant = runs['gc'].length;
  const [off, nogc, gc] = VARIANTS.map((v) => figures(runs[v]));
  return { off, nogc, gc, count, scrapeMs, runsPerVariant };
}

/**
 * printHealthCost reports the runtime health metrics' cost, without and with GC durations, each figure
 * against the same operator with them off.
 */
export function printHealthCost(report, { off, nogc, gc, count, scrapeMs, runsPerVariant }) {
  for (const [variant, on] of [
    ['without_gc_durations', nogc],
    ['with_gc_durations', gc],
  ]) {
    report('runtime.health_metrics', {
      variant,
      runs_per_variant: runsPerVariant,
      scrape_every_s: scrapeMs / 1000,
      n: count,
      idle_rss_off_mib: fixed(off.idleMiB, 1),
      idle_rss_on_mib: fixed(on.idleMiB, 1),
      idle_rss_ratio: fixed(ratio(on.idleMiB, off.idleMiB)),
      idle_cpu_off_ms_per_s: fixed(off.idleCpuMsPerS),
      idle_cpu_on_ms_per_s: fixed(on.idleCpuMsPerS),
      idle_cpu_ratio: fixed(ratio(on.idleCpuMsPerS, off.idleCpuMsPerS)),
      cpu_off_ms_per_obj: fixed(off.cpuMsPerObj),
      cpu_on_ms_per_obj: fixed(on.cpuMsPerObj),
      cpu_ratio: fixed(ratio(on.cpuMsPerObj, off.cpuMsPerObj)),
      steady_rss_off_mib: fixed(off.steadyMiB, 1),
      steady_rss_on_mib: fixed(on.steadyMiB, 1),
      steady_rss_ratio: fixed(ratio(on.steadyMiB, off.steadyMiB)),
      failed_scrapes: off.failedScrapes + on.failedScrapes,
    });
  }
}
