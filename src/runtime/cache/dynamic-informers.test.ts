import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestClient } from '../rest/rest-client.js';
import { StubApiServer } from '../fixtures/stub-apiserver.js';
import { KubeTransport } from '../rest/transport.js';
import { silentLogger, type Logger } from '../log/logger.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { InformerCache, type InformerCacheOptions } from './informer-cache.js';
import { OwnWrites } from './own-writes.js';

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});
const Secret = defineResource({ group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true });
const Pod = defineResource({ group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true });
const Node = defineResource({ group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

let api: StubApiServer;
let transport: KubeTransport;
let stop: AbortController;

beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).serve(Secret).serve(Pod).serve(Node).start();
  transport = new KubeTransport(api.kubeConfig());
  stop = new AbortController();
});
afterEach(async () => {
  stop.abort();
  transport.close();
  await api.stop();
});

function cache(extra: Partial<InformerCacheOptions> = {}): InformerCache {
  return new InformerCache({
    rest: new RestClient(transport),
    logger: silentLogger(),
    reflector: { minHealthyWatchMs: 0 },
    ...extra,
  });
}

function capture(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    logger: pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) }),
  };
}

const watchesOf = (path: string) =>
  api.requests.filter((r) => r.query.get('watch') === 'true' && r.path === path).length;

describe('InformerCache reference counting', () => {
  it('starts an acquired informer at once; the last release stops it, closes its watch, drops its store', async () => {
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'x' } });
    const c = cache();
    void c.start(stop.signal);
    const first = c.acquireInformer(ConfigMap);
    expect(c.acquireInformer(ConfigMap)).toBe(first);
    await first.waitForSync();
    await until(() => api.watchCount === 1);
    await c.releaseInformer(ConfigMap);
    // One reference is left: still running.
    expect(c.hasInformer(ConfigMap)).toBe(true);
    expect(api.watchCount).toBe(1);
    await c.releaseInformer(ConfigMap);
    expect(c.hasInformer(ConfigMap)).toBe(false);
    await until(() => api.watchCount === 0);
    // A later request starts a fresh informer with a list of its own.
    const lists = api.requests.filter((r) => r.query.get('watch') !== 'true').length;
    const again = c.acquireInformer(ConfigMap);
    expect(again).not.toBe(first);
    await again.waitForSync();
    expect(again.list().map((o) => o.metadata?.name)).toEqual(['a']);
    expect(api.requests.filter((r) => r.query.get('watch') !== 'true').length).toBe(lists + 1);
  });

  it('keeps an informer getInformer created, whatever the references say, until removeInformer', async () => {
    const c = cache();
    void c.start(stop.signal);
    c.getInformer(ConfigMap);
    c.acquireInformer(ConfigMap);
    await c.releaseInformer(ConfigMap);
    expect(c.hasInformer(ConfigMap)).toBe(true);
    await c.getInformer(ConfigMap).waitForSync();
    await until(() => api.watchCount === 1);
    await c.removeInformer(ConfigMap);
    expect(c.hasInformer(ConfigMap)).toBe(false);
    await until(() => api.watchCount === 0);
  });
});

describe('read-your-writes with informers that stop', () => {
  it('holds nothing for a stopped informer, does not create it again, follows the one made again', async () => {
    const c = cache();
    void c.start(stop.signal);
    await c.acquireInformer(ConfigMap).waitForSync();
    const writes = new OwnWrites(c);
    // Stored without telling watches: the cache never shows this write.
    let unseen: KubernetesObject | undefined;
    api.silently(() => (unseen = api.put(ConfigMap, { metadata: { name: 'a', namespace: 'x' } })));
    writes.run('o', () => writes.recordWrite(ConfigMap, unseen));
    expect(writes.isPending('o')).toBe(true);
    await c.releaseInformer(ConfigMap);
    expect(writes.isPending('o')).toBe(false);
    expect(c.hasInformer(ConfigMap)).toBe(false);

    const again = c.acquireInformer(ConfigMap);
    await again.waitForSync();
    let next: KubernetesObject | undefined;
    api.silently(() => (next = api.put(ConfigMap, { metadata: { name: 'b', namespace: 'x' } })));
    writes.run('o2', () => writes.recordWrite(ConfigMap, next));
    expect(writes.isPending('o2')).toBe(true);
    let caughtUp: boolean | undefined;
    writes.waitFor('o2', 10_000, (ok) => (caughtUp = ok));
    api.put(ConfigMap, { metadata: { name: 'b', namespace: 'x', labels: { v: '2' } } });
    await until(() => caughtUp === true);
  });
});

