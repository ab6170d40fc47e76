import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InformerCache } from '../cache/informer-cache.js';
import { silentLogger } from '../log/logger.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { isNotFound, type Client } from './client.js';
import { newClient } from './kube-client.js';
import { RestClient } from './rest-client.js';
import { StubApiServer } from './stub-apiserver.js';
import { KubeTransport } from './transport.js';

interface Widget extends KubernetesObject {
  spec?: { size?: number };
  status?: { ready?: boolean };
}
const Widget = defineResource<Widget>({ group: 'example.com', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true });
const Gadget = defineResource({ group: 'example.com', version: 'v1', kind: 'Gadget', plural: 'gadgets', namespaced: false });

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
    const c = newClient({ rest, cache: restricted, fieldManager: 'm', cachesNamespace: (r, ns) => restricted.cachesNamespace(r, ns) });
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
    await client.patch(Widget, { namespace: 'ns', name: 'w' }, { type: 'apply', data: { metadata: { name: 'w', namespace: 'ns' }, spec: { size: 2 } } as Widget });
    expect(api.requests.at(-1)?.query.get('fieldManager')).toBe('widget-operator');
    await client.update(Widget, { ...w, spec: { size: 3 } }, { fieldManager: 'other' }).catch(() => undefined);
    expect(api.requests.at(-1)?.query.get('fieldManager')).toBe('other');
    const latest = await client.get(Widget, { namespace: 'ns', name: 'w' });
    await client.status().update(Widget, { ...latest, status: { ready: true } });
    expect(api.requests.at(-1)?.path).toBe('/apis/example.com/v1/namespaces/ns/widgets/w/status');
    await client.status().patch(Widget, { namespace: 'ns', name: 'w' }, { type: 'merge', data: { status: { ready: false } } });
    expect(api.requests.at(-1)).toMatchObject({ method: 'PATCH', path: '/apis/example.com/v1/namespaces/ns/widgets/w/status' });
    await client.delete(Widget, { namespace: 'ns', name: 'w' });
    await expect(client.get(Widget, { namespace: 'ns', name: 'w' })).rejects.toSatisfy(isNotFound);
  });
});
