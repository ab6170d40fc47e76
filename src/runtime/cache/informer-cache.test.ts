import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestClient } from '../client/rest-client.js';
import { StubApiServer } from '../client/stub-apiserver.js';
import { KubeTransport } from '../client/transport.js';
import { silentLogger } from '../log/logger.js';
import { defineResource } from '../resource.js';
import { InformerCache } from './informer-cache.js';

const ConfigMap = defineResource({ group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true });
const Node = defineResource({ group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false });

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

  it('waitForCacheSync is false when the signal aborts before sync', async () => {
    const cache = new InformerCache({ rest: new RestClient(transport), logger: silentLogger() });
    cache.getInformer(ConfigMap); // never started: never syncs
    const waiting = new AbortController();
    const result = cache.waitForCacheSync(waiting.signal);
    waiting.abort();
    expect(await result).toBe(false);
  });
});
