import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InformerCache } from '../cache/informer-cache.js';
import { StubApiServer } from '../fixtures/stub-apiserver.js';
import { silentLogger } from '../log/logger.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { RestClient } from '../rest/rest-client.js';
import { KubeTransport } from '../rest/transport.js';
import { newClient } from './kube-client.js';

const ConfigMap = defineResource<KubernetesObject & { data?: Record<string, string> }>({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

let api: StubApiServer;
let transport: KubeTransport;
let stop: AbortController;

beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).start();
  transport = new KubeTransport(api.kubeConfig());
  stop = new AbortController();
  api.put(ConfigMap, {
    metadata: { name: 'a', namespace: 'ns', labels: { app: 'x' } },
    data: { big: 'payload' },
  } as KubernetesObject);
  api.put(ConfigMap, { metadata: { name: 'b', namespace: 'ns' }, data: { big: 'payload' } } as KubernetesObject);
});
afterEach(async () => {
  stop.abort();
  transport.close();
  await api.stop();
});

const gets = () => api.requests.filter((r) => r.method === 'GET' && r.query.get('watch') !== 'true');

describe('client metadata reads', () => {
  it('reads from the metadata-only informer without a request, as PartialObjectMetadata of the kind', async () => {
    const rest = new RestClient(transport);
    const cache = new InformerCache({ rest, logger: silentLogger() });
    const informer = cache.getInformer(ConfigMap, { metadataOnly: true });
    void cache.start(stop.signal);
    await informer.waitForSync();
    const client = newClient({ rest, cache, fieldManager: 'test' });
    const before = gets().length;
    const meta = await client.getMetadata(ConfigMap, { namespace: 'ns', name: 'a' });
    expect(meta).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: expect.objectContaining({ name: 'a', labels: { app: 'x' } }),
    });
    expect(
      (await client.listMetadata(ConfigMap, { namespace: 'ns', labelSelector: 'app=x' })).map((m) => m.metadata.name),
    ).toEqual(['a']);
    await expect(client.getMetadata(ConfigMap, { namespace: 'ns', name: 'missing' })).rejects.toThrow(
      /configmaps "missing" not found/,
    );
    expect(gets().length).toBe(before);
    // A full read of the kind has no full informer to come from: it goes to the API server.
    expect((await client.get(ConfigMap, { namespace: 'ns', name: 'a' })).data).toEqual({ big: 'payload' });
    expect(gets().length).toBe(before + 1);
    // Copies: changing one leaves the cache alone.
    meta.metadata.labels = {};
    expect((await client.getMetadata(ConfigMap, { namespace: 'ns', name: 'a' })).metadata.labels).toEqual({ app: 'x' });
  });

  it('reduces objects of a full informer to their metadata', async () => {
    const rest = new RestClient(transport);
    const cache = new InformerCache({ rest, logger: silentLogger() });
    const informer = cache.getInformer(ConfigMap);
    void cache.start(stop.signal);
    await informer.waitForSync();
    const client = newClient({ rest, cache, fieldManager: 'test' });
    const before = gets().length;
    expect(Object.keys(await client.getMetadata(ConfigMap, { namespace: 'ns', name: 'b' })).sort()).toEqual([
      'apiVersion',
      'kind',
      'metadata',
    ]);
    expect(gets().length).toBe(before);
  });

  it('asks the API server for PartialObjectMetadata when nothing is cached', async () => {
    const client = newClient({ rest: new RestClient(transport), fieldManager: 'test' });
    const meta = await client.getMetadata(ConfigMap, { namespace: 'ns', name: 'a' });
    expect(Object.keys(meta).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(meta.kind).toBe('ConfigMap');
    const list = await client.listMetadata(ConfigMap, { namespace: 'ns' });
    expect(list.map((m) => [m.kind, m.metadata.name, Object.keys(m).length])).toEqual([
      ['ConfigMap', 'a', 3],
      ['ConfigMap', 'b', 3],
    ]);
    expect(gets().map((r) => r.headers.accept)).toEqual([
      'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json',
      'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json',
    ]);
  });
});
