// The manager's Client against a real kube-apiserver: patches of every kind, server-side apply conflicts,
// the status subresource, delete propagation, label selectors, error classification, and reads served
// from the cache for watched kinds versus `live: true`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  builtin,
  createManager,
  defineResource,
  isAlreadyExists,
  isConflict,
  isNotFound,
  silentLogger,
  type Manager,
} from '../../dist/src/runtime/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';
import { newWidget, widgetCrd, WidgetResource, type Widget } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';
const cached = { cached: 'yes' };

/** rejection resolves to the error a promise rejects with, or fails when it resolves. */
async function rejection(promise: Promise<unknown>, what: string): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error(`${what} succeeded but should have failed`);
    },
    (err: unknown) => err,
  );
}

describe.skipIf(!isBinaryAssets(assets))('client on a real API server', () => {
  let env: TestEnv;
  let mgr: Manager;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const key = (name: string) => ({ namespace, name });

  beforeAll(async () => {
    env = await startTestEnv({ crds: [widgetCrd()] });
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: silentLogger(),
      fieldManager: 'e2e-client',
      // Only labelled Widgets are cached: a read that finds an unlabelled one must have gone to the server.
      cache: { byResource: [{ resource: WidgetResource, labelSelector: 'cached=yes' }] },
    });
    mgr.getCache().getInformer(WidgetResource);
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.elected();
  });

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
  });

  it('merge-patches the spec and JSON-patches with test operations', async () => {
    await mgr.client.create(WidgetResource, newWidget(namespace, 'patchy', { size: 1, message: 'hello' }, cached));
    const merged = await mgr.client.patch(WidgetResource, key('patchy'), {
      type: 'merge',
      data: { spec: { message: 'merged', color: null } },
    });
    expect(merged.spec).toEqual({ size: 1, message: 'merged' });

    const patched = await mgr.client.patch(WidgetResource, key('patchy'), {
      type: 'json',
      ops: [
        { op: 'test', path: '/spec/size', value: 1 },
        { op: 'replace', path: '/spec/size', value: 3 },
        { op: 'add', path: '/metadata/labels/extra', value: 'x' },
      ],
    });
    expect(patched.spec.size).toBe(3);
    expect(patched.metadata?.labels).toEqual({ ...cached, extra: 'x' });

    const failedTest = await rejection(
      mgr.client.patch(WidgetResource, key('patchy'), {
        type: 'json',
        ops: [
          { op: 'test', path: '/spec/size', value: 1 },
          { op: 'remove', path: '/spec/size' },
        ],
      }),
      'a JSON patch whose test fails',
    );
    expect(failedTest).toBeInstanceOf(ApiError);
    expect((failedTest as ApiError).code).toBe(422);
  });

  it('server-side applies with field managers: a conflicting apply is 409 unless forced', async () => {
    const applied = (color: string): Widget => ({
      apiVersion: WidgetResource.apiVersion,
      kind: WidgetResource.kind,
      metadata: { name: 'applied', namespace, labels: cached },
      spec: { color },
    });
    const first = await mgr.client.patch(WidgetResource, key('applied'), {
      type: 'apply',
      data: applied('red'),
      fieldManager: 'painter-a',
    });
    expect(first.spec.color).toBe('red');

    const conflict = await rejection(
      mgr.client.patch(WidgetResource, key('applied'), {
        type: 'apply',
        data: applied('blue'),
        fieldManager: 'painter-b',
      }),
      'an apply of a field owned by another manager',
    );
    expect(isConflict(conflict), String(conflict)).toBe(true);
    expect((conflict as ApiError).message).toContain('painter-a');

    const forced = await mgr.client.patch(WidgetResource, key('applied'), {
      type: 'apply',
      data: applied('blue'),
      fieldManager: 'painter-b',
      force: true,
    });
    expect(forced.spec.color).toBe('blue');
    const managers = (forced.metadata?.managedFields ?? []).map((m) => m.manager);
    expect(managers).toContain('painter-b');

    // The client's own field manager applies when the patch names none.
    const own = await mgr.client.patch(WidgetResource, key('applied'), {
      type: 'apply',
      data: {
        apiVersion: WidgetResource.apiVersion,
        kind: 'Widget',
        metadata: { name: 'applied', namespace },
        spec: { message: 'mine' },
      } as Widget,
    });
    expect((own.metadata?.managedFields ?? []).some((m) => m.manager === 'e2e-client' && m.operation === 'Apply')).toBe(
      true,
    );
  });

  it('patches status through the status subresource without touching spec or generation', async () => {
    const before = await mgr.client.get(WidgetResource, key('patchy'), { live: true });
    const after = await mgr.client
      .status()
      .patch(WidgetResource, key('patchy'), { type: 'merge', data: { status: { note: 'patched', observedSize: 3 } } });
    expect(after.status).toEqual({ note: 'patched', observedSize: 3 });
    expect(after.spec).toEqual(before.spec);
    expect(after.metadata?.generation).toBe(before.metadata?.generation);
    // A spec change sent to the status subresource is ignored.
    const ignored = await mgr.client
      .status()
      .patch(WidgetResource, key('patchy'), { type: 'merge', data: { spec: { size: 99 } } });
    expect(ignored.spec.size).toBe(3);
  });

  it('classifies 404, stale resourceVersion and duplicate create', async () => {
    expect(
      isNotFound(
        await rejection(mgr.client.get(WidgetResource, key('missing'), { live: true }), 'live get of a missing Widget'),
      ),
    ).toBe(true);
    expect(
      isNotFound(await rejection(mgr.client.get(WidgetResource, key('missing')), 'cached get of a missing Widget')),
    ).toBe(true);
    expect(
      isNotFound(await rejection(mgr.client.delete(WidgetResource, key('missing')), 'delete of a missing Widget')),
    ).toBe(true);
    expect(
      isNotFound(await rejection(mgr.client.get(builtin.ConfigMap, key('missing')), 'get of a missing ConfigMap')),
    ).toBe(true);

    const stale = await mgr.client.get(WidgetResource, key('patchy'), { live: true });
    await mgr.client.update(WidgetResource, { ...stale, spec: { ...stale.spec, message: 'first writer' } });
    const conflict = await rejection(
      mgr.client.update(WidgetResource, { ...stale, spec: { ...stale.spec, message: 'second writer' } }),
      'an update with a stale resourceVersion',
    );
    expect(isConflict(conflict), String(conflict)).toBe(true);

    const duplicate = await rejection(
      mgr.client.create(WidgetResource, newWidget(namespace, 'patchy', {})),
      'a duplicate create',
    );
    expect(isAlreadyExists(duplicate), String(duplicate)).toBe(true);
  });

  it('lists with label selectors, live and from the cache', async () => {
    for (const [name, tier] of [
      ['tier-a1', 'a'],
      ['tier-a2', 'a'],
      ['tier-b1', 'b'],
    ] as const) {
      await mgr.client.create(WidgetResource, newWidget(namespace, name, {}, { ...cached, tier }));
    }
    const names = (ws: Widget[]) => ws.map((w) => w.metadata?.name).sort();
    expect(names(await mgr.client.list(WidgetResource, { namespace, labelSelector: 'tier=a', live: true }))).toEqual([
      'tier-a1',
      'tier-a2',
    ]);
    expect(
      names(await mgr.client.list(WidgetResource, { labelSelector: 'tier in (a,b),tier!=a', live: true })),
    ).toEqual(['tier-b1']);
    await waitFor('the cache to hold the three tiered Widgets', async () =>
      (await mgr.client.list(WidgetResource, { namespace, labelSelector: 'tier' })).length === 3 ? true : undefined,
    );
    expect(names(await mgr.client.list(WidgetResource, { namespace, labelSelector: 'tier=a' }))).toEqual([
      'tier-a1',
      'tier-a2',
    ]);
    // The cache must answer every selector the way the API server does (notin and != match unlabelled objects).
    for (const labelSelector of ['tier notin (a)', '!tier', 'tier,tier!=b', 'tier in (b)', 'extra=x', 'tier!=a']) {
      const live = names(await mgr.client.list(WidgetResource, { namespace, labelSelector, live: true }));
      expect(names(await mgr.client.list(WidgetResource, { namespace, labelSelector })), labelSelector).toEqual(live);
    }
    expect(await mgr.client.list(WidgetResource, { namespace: 'kube-system', labelSelector: 'tier' })).toEqual([]);
  });

  it('reads watched kinds from the cache and unwatched or live reads from the server', async () => {
    // Not labelled: the API server has it, the label-selected cache never will.
    await mgr.client.create(WidgetResource, newWidget(namespace, 'uncached', { size: 7 }));
    const live = await mgr.client.get(WidgetResource, key('uncached'), { live: true });
    expect(live.spec.size).toBe(7);
    expect(
      isNotFound(
        await rejection(
          mgr.client.get(WidgetResource, key('uncached')),
          'a cached read of an object outside the cache',
        ),
      ),
    ).toBe(true);
    expect(isNotFound(await rejection(mgr.apiReader.get(WidgetResource, key('missing')), 'apiReader get'))).toBe(true);
    expect((await mgr.apiReader.get(WidgetResource, key('uncached'))).spec.size).toBe(7);
    expect((await mgr.client.list(WidgetResource, { namespace, live: true })).map((w) => w.metadata?.name)).toContain(
      'uncached',
    );
    expect((await mgr.client.list(WidgetResource, { namespace })).map((w) => w.metadata?.name)).not.toContain(
      'uncached',
    );

    // Labelling it brings it into the cache; cached reads are copies the caller may change.
    await mgr.client.patch(WidgetResource, key('uncached'), { type: 'merge', data: { metadata: { labels: cached } } });
    const fromCache = await waitFor('the labelled Widget to enter the cache', () =>
      mgr.client.get(WidgetResource, key('uncached')).catch(() => undefined),
    );
    fromCache.spec.size = 1000;
    expect((await mgr.client.get(WidgetResource, key('uncached'))).spec.size).toBe(7);

    // A kind nobody watches is read live.
    expect(mgr.getCache().hasInformer(builtin.ConfigMap)).toBe(false);
    await mgr.client.create(builtin.ConfigMap, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'plain', namespace },
      data: { a: '1' },
    });
    expect((await mgr.client.get(builtin.ConfigMap, key('plain'))).data).toEqual({ a: '1' });
    expect(mgr.getCache().hasInformer(builtin.ConfigMap)).toBe(false);
  });

  it('deletes with a propagation policy', async () => {
    await mgr.client.create(WidgetResource, newWidget(namespace, 'orphaned', {}));
    await mgr.client.create(WidgetResource, newWidget(namespace, 'foreground', {}));
    // Without a garbage collector in envtest, the policy shows as the finalizer the API server adds.
    await mgr.client.delete(WidgetResource, key('orphaned'), { propagationPolicy: 'Orphan' });
    await mgr.client.delete(WidgetResource, key('foreground'), { propagationPolicy: 'Foreground' });
    const orphaned = await mgr.client.get(WidgetResource, key('orphaned'), { live: true });
    const foreground = await mgr.client.get(WidgetResource, key('foreground'), { live: true });
    expect(orphaned.metadata?.deletionTimestamp).toBeDefined();
    expect(orphaned.metadata?.finalizers).toEqual(['orphan']);
    expect(foreground.metadata?.finalizers).toEqual(['foregroundDeletion']);

    // Background (the default for custom resources) deletes at once.
    await mgr.client.create(WidgetResource, newWidget(namespace, 'background', {}));
    await mgr.client.delete(WidgetResource, key('background'), { propagationPolicy: 'Background' });
    expect(
      isNotFound(
        await rejection(
          mgr.client.get(WidgetResource, key('background'), { live: true }),
          'get after a background delete',
        ),
      ),
    ).toBe(true);

    // Dropping the finalizer lets the API server finish the delete.
    await mgr.client.patch(WidgetResource, key('orphaned'), {
      type: 'merge',
      data: { metadata: { finalizers: null } },
    });
    expect(
      isNotFound(
        await rejection(
          mgr.client.get(WidgetResource, key('orphaned'), { live: true }),
          'get after finalizers were dropped',
        ),
      ),
    ).toBe(true);
  });

  it('fills a cache from a paginated list and keeps it current', async () => {
    await mgr.client.create(builtin.Namespace, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'paged' } });
    const total = 120;
    for (let i = 0; i < total; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          mgr.client.create(builtin.ConfigMap, {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: `cm-${i + j}`, namespace: 'paged', labels: { page: 'yes' } },
          }),
        ),
      );
    }
    // Pages of 50: the first list takes three requests chained by continue tokens.
    const paged = await createManager({
      kubeConfig: env.kubeConfig,
      logger: silentLogger(),
      namespaces: ['paged'],
      reflector: { pageSize: 50 },
    });
    paged.getCache().getInformer(builtin.ConfigMap);
    const pagedStop = new AbortController();
    const pagedRun = paged.start(pagedStop.signal);
    pagedRun.catch(() => undefined);
    try {
      await paged.elected();
      const listed = await paged.client.list(builtin.ConfigMap, { namespace: 'paged', labelSelector: 'page=yes' });
      expect(listed.length).toBe(total);
      expect(new Set(listed.map((c) => c.metadata?.name)).size).toBe(total);
      // The watch resumes from the list's resourceVersion: a change made now reaches the cache.
      await mgr.client.patch(
        builtin.ConfigMap,
        { namespace: 'paged', name: 'cm-7' },
        { type: 'merge', data: { data: { seen: 'yes' } } },
      );
      await waitFor('the cache to see the patched ConfigMap', async () =>
        (await paged.client.get(builtin.ConfigMap, { namespace: 'paged', name: 'cm-7' })).data?.seen === 'yes'
          ? true
          : undefined,
      );
    } finally {
      pagedStop.abort();
      await pagedRun.catch(() => undefined);
    }
  });

  it('fails a manager whose watched kind has no CRD instead of waiting unready forever', async () => {
    const Missing = defineResource({
      group: 'missing.operator-ts.dev',
      version: 'v1',
      kind: 'Missing',
      plural: 'missings',
      namespaced: true,
    });
    const broken = await createManager({
      kubeConfig: env.kubeConfig,
      logger: silentLogger(),
      cacheSyncTimeoutMs: 3000,
    });
    broken.getCache().getInformer(Missing);
    const outcome = await broken.start(new AbortController().signal).then(
      () => new Error('start resolved'),
      (err: unknown) => err as Error,
    );
    expect(outcome.message).toContain('waiting for caches to sync: missings.missing.operator-ts.dev');
    expect(outcome.message).toContain('is its CRD installed?');
  });
});

describe.skipIf(isBinaryAssets(assets))('client on a real API server (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
