// The large-cache phase (BENCH_CACHE_SIZES, e.g. 50000): memory with N cached objects that are already
// reconciled. Creating N objects through each operator costs two API writes per object and, on a loaded
// 2-core machine, most of an hour at 50 000; here the driver creates them once, sets their status as a
// reconcile would, and each operator then starts on them (its first list) and reconciles every one without
// writing. The figures: list-and-sync time, time until every object was reconciled, CPU, and steady RSS.
import { runPool } from './api.mjs';
import { GROUP, VERSION } from './benchitem.mjs';
import { readCounters, readHeap } from './metrics.mjs';
import { startOperator } from './operators.mjs';
import { readCpuMs, settledRss } from './process-rss.mjs';
import { createItems, ensureNamespace, itemName } from './workload.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** reconciledStatus is the status both operators write for spec.value 1. */
function reconciledStatus() {
  const condition = {
    type: 'Ready',
    status: 'True',
    reason: 'Observed',
    message: 'status.observedValue matches spec.value',
    observedGeneration: 1,
    lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  return { status: { observedValue: 1, conditions: [condition] } };
}

/**
 * prepareReconciledItems creates `count` BenchItems in `namespace` and patches their status to what a
 * reconcile writes, so that an operator starting on them has nothing to write.
 */
export async function prepareReconciledItems(api, namespace, count, log) {
  await ensureNamespace(api, namespace);
  const start = performance.now();
  await createItems(api, namespace, count, 32);
  log(`cache n=${count}: created in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  const status = reconciledStatus();
  let patched = 0;
  await runPool(count, 32, async (i) => {
    const path = `/apis/${GROUP}/${VERSION}/namespaces/${namespace}/benchitems/${itemName(i)}/status`;
    for (let attempt = 1; ; attempt++) {
      try {
        await api.request('PATCH', path, status, 'application/merge-patch+json');
        break;
      } catch (err) {
        if (attempt >= 5) throw err;
        await sleep(1000);
      }
    }
    if (++patched % 10_000 === 0) log(`cache n=${count}: ${patched} statuses set`);
  });
  log(`cache n=${count}: ready after ${((performance.now() - start) / 1000).toFixed(0)} s`);
}

/**
 * measureLargeCache starts one operator on `count` already reconciled objects and resolves with its sync
 * time and the time until it reconciled all of them (both from its start), its CPU time per object, its
 * steady RSS and heap, and its counters (no write is expected: every reconcile finds status up to date).
 */
export async function measureLargeCache(kind, { env, goBin, workers, managedFields, count, metricsPort, log }) {
  const spawnedAt = performance.now();
  const op = await startOperator(kind, {
    kubeconfigPath: env.kubeconfigPath,
    goBin,
    workers,
    metricsPort,
    managedFields,
    syncTimeoutMs: 120_000 + count * 10,
  });
  try {
    // A fresh process: its counters start at zero, and its first-list reconciles may be done before it
    // printed "synced". Every object is reconciled once; wait for `count` reconciles, then a quiet second.
    let counters;
    const end = Date.now() + 600_000 + count * 60;
    while (Date.now() < end) {
      const next = await readCounters(metricsPort);
      const done = next !== undefined && next.reconciles >= count && next.reconciles === counters?.reconciles;
      if (next !== undefined) counters = next;
      if (done) break;
      await sleep(1000);
    }
    // The last poll found nothing new: the operator was done a second earlier.
    const reconciledMs = performance.now() - spawnedAt - 1000;
    if ((counters?.reconciles ?? 0) < count)
      throw new Error(`${kind} reconciled ${counters?.reconciles}/${count} cached objects`);
    const cpuMs = readCpuMs(op.pid);
    const steady = { ...(await settledRss(op.pid, 3000)), heap: await readHeap(metricsPort) };
    log(
      `${kind}: cache n=${count} synced in ${op.syncMs.toFixed(0)} ms, all reconciled ${reconciledMs.toFixed(0)} ms after start, steady rss ${steady.rssMiB?.toFixed(1)} MiB`,
    );
    if (!op.alive()) throw new Error(`${kind} operator died:\n${op.stderr()}`);
    return { syncMs: op.syncMs, reconciledMs, cpuMsPerObj: cpuMs / count, steady, counters };
  } finally {
    await op.stop();
  }
}
