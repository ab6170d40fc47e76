import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestClient } from '../rest/rest-client.js';
import { StubApiServer } from '../fixtures/stub-apiserver.js';
import { KubeTransport } from '../rest/transport.js';
import { silentLogger } from '../log/logger.js';
import { defineResource } from '../resource.js';
import { InformerCache } from './informer-cache.js';

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});
const Node = defineResource({ group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

let api: StubApiServer;
let transport: KubeTransport;
let stop: AbortController;

beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).serve(Node).start();
  transport = new KubeTransport(api.kubeConfig());
  stop = new AbortController();
});
afterEach(async () => {
  stop.abort();
  transport.close();
  await api.stop();
});

describe('InformerCache', () => {
  it('shares one informer per resource and syncs informers created before and after start', async () => {
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'x' } });
    api.put(Node, { metadata: { name: 'n1' } });
    const cache = new InformerCache({ rest: new RestClient(transport), logger: silentLogger(), namespaces: ['x'] });
    const cms = cache.getInformer(ConfigMap);
    expect(cache.getInformer(ConfigMap)).toBe(cms);
    expect(cache.hasInformer(ConfigMap)).toBe(true);
    expect(cache.hasInformer(Node)).toBe(false);
    const running = cache.start(stop.signal);
    expect(await cache.waitForCacheSync()).toBe(true);
    const nodes = cache.getInformer(Node);
    expect(await cache.waitForCacheSync()).toBe(true);
    expect(nodes.get({ name: 'n1' })?.kind).toBe('Node');
    // Cluster-scoped kinds ignore the namespace restriction.
    expect(api.requests.some((r) => r.path === '/api/v1/nodes')).toBe(true);
    expect(api.requests.some((r) => r.path === '/api/v1/namespaces/x/configmaps')).toBe(true);
    stop.abort();
    await running;
  });

  it('applies per-resource selectors', async () => {
    const cache = new InformerCache({
      rest: new RestClient(transport),
      logger: silentLogger(),
      byResource: [{ resource: ConfigMap, labelSelector: 'owned-by=me', namespaces: ['y'] }],
    });
    cache.getInformer(ConfigMap);
    void cache.start(stop.signal);
    await cache.waitForCacheSync();
    const list = api.requests.find((r) => r.path === '/api/v1/namespaces/y/configmaps');
    expect(list?.query.get('labelSelector')).toBe('owned-by=me');
  });

  it('serves field indexes registered before start and refuses duplicates and late registrations', async () => {
    const owner = { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'u1', controller: true };
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'x', ownerReferences: [owner] } });
    api.put(ConfigMap, { metadata: { name: 'b', namespace: 'y', ownerReferences: [owner] } });
    api.put(ConfigMap, { metadata: { name: 'c', namespace: 'x' } });
    const cache = new InformerCache({ rest: new RestClient(transport), logger: silentLogger() });
    const controllerOf = (o: { metadata?: { ownerReferences?: Array<{ name: string; controller?: boolean }> } }) =>
      (o.metadata?.ownerReferences ?? []).filter((r) => r.controller === true).map((r) => r.name);
    cache.indexField(ConfigMap, '.metadata.controller', controllerOf);
    // Registering creates the informer, as controller-runtime's IndexField does.
    expect(cache.hasInformer(ConfigMap)).toBe(true);
    expect(() => cache.indexField(ConfigMap, '.metadata.controller', controllerOf)).toThrow(
      /field \.metadata\.controller of configmaps is already indexed/,
    );
    const running = cache.start(stop.signal);
    expect(await cache.waitForCacheSync()).toBe(true);
    const informer = cache.getInformer(ConfigMap);
    expect(informer.byIndex('field:.metadata.controller', 'x/w').map((o) => o.metadata?.name)).toEqual(['a']);
    expect(
      informer
        .byIndex('field:.metadata.controller', '__all_namespaces/w')
        .map((o) => o.metadata?.name)
        .sort(),
    ).toEqual(['a', 'b']);
    api.remove(ConfigMap, 'x', 'a');
    await until(() => informer.byIndex('field:.metadata.controller', '__all_namespaces/w').length === 1);
    expect(informer.byIndex('field:.metadata.controller', 'x/w')).toEqual([]);
    expect(() => cache.indexField(Node, 'spec.x', () => [])).toThrow(
      /register field indexes before the manager starts/,
    );
    stop.abort();
    await running;
  });

  it('waitForCacheSync is false when the signal aborts before sync', async () => {
    const cache = new InformerCache({ rest: new RestClient(transport), logger: silentLogger() });
    cache.getInformer(ConfigMap); // never started: never syncs
    const waiting = new AbortController();
    const result = cache.waitForCacheSync(waiting.signal);
    waiting.abort();
    expect(await result).toBe(false);
  });
});
