// The operator-ts side of the runtime benchmark, run as its own process (so its RSS can be read) with
// KUBECONFIG pointing at the benchmark's envtest: it reconciles BenchItem objects the same way as
// e2e/bench/go-controller/main.go. Prints "synced" once the BenchItem cache has synced.
// BENCH_METRICS_ADDRESS serves plain-HTTP metrics (its port printed as "metrics-port=<n>" before "synced"; "0",
// the default, serves none), BENCH_RUNTIME_METRICS=false leaves the runtime health metrics out (nogc and gc:
// without or with GC durations), BENCH_MANAGED_FIELDS=keep keeps managedFields in the cache. Started with an
// IPC channel and --expose-gc (the leak soak), it answers each "sample" message with its memory after a full
// collection.
import {
  createManager,
  defineResource,
  isConflict,
  isNotFound,
  newControllerManagedBy,
  newLogger,
  setStatusCondition,
  setupSignalHandler,
} from '../../../dist/src/runtime/index.js';
import { getOrCreateCounter, getOrCreateGauge } from '../../../dist/src/runtime/metrics/index.js';
import { GROUP, KIND, PLURAL, VERSION } from './benchitem.mjs';

const workers = Number(process.env.BENCH_WORKERS ?? '4');
const BenchItem = defineResource({ group: GROUP, version: VERSION, kind: KIND, plural: PLURAL, namespaced: true });
// Status updates the API server refused with 409 Conflict (the reconcile read an object older than the
// server's); the driver scrapes it, like the Go fixture's counter of the same name.
const updateConflicts = getOrCreateCounter({
  name: 'bench_status_update_conflicts_total',
  help: 'Status updates refused with 409 Conflict',
});
// The V8 heap, so that the driver can tell live JavaScript objects from the rest of the resident memory
// (controller-runtime exports go_memstats_heap_alloc_bytes for the same purpose).
getOrCreateGauge({
  name: 'bench_heap_used_bytes',
  help: 'V8 heap used (live objects and garbage not yet collected)',
  collect() {
    this.set(process.memoryUsage().heapUsed);
  },
});
getOrCreateGauge({
  name: 'bench_heap_total_bytes',
  help: 'V8 heap committed',
  collect() {
    this.set(process.memoryUsage().heapTotal);
  },
});

const mgr = await createManager({
  metricsBindAddress: process.env.BENCH_METRICS_ADDRESS ?? '0',
  secureMetrics: false,
  runtimeMetrics: runtimeMetrics(process.env.BENCH_RUNTIME_METRICS),
  // managedFields are dropped from the cache by default; BENCH_MANAGED_FIELDS=keep keeps them (as the Go
  // fixture does without --strip-managed-fields).
  cache:
    process.env.BENCH_MANAGED_FIELDS === 'keep'
      ? { byResource: [{ resource: BenchItem, keepManagedFields: true }] }
      : undefined,
  healthProbeBindAddress: '0',
  logger: newLogger({ level: 'error' }),
  fieldManager: 'bench-operator',
});

newControllerManagedBy(mgr)
  .for(BenchItem)
  .named('benchitem')
  .withOptions({ maxConcurrentReconciles: workers })
  .complete({
    async reconcile(_ctx, req) {
      let obj;
      try {
        obj = await mgr.client.get(BenchItem, req);
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      const want = obj.spec?.value;
      if (obj.status?.observedValue === want) return;
      obj.status = { ...obj.status, observedValue: want };
      obj.status.conditions ??= [];
      setStatusCondition(obj.status.conditions, {
        type: 'Ready',
        status: 'True',
        reason: 'Observed',
        message: 'status.observedValue matches spec.value',
        observedGeneration: obj.metadata?.generation,
      });
      try {
        await mgr.client.status().update(BenchItem, obj);
      } catch (err) {
        if (isConflict(err)) updateConflicts.inc();
        throw err;
      }
    },
  });

const signal = setupSignalHandler();
const started = mgr.start(signal);
const informer = mgr.getCache().getInformer(BenchItem);
while (!informer.hasSynced() && !signal.aborted) await new Promise((r) => setTimeout(r, 50));
if (mgr.metricsServer !== undefined) {
  await mgr.metricsServer.ready();
  process.stdout.write(`metrics-port=${mgr.metricsServer.port}\n`);
}
if (process.send !== undefined && typeof globalThis.gc === 'function') process.on('message', answerSample);
process.stdout.write('synced\n');
await started;
// An open IPC channel with a listener would keep the process alive after the manager stopped.
if (process.connected) process.disconnect();

/**
 * answerSample collects garbage (twice, with a turn of the event loop between, so that finalizers queued by
 * the first collection have run) and reports heap, RSS and the resources keeping the event loop alive.
 */
async function answerSample(message) {
  if (message !== 'sample') return;
  globalThis.gc();
  await new Promise((r) => setImmediate(r));
  globalThis.gc();
  const memory = process.memoryUsage();
  const resources = process.getActiveResourcesInfo();
  const byType = countTypes(resources);
  process.send({ heapUsed: memory.heapUsed, rss: memory.rss, handles: resources.length, byType });
}

/** runtimeMetrics reads BENCH_RUNTIME_METRICS: false (off), nogc or gc (on without or with GC durations). */
function runtimeMetrics(value) {
  if (value === 'false') return false;
  if (value === 'nogc' || value === 'gc') return { gcDurations: value === 'gc' };
  return true;
}

function countTypes(types) {
  const counts = {};
  for (const type of types) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}
