import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Runnable } from '../runnable.js';
import { generationChangedPredicate } from '../predicate/changed.js';
import { predicateFuncs } from '../predicate/predicate.js';
import type { Request } from '../reconcile/reconcile.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { newControllerManagedBy, type ControllerManager } from './builder.js';
import { Controller } from './controller.js';
import { FakeCache } from '../fake/cache.js';

const Memcached = defineResource<KubernetesObject>({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});
const Deployment = defineResource<KubernetesObject>({
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  plural: 'deployments',
  namespaced: true,
});
const ConfigMap = defineResource<KubernetesObject>({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

function fakeManager(): ControllerManager & { cache: FakeCache; runnables: Runnable[] } {
  const cache = new FakeCache();
  const runnables: Runnable[] = [];
  return { cache, runnables, getCache: () => cache, add: (r) => runnables.push(r), logger: pino({ level: 'silent' }) };
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

interface Typed extends KubernetesObject {
  spec?: { size?: number };
}
const TypedResource = defineResource<Typed>({
  group: 'example.com',
  version: 'v1',
  kind: 'Typed',
  plural: 'typeds',
  namespaced: true,
});

describe('newControllerManagedBy', () => {
  it('accepts typed predicates and map functions for typed descriptors', () => {
    const mgr = fakeManager();
    const c = newControllerManagedBy(mgr)
      .for(TypedResource, {
        predicates: [
          generationChangedPredicate(),
          predicateFuncs<Typed>({ update: (e) => (e.objectNew.spec?.size ?? 0) > 0 }),
        ],
      })
      .watches(TypedResource, (obj: Typed) => [{ namespace: obj.metadata?.namespace, name: String(obj.spec?.size) }])
      .withEventFilter(generationChangedPredicate())
      .named('typed')
      .complete({ reconcile: async () => {} });
    expect(c.name).toBe('typed');
  });

  it('builds a leader-elected controller named after the for kind and adds it to the manager', () => {
    const mgr = fakeManager();
    const c = newControllerManagedBy(mgr)
      .for(Memcached)
      .complete({ reconcile: async () => {} });
    expect(c).toBeInstanceOf(Controller);
    expect(c.name).toBe('memcached');
    expect(c.needLeaderElection).toBe(true);
    expect(mgr.runnables).toEqual([c]);
    expect(mgr.cache.hasInformer(Memcached)).toBe(true);
  });

  it('rejects a duplicate name in the same manager but not in another one', () => {
    const mgr = fakeManager();
    newControllerManagedBy(mgr)
      .for(Memcached)
      .complete({ reconcile: async () => {} });
    expect(() =>
      newControllerManagedBy(mgr)
        .for(Memcached)
        .complete({ reconcile: async () => {} }),
    ).toThrow(/"memcached" already exists/);
    expect(() =>
      newControllerManagedBy(mgr)
        .for(Memcached)
        .named('memcached-2')
        .complete({ reconcile: async () => {} }),
    ).not.toThrow();
    expect(() =>
      newControllerManagedBy(fakeManager())
        .for(Memcached)
        .complete({ reconcile: async () => {} }),
    ).not.toThrow();
  });

  it('rejects missing for/named, a second for, and owns without for', () => {
    const mgr = fakeManager();
    const r = { reconcile: async () => {} };
    expect(() => newControllerManagedBy(mgr).complete(r)).toThrow(/needs .for\(kind\) or .named\(name\)/);
    expect(() => newControllerManagedBy(mgr).for(Memcached).for(Deployment)).toThrow(/only once/);
    expect(() => newControllerManagedBy(mgr).named('x').owns(Deployment).complete(r)).toThrow(/needs .for\(\)/);
    expect(() => newControllerManagedBy(mgr).named(' ')).toThrow(/non-empty/);
    expect(() => newControllerManagedBy(mgr).named('idle').complete(r)).toThrow(/no watches/);
    expect(mgr.runnables).toEqual([]);
  });

  it('enqueues the for object, the controller owner of owned objects and the mapped requests of watched objects', async () => {
    const mgr = fakeManager();
    const seen: Request[] = [];
    const c = newControllerManagedBy(mgr)
      .for(Memcached)
      .owns(Deployment)
      .watches(ConfigMap, (cm) => [{ namespace: cm.metadata?.namespace, name: `from-${cm.metadata?.name}` }])
      .named('builder-enqueue')
      .withOptions({ maxConcurrentReconciles: 3 })
      .complete({ reconcile: async (_ctx, req) => void seen.push(req) });
    const done = start(c);
    mgr.cache.informer(Memcached).set({ metadata: { namespace: 'ns', name: 'mc' } });
    mgr.cache.informer(Deployment).set({
      metadata: {
        namespace: 'ns',
        name: 'mc-deploy',
        ownerReferences: [
          { apiVersion: 'cache.example.com/v1alpha1', kind: 'Memcached', name: 'owner', uid: 'u', controller: true },
        ],
      },
    });
    mgr.cache.informer(Deployment).set({ metadata: { namespace: 'ns', name: 'orphan' } });
    mgr.cache.informer(ConfigMap).set({ metadata: { namespace: 'ns', name: 'cfg' } });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen).toEqual(
      expect.arrayContaining([
        { namespace: 'ns', name: 'mc' },
        { namespace: 'ns', name: 'owner' },
        { namespace: 'ns', name: 'from-cfg' },
      ]),
    );
    stops.at(-1)?.abort();
    await done;
  });

  it('applies for predicates to the for watch and event filters to every watch', async () => {
    const mgr = fakeManager();
    const seen: string[] = [];
    const c = newControllerManagedBy(mgr)
      .for(Memcached, { predicates: [generationChangedPredicate()] })
      .watches(ConfigMap, (cm) => [{ namespace: 'ns', name: `cm-${cm.metadata?.name}` }])
      .withEventFilter(predicateFuncs({ create: (e) => e.object.metadata?.labels?.skip !== 'yes' }))
      .named('builder-predicates')
      .complete({ reconcile: async (_ctx, req) => void seen.push(req.name) });
    const done = start(c);
    const mc = mgr.cache.informer(Memcached);
    mc.set({ metadata: { namespace: 'ns', name: 'a', generation: 1 } });
    await vi.waitFor(() => expect(seen).toEqual(['a']));
    mc.set({ metadata: { namespace: 'ns', name: 'a', generation: 1, resourceVersion: '2' } });
    mgr.cache.informer(ConfigMap).set({ metadata: { namespace: 'ns', name: 'skipped', labels: { skip: 'yes' } } });
    mc.set({ metadata: { namespace: 'ns', name: 'skipped', labels: { skip: 'yes' } } });
    mc.set({ metadata: { namespace: 'ns', name: 'a', generation: 2 } });
    await vi.waitFor(() => expect(seen).toEqual(['a', 'a']));
    // Later events still flow, and nothing filtered earlier shows up.
    mgr.cache.informer(ConfigMap).set({ metadata: { namespace: 'ns', name: 'ok' } });
    await vi.waitFor(() => expect(seen).toEqual(['a', 'a', 'cm-ok']));
    stops.at(-1)?.abort();
    await done;
  });

  it('logs and drops an event whose map function throws', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const mgr = {
      ...fakeManager(),
      logger: pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) }),
    };
    const seen: string[] = [];
    const c = newControllerManagedBy(mgr)
      .named('builder-throwing-map')
      .watches(ConfigMap, (cm) => {
        if (cm.metadata?.name === 'bad') throw new Error('map failed');
        return [{ namespace: 'ns', name: cm.metadata?.name ?? '' }];
      })
      .complete({ reconcile: async (_ctx, req) => void seen.push(req.name) });
    const done = start(c);
    mgr.cache.informer(ConfigMap).set({ metadata: { namespace: 'ns', name: 'bad' } });
    mgr.cache.informer(ConfigMap).set({ metadata: { namespace: 'ns', name: 'good' } });
    await vi.waitFor(() => expect(seen).toEqual(['good']));
    expect(lines.find((l) => l.msg === 'Event handler or predicate failed, dropping the event')).toMatchObject({
      controller: 'builder-throwing-map',
      event: 'create',
    });
    stops.at(-1)?.abort();
    await done;
  });

  it('uses withLogConstructor for reconcile loggers and adds the reconcileID', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const custom = pino(
      { level: 'info' },
      { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) },
    );
    const mgr = fakeManager();
    const c = newControllerManagedBy(mgr)
      .for(Memcached)
      .named('builder-logs')
      .withLogConstructor((req) => custom.child({ custom: true, object: `${req?.namespace}/${req?.name}` }))
      .complete({ reconcile: async (ctx) => ctx.log.info('hello') });
    const done = start(c);
    mgr.cache.informer(Memcached).set({ metadata: { namespace: 'ns', name: 'a' } });
    await vi.waitFor(() =>
      expect(lines.find((l) => l.msg === 'hello')).toMatchObject({ custom: true, object: 'ns/a' }),
    );
    expect(lines.find((l) => l.msg === 'hello')?.reconcileID).toEqual(expect.any(String));
    stops.at(-1)?.abort();
    await done;
  });
});
