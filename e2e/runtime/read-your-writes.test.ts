// Read-your-writes on a real API server: a reconciler bumps spec.size with an update and asks to run again
// 1 ms later, long before the watch event of its own update can have reached the cache. Every reconcile
// must see the object at least as new as the controller's last write: none sees the pre-update object, and
// so no update ever conflicts on a stale resourceVersion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManager,
  isConflict,
  newControllerManagedBy,
  Result,
  type Manager,
  type ReconcileContext,
  type Request,
} from '../../dist/src/runtime/index.js';
import { registry } from '../../dist/src/runtime/metrics/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';
import { captureLogger, newWidget, widgetCrd, WidgetResource } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';
const COUNT = 8;
const TARGET = 12;
const names = Array.from({ length: COUNT }, (_, i) => `ryw-${i}`);
const CONTROLLER = 'ryw-widgets';

describe.skipIf(!isBinaryAssets(assets))('read-your-writes', () => {
  let env: TestEnv;
  let mgr: Manager;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const logs = captureLogger('info');
  const lastWritten = new Map<string, bigint>();
  const stale: string[] = [];
  let conflicts = 0;
  let updates = 0;

  beforeAll(async () => {
    env = await startTestEnv({ crds: [widgetCrd()] });
    mgr = await createManager({ kubeConfig: env.kubeConfig, logger: logs.logger });
    newControllerManagedBy(mgr)
      .for(WidgetResource)
      .named(CONTROLLER)
      .withOptions({ maxConcurrentReconciles: 4 })
      .complete({
        reconcile: async (_ctx: ReconcileContext, req: Request) => {
          const w = await mgr.client.get(WidgetResource, req);
          const seen = BigInt(w.metadata?.resourceVersion ?? '0');
          const written = lastWritten.get(req.name);
          if (written !== undefined && seen < written) stale.push(`${req.name}: saw ${seen}, wrote ${written}`);
          const size = w.spec.size ?? 0;
          if (size >= TARGET) return undefined;
          try {
            const updated = await mgr.client.update(WidgetResource, { ...w, spec: { ...w.spec, size: size + 1 } });
            updates++;
            lastWritten.set(req.name, BigInt(updated.metadata?.resourceVersion ?? '0'));
          } catch (err) {
            if (isConflict(err)) conflicts++;
            throw err;
          }
          return Result.requeueAfter(1);
        },
      });
    running = mgr.start(stop.signal);
    await mgr.elected();
  });

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
  });

  it('never hands a reconcile the object as it was before the controller’s own update', async () => {
    for (const name of names) await mgr.apiReader.create(WidgetResource, newWidget(namespace, name, { size: 0 }));
    await waitFor(
      'every Widget to reach the target size',
      async () => {
        const widgets = await mgr.apiReader.list(WidgetResource, { namespace });
        return widgets.filter((w) => names.includes(w.metadata?.name ?? '')).every((w) => w.spec.size === TARGET)
          ? true
          : undefined;
      },
      60_000,
      100,
    );
    expect(stale).toEqual([]);
    expect(conflicts).toBe(0);
    expect(updates).toBe(COUNT * TARGET);
    // The 1 ms requeues did come before the cache had the update: the controller held them.
    const skipped =
      (await registry.getSingleMetric('controller_runtime_reconcile_stale_skipped_total')?.get())?.values.find(
        (v) => v.labels.controller === CONTROLLER,
      )?.value ?? 0;
    expect(skipped, logs.tail()).toBeGreaterThan(0);
  });
});

describe.skipIf(isBinaryAssets(assets))('read-your-writes (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
