// Watches that change while the manager runs, on a real API server: a kind whose CRD is installed after the
// manager started (an optional watch declared up front, and a watch added to a running controller), a watch
// removed again (kube-apiserver then serves no watch of that resource), and namespaces added to and removed
// from a namespace-scoped cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtin,
  createManager,
  defineResource,
  newControllerManagedBy,
  type KubernetesObject,
  type Manager,
  type Request,
} from '../../dist/src/runtime/index.js';
import { kindSource } from '../../dist/src/runtime/controller/index.js';
import {
  directClient,
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type CustomResourceDefinitionObject,
  type TestEnv,
} from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';
import { apiserverWatches } from './fixtures/apiserver-watches.js';
import { captureLogger, newWidget, widgetCrd, WidgetResource } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';
const GROUP = 'e2e.operator-ts.dev';

const GadgetResource = defineResource<KubernetesObject>({
  group: GROUP,
  version: 'v1',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});

function gadgetCrd(): CustomResourceDefinitionObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `gadgets.${GROUP}` },
    spec: {
      group: GROUP,
      names: { kind: 'Gadget', listKind: 'GadgetList', plural: 'gadgets', singular: 'gadget' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        },
      ],
    },
  };
}

describe.skipIf(!isBinaryAssets(assets))('dynamic watches on a real API server', () => {
  let env: TestEnv;
  const running: Array<{ stop: AbortController; done: Promise<void> }> = [];

  beforeAll(async () => {
    env = await startTestEnv();
  }, 120_000);

  afterAll(async () => {
    for (const r of running) r.stop.abort();
    await Promise.all(running.map((r) => r.done.catch(() => undefined)));
    await env?.stop();
  });

  function start(mgr: Manager): { stop: AbortController; done: Promise<void> } {
    const stop = new AbortController();
    const done = mgr.start(stop.signal);
    done.catch(() => undefined);
    const r = { stop, done };
    running.push(r);
    return r;
  }

  it('watches kinds whose CRDs are installed after start, and a removed watch leaves no watch connection', async () => {
    const log = captureLogger('info');
    const mgr = await createManager({ kubeConfig: env.kubeConfig, logger: log.logger });
    const widgets: string[] = [];
    newControllerManagedBy(mgr)
      .named('optional-widgets')
      .watches(WidgetResource, (w) => [{ namespace: w.metadata?.namespace, name: w.metadata?.name ?? '' }], {
        optional: true,
      })
      .complete({ reconcile: async (_ctx, req: Request) => void widgets.push(req.name) });
    const gadgets: string[] = [];
    const configs = newControllerManagedBy(mgr)
      .for(builtin.ConfigMap, {
        predicates: [
          { create: (e) => e.object.metadata?.name === 'dyn-probe', update: () => false, delete: () => false },
        ],
      })
      .named('configs')
      .complete({ reconcile: async (_ctx, req: Request) => void gadgets.push(`configmap/${req.name}`) });
    const run = start(mgr);
    await mgr.elected();
    const client = directClient(env);
    await client.create(builtin.ConfigMap, { metadata: { namespace, name: 'dyn-probe' } });
    await waitFor(
      'the configs controller to run',
      async () => (gadgets.includes('configmap/dyn-probe') ? true : undefined),
      30_000,
    );
    // The Widget CRD is missing: the manager keeps running and says why the watch does not sync.
    await waitFor('a hint that the Widget CRD is missing', async () =>
      log.records.find(
        (r) =>
          r.resource === `widgets.${GROUP}` && typeof r.hint === 'string' && r.hint.includes('is its CRD installed?'),
      ),
    );
    expect(
      log.records.some(
        (r) => r.msg === 'Optional watch started, not waiting for it to sync: its kind may not be served yet',
      ),
    ).toBe(true);

    await env.installCRDs({ crds: [widgetCrd()] });
    await client.create(WidgetResource, newWidget(namespace, 'late-widget', { size: 1 }));
    await waitFor(
      'the optional watch to reconcile a Widget created after its CRD',
      async () => (widgets.includes('late-widget') ? true : undefined),
      60_000,
    );
    expect(log.records.some((r) => r.msg === 'Optional watch synced')).toBe(true);

    // A watch added to the running controller, for a kind installed after start too.
    await env.installCRDs({ crds: [gadgetCrd()] });
    await client.create(GadgetResource, {
      apiVersion: GadgetResource.apiVersion,
      kind: 'Gadget',
      metadata: { namespace, name: 'g1' },
    });
    expect(await apiserverWatches(env, GROUP, 'gadgets')).toBe(0);
    const unwatch = configs.watch(
      kindSource(mgr.getCache(), GadgetResource, {
        create: (e, q) =>
          q.add({ namespace: e.object.metadata?.namespace ?? '', name: `gadget-${e.object.metadata?.name}` }),
      }),
    );
    await waitFor(
      'the added watch to reconcile an existing Gadget',
      async () => (gadgets.includes('configmap/gadget-g1') ? true : undefined),
      30_000,
    );
    await client.create(GadgetResource, {
      apiVersion: GadgetResource.apiVersion,
      kind: 'Gadget',
      metadata: { namespace, name: 'g2' },
    });
    await waitFor(
      'the added watch to reconcile a new Gadget',
      async () => (gadgets.includes('configmap/gadget-g2') ? true : undefined),
      30_000,
    );
    expect(await apiserverWatches(env, GROUP, 'gadgets')).toBe(1);

    await unwatch();
    expect(mgr.getCache().hasInformer(GadgetResource)).toBe(false);
    await waitFor(
      'kube-apiserver to serve no Gadget watch',
      async () => ((await apiserverWatches(env, GROUP, 'gadgets')) === 0 ? true : undefined),
      30_000,
    );
    await client.create(GadgetResource, {
      apiVersion: GadgetResource.apiVersion,
      kind: 'Gadget',
      metadata: { namespace, name: 'g3' },
    });
    // The Widget watch is untouched: a Widget created now still reconciles, and the Gadget created before
    // it never does.
    await client.create(WidgetResource, newWidget(namespace, 'sentinel', { size: 1 }));
    await waitFor('the Widget watch to go on', async () => (widgets.includes('sentinel') ? true : undefined), 30_000);
    expect(gadgets).not.toContain('configmap/gadget-g3');
    expect(await apiserverWatches(env, GROUP, 'widgets')).toBe(1);
    run.stop.abort();
    await run.done;
  }, 240_000);

  it('adds a namespace to a running namespace-scoped cache and removes it again', async () => {
    const client = directClient(env);
    for (const ns of ['tenant-a', 'tenant-b']) await client.create(builtin.Namespace, { metadata: { name: ns } });
    await client.create(builtin.ConfigMap, {
      metadata: { namespace: 'tenant-b', name: 'before-add' },
      data: { k: 'v' },
    });
    const mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: captureLogger('warn').logger,
      namespaces: ['tenant-a'],
    });
    const seen: string[] = [];
    newControllerManagedBy(mgr)
      .for(builtin.ConfigMap)
      .named('tenant-configs')
      .complete({ reconcile: async (_ctx, req: Request) => void seen.push(`${req.namespace}/${req.name}`) });
    const run = start(mgr);
    await mgr.elected();
    await client.create(builtin.ConfigMap, { metadata: { namespace: 'tenant-a', name: 'a1' } });
    await waitFor(
      'a ConfigMap of tenant-a to reconcile',
      async () => (seen.includes('tenant-a/a1') ? true : undefined),
      30_000,
    );
    expect(seen).not.toContain('tenant-b/before-add');

    const cache = mgr.getCache();
    cache.addNamespace?.('tenant-b');
    await waitFor(
      'the existing ConfigMap of the added namespace to reconcile',
      async () => (seen.includes('tenant-b/before-add') ? true : undefined),
      30_000,
    );
    await client.create(builtin.ConfigMap, { metadata: { namespace: 'tenant-b', name: 'after-add' } });
    await waitFor(
      'a new ConfigMap of the added namespace to reconcile',
      async () => (seen.includes('tenant-b/after-add') ? true : undefined),
      30_000,
    );
    // Served from memory now: the cache drops managedFields, a live read carries them.
    const cached = await mgr.client.get(builtin.ConfigMap, { namespace: 'tenant-b', name: 'before-add' });
    expect(cached.metadata?.managedFields).toBeUndefined();

    await cache.removeNamespace?.('tenant-b');
    const live = await mgr.client.get(builtin.ConfigMap, { namespace: 'tenant-b', name: 'before-add' });
    expect(live.metadata?.managedFields).toBeDefined();
    await client.create(builtin.ConfigMap, { metadata: { namespace: 'tenant-b', name: 'after-remove' } });
    await client.create(builtin.ConfigMap, { metadata: { namespace: 'tenant-a', name: 'a2' } });
    await waitFor(
      'tenant-a to go on reconciling',
      async () => (seen.includes('tenant-a/a2') ? true : undefined),
      30_000,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen).not.toContain('tenant-b/after-remove');
    run.stop.abort();
    await run.done;
  }, 180_000);
});

describe.skipIf(isBinaryAssets(assets))('dynamic watches on a real API server (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