describe('InformerCache metadata-only informers', () => {
  it('lists and watches PartialObjectMetadata beside a full informer of the same kind, holding no data', async () => {
    api.put(ConfigMap, {
      metadata: { name: 'a', namespace: 'x', labels: { l: '1' } },
      data: { big: 'x'.repeat(1000) },
    } as KubernetesObject);
    const c = cache();
    const full = c.getInformer(ConfigMap);
    const meta = c.getInformer(ConfigMap, { metadataOnly: true });
    expect(meta).not.toBe(full);
    expect(c.hasInformer(ConfigMap, { metadataOnly: true })).toBe(true);
    void c.start(stop.signal);
    expect(await c.waitForCacheSync()).toBe(true);
    expect((full.get({ namespace: 'x', name: 'a' }) as { data?: unknown }).data).toEqual({ big: 'x'.repeat(1000) });
    const partial = meta.get({ namespace: 'x', name: 'a' });
    expect(partial).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: expect.objectContaining({ name: 'a', namespace: 'x', labels: { l: '1' } }),
    });
    api.put(ConfigMap, { metadata: { name: 'b', namespace: 'x' }, data: { k: 'v' } } as KubernetesObject);
    await until(() => meta.get({ namespace: 'x', name: 'b' }) !== undefined);
    expect(Object.keys(meta.get({ namespace: 'x', name: 'b' }) ?? {}).sort()).toEqual([
      'apiVersion',
      'kind',
      'metadata',
    ]);
    // Both watches are open by now: the metadata informer got b through its own.
    const accepts = api.requests
      .filter((r) => r.path === '/api/v1/configmaps')
      .map((r) => `${r.query.get('watch') ?? 'list'} ${String(r.headers.accept)}`);
    expect(accepts).toEqual(
      expect.arrayContaining([
        'list application/json',
        'list application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json',
        'true application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json',
      ]),
    );
  });
});

describe('InformerCache namespaces at run time', () => {
  it('adds a namespace to running informers and removes one, dropping its objects silently', async () => {
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'x' } });
    api.put(ConfigMap, { metadata: { name: 'b', namespace: 'y' } });
    const c = cache({ namespaces: ['x'] });
    const informer = c.getInformer(ConfigMap);
    const events: string[] = [];
    informer.addEventHandler({
      onAdd: (o, initial) => events.push(`add ${o.metadata?.name} ${initial}`),
      onDelete: (o) => events.push(`delete ${o.metadata?.name}`),
    });
    void c.start(stop.signal);
    await informer.waitForSync();
    expect(c.cachesNamespace(ConfigMap, 'y')).toBe(false);
    c.addNamespace('y');
    expect(c.cachesNamespace(ConfigMap, 'y')).toBe(true);
    expect(c.watchedNamespaces).toEqual(['x', 'y']);
    await until(() => informer.hasSynced() && informer.get({ namespace: 'y', name: 'b' }) !== undefined);
    expect(events).toEqual(['add a true', 'add b true']);
    await until(() => watchesOf('/api/v1/namespaces/y/configmaps') === 1 && api.watchCount === 2);
    // Informers created later follow the changed set.
    expect(c.getInformer(Secret).namespaces).toEqual(['x', 'y']);

    await c.removeNamespace('x');
    expect(c.cachesNamespace(ConfigMap, 'x')).toBe(false);
    expect(informer.list().map((o) => o.metadata?.name)).toEqual(['b']);
    expect(events).toEqual(['add a true', 'add b true']);
    await c.removeNamespace('y');
    expect(informer.list()).toEqual([]);
    expect(informer.hasSynced()).toBe(true);
    await until(() => api.watchCount === 0);
  });

  it('refuses to change the namespaces of a cache of every namespace', () => {
    const c = cache();
    expect(() => c.addNamespace('x')).toThrow(/the cache watches every namespace/);
  });
});

describe('InformerCache large kinds', () => {
  it('warns once per kind as a cluster-wide Secret, Pod or Node informer starts (not scoped ones)', async () => {
    const { logger, lines } = capture();
    const c = cache({ logger });
    c.getInformer(Secret);
    c.getInformer(ConfigMap);
    void c.start(stop.signal);
    c.getInformer(Secret, { metadataOnly: true });
    c.getInformer(Node);
    c.acquireInformer(Pod);
    await c.releaseInformer(Pod);
    c.acquireInformer(Pod);
    const warned = lines.filter((l) => l.msg === 'cluster-wide informer of a large kind started');
    expect(warned.map((l) => l.kind)).toEqual(['Secret', 'Node', 'Pod']);
    expect(warned[0]).toMatchObject({
      level: 40,
      resource: 'secrets',
      hint: expect.stringMatching(/namespaces or a label selector/),
    });

    const scoped = capture();
    const nsCache = cache({ logger: scoped.logger, namespaces: ['x'] });
    nsCache.getInformer(Secret);
    void nsCache.start(stop.signal);
    expect(scoped.lines.filter((l) => l.msg === 'cluster-wide informer of a large kind started')).toEqual([]);
  });
});
