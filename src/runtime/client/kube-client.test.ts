import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fieldIndexFunc, fieldIndexName } from '../cache/field-index.js';
import type { Cache, Informer } from '../cache/informer.js';
import { InformerCache } from '../cache/informer-cache.js';
import { Store } from '../cache/store.js';
import { silentLogger } from '../log/logger.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { ApiError, isNotFound } from '../rest/api-error.js';
import { type Client } from './client.js';
import { newClient } from './kube-client.js';
import { RestClient } from '../rest/rest-client.js';
import { StubApiServer } from '../fixtures/stub-apiserver.js';
import { KubeTransport } from '../rest/transport.js';

interface Widget extends KubernetesObject {
  spec?: { size?: number };
  status?: { ready?: boolean };
}
const Widget = defineResource<Widget>({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const Gadget = defineResource({
  group: 'example.com',
  version: 'v1',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: false,
});

let api: StubApiServer;
let transport: KubeTransport;
let stop: AbortController;
let cache: InformerCache;
let client: Client;

beforeEach(async () => {
  api = await new StubApiServer().serve(Widget).serve(Gadget).start();
  transport = new KubeTransport(api.kubeConfig());
  stop = new AbortController();
  const rest = new RestClient(transport);
  cache = new InformerCache({ rest, logger: silentLogger() });
  client = newClient({ rest, cache, fieldManager: 'widget-operator' });
});
afterEach(async () => {
  stop.abort();
  transport.close();
  await api.stop();
});

const gets = () => api.requests.filter((r) => r.method === 'GET' && !r.query.has('watch') && !r.query.has('limit'));

describe('newClient', () => {
  it('reads kinds that bypass the cache from the API server even while an informer watches them', async () => {
    const rest = new RestClient(transport);
    const bypassing = new InformerCache({ rest, logger: silentLogger(), bypass: [Widget] });
    const c = newClient({
      rest,
      cache: bypassing,
      fieldManager: 'widget-operator',
      servesReads: (r) => bypassing.servesReads(r),
    });
    api.put(Widget, { metadata: { name: 'w', namespace: 'ns' }, spec: { size: 1 } } as Widget);
    bypassing.getInformer(Widget);
    void bypassing.start(stop.signal);
    await bypassing.waitForCacheSync();
    const before = gets().length;
    expect((await c.get(Widget, { namespace: 'ns', name: 'w' })).spec?.size).toBe(1);
    expect(gets().length).toBe(before + 1);
    expect(bypassing.servesReads(Gadget)).toBe(true);
  });

  it('reads watched kinds from the cache as copies, others live', async () => {
    api.put(Widget, { metadata: { name: 'w', namespace: 'ns', labels: { app: 'a' } }, spec: { size: 1 } } as Widget);
    api.put(Gadget, { metadata: { name: 'g' } });
    cache.getInformer(Widget);
    void cache.start(stop.signal);
    await cache.waitForCacheSync();
    const before = gets().length;

    const w = await client.get(Widget, { namespace: 'ns', name: 'w' });
    w.spec!.size = 99;
    expect((await client.get(Widget, { namespace: 'ns', name: 'w' })).spec?.size).toBe(1);
    expect(await client.list(Widget, { namespace: 'ns', labelSelector: 'app=a' })).toHaveLength(1);
    expect(await client.list(Widget, { labelSelector: 'app=b' })).toHaveLength(0);
    await expect(client.get(Widget, { namespace: 'ns', name: 'nope' })).rejects.toSatisfy(isNotFound);
    expect(gets().length).toBe(before);

    expect((await client.get(Gadget, { name: 'g' })).kind).toBe('Gadget');
    await client.get(Widget, { namespace: 'ns', name: 'w' }, { live: true });
    await client.list(Widget, { fieldSelector: 'metadata.name=w' });
    expect(gets().length).toBe(before + 3);
  });

  it('reads namespaces the cache does not hold live', async () => {
    const rest = new RestClient(transport);
    const restricted = new InformerCache({ rest, logger: silentLogger(), namespaces: ['watched'] });
    const c = newClient({
      rest,
      cache: restricted,
      fieldManager: 'm',
      cachesNamespace: (r, ns) => restricted.cachesNamespace(r, ns),
    });
    api.put(Widget, { metadata: { name: 'w', namespace: 'elsewhere' } });
    restricted.getInformer(Widget);
    void restricted.start(stop.signal);
    await restricted.waitForCacheSync();
    expect((await c.get(Widget, { namespace: 'elsewhere', name: 'w' })).metadata?.name).toBe('w');
    expect(await c.list(Widget, { namespace: 'elsewhere' })).toHaveLength(1);
    await expect(c.get(Widget, { namespace: 'watched', name: 'w' })).rejects.toSatisfy(isNotFound);
  });

  it('reads live while the informer has not synced', async () => {
    api.put(Widget, { metadata: { name: 'w', namespace: 'ns' } });
    cache.getInformer(Widget); // not started
    expect((await client.get(Widget, { namespace: 'ns', name: 'w' })).metadata?.name).toBe('w');
    expect(gets().some((r) => r.path === '/apis/example.com/v1/namespaces/ns/widgets/w')).toBe(true);
  });

  it('writes with its field manager by default and to the status subresource', async () => {
    expect(client.fieldManager).toBe('widget-operator');
    const w = await client.create(Widget, { metadata: { name: 'w', namespace: 'ns' }, spec: { size: 1 } });
    expect(api.requests.at(-1)?.query.get('fieldManager')).toBe('widget-operator');
    await client.patch(
      Widget,
      { namespace: 'ns', name: 'w' },
      { type: 'apply', data: { metadata: { name: 'w', namespace: 'ns' }, spec: { size: 2 } } as Widget },
    );
    expect(api.requests.at(-1)?.query.get('fieldManager')).toBe('widget-operator');
    await client.update(Widget, { ...w, spec: { size: 3 } }, { fieldManager: 'other' }).catch(() => undefined);
    expect(api.requests.at(-1)?.query.get('fieldManager')).toBe('other');
    const latest = await client.get(Widget, { namespace: 'ns', name: 'w' });
    await client.status().update(Widget, { ...latest, status: { ready: true } });
    expect(api.requests.at(-1)?.path).toBe('/apis/example.com/v1/namespaces/ns/widgets/w/status');
    await client
      .status()
      .patch(Widget, { namespace: 'ns', name: 'w' }, { type: 'merge', data: { status: { ready: false } } });
    expect(api.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/apis/example.com/v1/namespaces/ns/widgets/w/status',
    });
    await client.delete(Widget, { namespace: 'ns', name: 'w' });
    await expect(client.get(Widget, { namespace: 'ns', name: 'w' })).rejects.toSatisfy(isNotFound);
  });
});

const controllerName = (o: KubernetesObject): string[] =>
  (o.metadata?.ownerReferences ?? []).filter((r) => r.controller === true).map((r) => r.name);
const ownedBy = (namespace: string, name: string, owner: string, labels: Record<string, string> = {}): Widget => ({
  metadata: {
    namespace,
    name,
    labels,
    ownerReferences: [
      { apiVersion: 'example.com/v1', kind: 'Owner', name: owner, uid: `u-${owner}`, controller: true },
    ],
  },
});

describe('newClient matchingFields', () => {
  it('lists from a field index of the cache, in one namespace or across all, with labels, as copies', async () => {
    api.put(Widget, ownedBy('a', 'w1', 'cron', { tier: 'web' }));
    api.put(Widget, ownedBy('a', 'w2', 'cron'));
    api.put(Widget, ownedBy('b', 'w3', 'cron'));
    api.put(Widget, ownedBy('a', 'w4', 'other'));
    cache.indexField(Widget, '.metadata.controller', controllerName);
    void cache.start(stop.signal);
    await cache.waitForCacheSync();
    const before = gets().length;
    const names = (ws: Widget[]) => ws.map((w) => `${w.metadata?.namespace}/${w.metadata?.name}`).sort();

    expect(
      names(await client.list(Widget, { namespace: 'a', matchingFields: { '.metadata.controller': 'cron' } })),
    ).toEqual(['a/w1', 'a/w2']);
    expect(names(await client.list(Widget, { matchingFields: { '.metadata.controller': 'cron' } }))).toEqual([
      'a/w1',
      'a/w2',
      'b/w3',
    ]);
    expect(
      names(
        await client.list(Widget, { matchingFields: { '.metadata.controller': 'cron' }, labelSelector: 'tier=web' }),
      ),
    ).toEqual(['a/w1']);
    expect(await client.list(Widget, { namespace: 'b', matchingFields: { '.metadata.controller': 'other' } })).toEqual(
      [],
    );
    const [copy] = await client.list(Widget, { namespace: 'b', matchingFields: { '.metadata.controller': 'cron' } });
    copy!.metadata!.name = 'changed';
    expect(
      names(await client.list(Widget, { namespace: 'b', matchingFields: { '.metadata.controller': 'cron' } })),
    ).toEqual(['b/w3']);
    expect(gets().length).toBe(before);
  });

  it('fails clearly when the cache has no index for the field', async () => {
    cache.getInformer(Widget);
    void cache.start(stop.signal);
    await cache.waitForCacheSync();
    await expect(client.list(Widget, { matchingFields: { 'spec.size': '1' } })).rejects.toThrow(
      /^Index with name field:spec\.size does not exist: register it with mgr\.getFieldIndexer\(\)\.indexField\(Widget, 'spec\.size', \.\.\.\) before the manager starts/,
    );
  });

  it('refuses matchingFields together with fieldSelector', async () => {
    await expect(client.list(Widget, { matchingFields: { a: 'b' }, fieldSelector: 'metadata.name=x' })).rejects.toThrow(
      /matchingFields or fieldSelector, not both/,
    );
  });

  it('asks the API server with a field selector when reading live, and explains a field the server does not support', async () => {
    api.put(Widget, { metadata: { name: 'w', namespace: 'ns' } });
    api.put(Widget, { metadata: { name: 'v', namespace: 'ns' } });
    const direct = newClient({ rest: new RestClient(transport), fieldManager: 'm' });
    const found = await direct.list(Widget, { namespace: 'ns', matchingFields: { 'metadata.name': 'w' } });
    expect(found.map((w) => w.metadata?.name)).toEqual(['w']);
    expect(api.requests.at(-1)?.query.get('fieldSelector')).toBe('metadata.name=w');

    const err = await direct
      .list(Widget, { matchingFields: { '.metadata.controller': 'cron' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(400);
    expect((err as Error).message).toMatch(
      /^widgets\.example\.com cannot be listed by field \.metadata\.controller from the API server \("\.metadata\.controller" is not a known field selector: only "metadata\.name", "metadata\.namespace"\)/,
    );
    expect((err as Error).message).toMatch(/reads live, so matchingFields is sent as a field selector/);
    expect((err as Error).message).toMatch(/mgr\.getFieldIndexer\(\)\.indexField/);
  });

  it('looks up 10 000 cached objects by index without reading the ones that do not match', async () => {
    // Every cached object is a proxy that records reads: a linear scan would read all of them.
    const touched = new Set<string>();
    const store = new Store<KubernetesObject>();
    store.addIndexer(
      fieldIndexName('.metadata.controller'),
      fieldIndexFunc('.metadata.controller', controllerName, silentLogger()),
    );
    for (let i = 0; i < 10_000; i++) {
      const target = ownedBy(`ns${Math.floor(i / 1000)}`, `w${i}`, `owner-${i % 500}`);
      const key = `${target.metadata?.namespace}/${target.metadata?.name}`;
      store.apply(new Proxy(target, { get: (t, p, r) => (touched.add(key), Reflect.get(t, p, r)) }));
    }
    const informer: Informer = {
      addEventHandler: () => () => undefined,
      hasSynced: () => true,
      waitForSync: async () => undefined,
      get: (key) => store.get(key),
      list: (filter) => store.list(filter),
      byIndex: (name, value) => store.byIndex(name, value),
    };
    const storeCache: Cache = {
      getInformer: () => informer as never,
      hasInformer: () => true,
      start: async () => undefined,
      waitForCacheSync: async () => true,
    };
    const indexed = newClient({ rest: new RestClient(transport), cache: storeCache, fieldManager: 'm' });
    touched.clear();

    const inNamespace = await indexed.list(Widget, {
      namespace: 'ns3',
      matchingFields: { '.metadata.controller': 'owner-7' },
    });
    expect(inNamespace.map((w) => w.metadata?.name).sort()).toEqual(['w3007', 'w3507']);
    expect([...touched].sort()).toEqual(['ns3/w3007', 'ns3/w3507']);

    touched.clear();
    const everywhere = await indexed.list(Widget, {
      matchingFields: { '.metadata.controller': 'owner-3' },
      labelSelector: 'app!=x',
    });
    expect(everywhere).toHaveLength(20);
    expect(touched.size).toBe(20);
  });
});
