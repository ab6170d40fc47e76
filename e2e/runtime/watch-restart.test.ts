// Cutting the watch: kube-apiserver is stopped and started again (same port and etcd) under a running
// Manager. Every update made right after the restart, while the reflectors are still reconnecting, must
// reach the reconciler: it ends up observing the latest spec of every object, deletes included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManager,
  ignoreNotFound,
  newControllerManagedBy,
  type Manager,
  type ReconcileContext,
  type Request,
} from '../../dist/src/runtime/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';
import { captureLogger, newWidget, widgetCrd, WidgetResource } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';
const COUNT = 12;
const names = Array.from({ length: COUNT }, (_, i) => `w${String(i).padStart(2, '0')}`);

describe.skipIf(!isBinaryAssets(assets))('watches survive an API server restart', () => {
  let env: TestEnv;
  let mgr: Manager;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  let managerEnded: unknown;
  const logs = captureLogger('info');
  /** What the reconciler last saw of each Widget: its spec.message, or 'deleted'. */
  const observed = new Map<string, string>();

  beforeAll(async () => {
    // Like an API server upgrade: on SIGTERM the server closes open watches (instead of holding its shutdown
    // until they end), so clients see their watches cut and reconnect.
    env = await startTestEnv({
      crds: [widgetCrd()],
      apiServerFlags: { 'shutdown-watch-termination-grace-period': '2s' },
    });
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: logs.logger,
      gracefulShutdownTimeoutMs: 10_000,
      // The default 30 s backoff cap (like client-go) makes a second outage within two minutes take up to
      // 30 s more to recover from; a lower cap keeps this test short without changing what it proves.
      reflector: { backoff: { maxMs: 4000 } },
    });
    newControllerManagedBy(mgr)
      .for(WidgetResource)
      .withOptions({ maxConcurrentReconciles: 2 })
      .complete({
        reconcile: async (_ctx: ReconcileContext, req: Request) => {
          const w = await ignoreNotFound(mgr.client.get(WidgetResource, req));
          observed.set(req.name, w === undefined ? 'deleted' : (w.spec.message ?? ''));
        },
      });
    running = mgr.start(stop.signal);
    running.then(
      () => (managerEnded = 'resolved'),
      (err: unknown) => (managerEnded = err),
    );
    await mgr.elected();
    for (const name of names) await mgr.client.create(WidgetResource, newWidget(namespace, name, { message: 'v0' }));
    await waitFor('the reconciler to see every Widget at v0', async () =>
      names.every((n) => observed.get(n) === 'v0') ? true : undefined,
    );
  });

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
  });

  it('reconciles every update made across the restart, losing none', async () => {
    const expected = new Map(names.map((n) => [n, 'v0']));
    await env.restartAPIServer({ downtimeMs: 3000 });

    // Right after the restart the reflectors are still backing off: these changes happen while no watch is open.
    const client = mgr.apiReader;
    for (const name of names) {
      await client.patch(WidgetResource, { namespace, name }, { type: 'merge', data: { spec: { message: 'v1' } } });
      expected.set(name, 'v1');
    }
    for (const name of names.slice(0, COUNT / 2)) {
      await client.patch(WidgetResource, { namespace, name }, { type: 'merge', data: { spec: { message: 'v2' } } });
      expected.set(name, 'v2');
    }
    await client.delete(WidgetResource, { namespace, name: 'w11' });
    expected.set('w11', 'deleted');
    await client.create(WidgetResource, newWidget(namespace, 'late', { message: 'new' }));
    expected.set('late', 'new');

    const pending = () =>
      [...expected]
        .filter(([n, v]) => observed.get(n) !== v)
        .map(([n, v]) => `${n}: want ${v}, saw ${observed.get(n) ?? 'nothing'}`);
    await waitFor(
      'the reconciler to observe the latest spec of every Widget',
      async () => (pending().length === 0 ? true : undefined),
      120_000,
      500,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${pending().join('\n')}\nlast log records:\n${logs.tail()}`);
    });
    expect(managerEnded, 'the manager must keep running').toBeUndefined();
  });

  it('recovers from an API server crash (SIGKILL) the same way', async () => {
    await env.restartAPIServer({ graceful: false });
    const live = names.filter((n) => n !== 'w11');
    for (const name of live) {
      await mgr.apiReader.patch(
        WidgetResource,
        { namespace, name },
        { type: 'merge', data: { spec: { message: 'after-crash' } } },
      );
    }
    const pending = () => live.filter((n) => observed.get(n) !== 'after-crash');
    await waitFor(
      'the reconciler to observe every update made after the crash',
      async () => (pending().length === 0 ? true : undefined),
      120_000,
      500,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\nstill pending: ${pending().join(', ')}\nlast log records:\n${logs.tail()}`);
    });
    expect(managerEnded, 'the manager must keep running').toBeUndefined();
  });

  it('keeps working after recovery and logged the reflector restart', async () => {
    await mgr.apiReader.patch(
      WidgetResource,
      { namespace, name: 'w00' },
      { type: 'merge', data: { spec: { message: 'after' } } },
    );
    await waitFor(
      'the reconciler to observe an update made after recovery',
      async () => (observed.get('w00') === 'after' ? true : undefined),
      60_000,
    );
    const restarts = logs.records.filter(
      (r) =>
        /^reflector (restarting watch|relisting)$/.test(String(r.msg)) && r.resource === 'widgets.e2e.operator-ts.dev',
    );
    expect(restarts.length, logs.tail()).toBeGreaterThan(0);
    expect(managerEnded).toBeUndefined();
  });
});

describe.skipIf(isBinaryAssets(assets))('watches survive an API server restart (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
