import { pino, type Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Runnable } from '../runnable.js';
import type { Request } from '../reconcile/reconcile.js';
import type { PartialObjectMetadata } from '../metadata.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { enqueueRequestForObject } from '../handler/enqueue-object.js';
import { FakeCache } from '../fake/cache.js';
import { newControllerManagedBy, type ControllerManager } from './builder.js';
import { Controller } from './controller.js';
import { kindSource } from './source.js';

const Widget = defineResource<KubernetesObject>({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const Gadget = defineResource<KubernetesObject>({
  group: 'example.com',
  version: 'v1',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});
const ConfigMap = defineResource<KubernetesObject & { data?: Record<string, string> }>({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

function captureLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    logger: pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) }),
  };
}

const stops: AbortController[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s.abort();
});
function start(r: Runnable): Promise<void> {
  const stop = new AbortController();
  stops.push(stop);
  return r.start(stop.signal);
}

describe('Controller.watch while running', () => {
  it('delivers the events of a watch added after start; removing it stops them and releases its informer', async () => {
    const cache = new FakeCache();
    const seen: string[] = [];
    const { logger, lines } = captureLogger();
    const controller = new Controller({
      name: 'dynamic-watch',
      logger,
      reconciler: { reconcile: async (_ctx, req: Request) => void seen.push(req.name) },
    });
    controller.watch(kindSource(cache, Widget, enqueueRequestForObject()));
    const done = start(controller);
    cache.informer(Widget).set({ metadata: { namespace: 'ns', name: 'w1' } });
    await vi.waitFor(() => expect(seen).toEqual(['w1']));

    cache.informer(Gadget).set({ metadata: { namespace: 'ns', name: 'g-before' } });
    const unwatch = controller.watch(kindSource(cache, Gadget, enqueueRequestForObject()));
    expect(cache.references(Gadget)).toBe(1);
    // The objects the informer holds already arrive as adds, and so do later ones.
    await vi.waitFor(() => expect(seen).toContain('g-before'));
    cache.informer(Gadget).set({ metadata: { namespace: 'ns', name: 'g-after' } });
    await vi.waitFor(() => expect(seen).toContain('g-after'));

    await unwatch();
    expect(cache.references(Gadget)).toBe(0);
    expect(cache.informer(Gadget).handlerCount()).toBe(0);
    cache.informer(Gadget).set({ metadata: { namespace: 'ns', name: 'g-ignored' } });
    cache.informer(Widget).set({ metadata: { namespace: 'ns', name: 'w2' } });
    await vi.waitFor(() => expect(seen).toContain('w2'));
    expect(seen).not.toContain('g-ignored');
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['Starting EventSource', 'Stopping EventSource']));
    stops.at(-1)?.abort();
    await done;
  });

  it('starts without waiting for an unsynced optional source, and delivers its events once it syncs', async () => {
    const cache = new FakeCache({ synced: false });
    cache.informer(Widget).markSynced();
    const seen: string[] = [];
    const { logger, lines } = captureLogger();
    const controller = new Controller({
      name: 'optional-watch',
      logger,
      cacheSyncTimeoutMs: 50,
      reconciler: { reconcile: async (_ctx, req: Request) => void seen.push(req.name) },
    });
    controller.watch(kindSource(cache, Widget, enqueueRequestForObject()));
    const optional = kindSource(cache, Gadget, enqueueRequestForObject(), [], { optional: true });
    // An optional source takes its informer only when it starts: the cache does not wait for it before.
    expect(cache.hasInformer(Gadget)).toBe(false);
    controller.watch(optional);
    const done = start(controller);
    cache.informer(Widget).set({ metadata: { namespace: 'ns', name: 'w1' } });
    await vi.waitFor(() => expect(seen).toEqual(['w1']));
    // Well past cacheSyncTimeoutMs: a required source would have failed the controller by now.
    await new Promise((r) => setTimeout(r, 100));
    expect(
      lines.find((l) => l.msg === 'Optional watch started, not waiting for it to sync: its kind may not be served yet'),
    ).toBeDefined();
    cache.informer(Gadget).markSynced();
    cache.informer(Gadget).set({ metadata: { namespace: 'ns', name: 'g1' } });
    await vi.waitFor(() => expect(seen).toContain('g1'));
    await vi.waitFor(() => expect(lines.some((l) => l.msg === 'Optional watch synced')).toBe(true));
    stops.at(-1)?.abort();
    await done;
  });
});

describe('builder watch options', () => {
  function fakeManager(): ControllerManager & { cache: FakeCache; runnables: Runnable[] } {
    const cache = new FakeCache();
    const runnables: Runnable[] = [];
    return {
      cache,
      runnables,
      getCache: () => cache,
      add: (r) => runnables.push(r),
      logger: pino({ level: 'silent' }),
    };
  }

  it('watches owned objects on the metadata informer, handing predicates PartialObjectMetadata', async () => {
    const mgr = fakeManager();
    const seen: Request[] = [];
    const kinds: string[] = [];
    const c = newControllerManagedBy(mgr)
      .for(Widget)
      .owns(ConfigMap, {
        metadataOnly: true,
        predicates: [{ create: (e: { object: PartialObjectMetadata }) => (kinds.push(e.object.kind), true) }],
      })
      .watches(
        Gadget,
        (meta: PartialObjectMetadata) => [{ namespace: meta.metadata.namespace, name: `from-${meta.metadata.name}` }],
        { metadataOnly: true },
      )
      .complete({ reconcile: async (_ctx, req) => void seen.push(req) });
    expect(mgr.cache.hasInformer(ConfigMap, { metadataOnly: true })).toBe(true);
    expect(mgr.cache.hasInformer(ConfigMap)).toBe(false);
    expect(mgr.cache.references(Gadget, { metadataOnly: true })).toBe(1);
    const done = start(c);
    mgr.cache.informer(ConfigMap, { metadataOnly: true }).set({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        namespace: 'ns',
        name: 'cm',
        ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'owner', uid: 'u', controller: true }],
      },
    });
    mgr.cache
      .informer(Gadget, { metadataOnly: true })
      .set({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { namespace: 'ns', name: 'g' } });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual(
      expect.arrayContaining([
        { namespace: 'ns', name: 'owner' },
        { namespace: 'ns', name: 'from-g' },
      ]),
    );
    expect(kinds).toEqual(['ConfigMap']);
    stops.at(-1)?.abort();
    await done;
  });

  it('takes the informer of an optional watch only when the controller starts', async () => {
    const mgr = fakeManager();
    const c = newControllerManagedBy(mgr)
      .for(Widget)
      .watches(Gadget, () => [], { optional: true })
      .complete({ reconcile: async () => undefined });
    expect(mgr.cache.hasInformer(Gadget)).toBe(false);
    const done = start(c);
    await vi.waitFor(() => expect(mgr.cache.references(Gadget)).toBe(1));
    stops.at(-1)?.abort();
    await done;
  });
});
