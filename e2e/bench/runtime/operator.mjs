// The operator-ts side of the runtime benchmark, run as its own process (so its RSS can be read) with
// KUBECONFIG pointing at the benchmark's envtest: it reconciles BenchItem objects the same way as
// e2e/bench/go-controller/main.go. Prints "synced" once the BenchItem cache has synced.
import { createManager, defineResource, isNotFound, newControllerManagedBy, newLogger, setStatusCondition, setupSignalHandler } from '../../../dist/src/runtime/index.js';
import { GROUP, KIND, PLURAL, VERSION } from './benchitem.mjs';

const workers = Number(process.env.BENCH_WORKERS ?? '4');
const BenchItem = defineResource({ group: GROUP, version: VERSION, kind: KIND, plural: PLURAL, namespaced: true });

const mgr = await createManager({
  metricsBindAddress: '0',
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
      await mgr.client.status().update(BenchItem, obj);
    },
  });

const signal = setupSignalHandler();
const started = mgr.start(signal);
const informer = mgr.getCache().getInformer(BenchItem);
while (!informer.hasSynced() && !signal.aborted) await new Promise((r) => setTimeout(r, 50));
process.stdout.write('synced\n');
await started;
