import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestClient } from '../rest/rest-client.js';
import { status, StubApiServer } from '../fixtures/stub-apiserver.js';
import { KubeTransport } from '../rest/transport.js';
import { silentLogger } from '../log/logger.js';
import { registry } from '../metrics/registry.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import type { EventHandler } from './informer.js';
import { SharedInformer, type SharedInformerOptions } from './shared-informer.js';

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});
const Widget = defineResource({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});

let api: StubApiServer;
let transport: KubeTransport;
let stop: AbortController;
let delays: number[];

beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).serve(Widget).start();
  transport = new KubeTransport(api.kubeConfig());
  stop = new AbortController();
  delays = [];
});
afterEach(async () => {
  stop.abort();
  transport.close();
  await api.stop();
});

function informer(extra: Partial<SharedInformerOptions<KubernetesObject>> = {}): SharedInformer {
  return new SharedInformer({
    rest: new RestClient(transport),
    resource: ConfigMap,
    logger: silentLogger(),
    reflector: {
      // Record the delays instead of waiting them out; yield so the loop never spins synchronously.
      sleep: async (ms) => {
        delays.push(ms);
        await new Promise((r) => setTimeout(r, 1));
      },
      minHealthyWatchMs: 0,
    },
    ...extra,
  });
}

function recorder(): { events: string[]; handler: EventHandler } {
  const events: string[] = [];
  const key = (o: KubernetesObject) => `${o.metadata?.namespace}/${o.metadata?.name}`;
  return {
    events,
    handler: {
      onAdd: (o) => events.push(`add ${key(o)}`),
      onUpdate: (o, n) =>
        events.push(`update ${key(n)} ${o.metadata?.resourceVersion}->${n.metadata?.resourceVersion}`),
      onDelete: (o) => events.push(`delete ${key(o)}`),
    },
  };
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

const names = (inf: SharedInformer) =>
  inf
    .list()
    .map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`)
    .sort();
const watches = () => api.requests.filter((r) => r.query.get('watch') === 'true');
const lists = () => api.requests.filter((r) => r.method === 'GET' && r.query.get('watch') !== 'true');

async function restarts(reason: string): Promise<number> {
  const metric = await registry.getSingleMetric('reflector_restarts_total')?.get();
  return metric?.values.find((v) => v.labels.resource === 'configmaps' && v.labels.reason === reason)?.value ?? 0;
}

describe('SharedInformer', () => {
  it('lists, syncs, then applies watch events to the store and handlers', async () => {
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'ns' } });
    const inf = informer();
    const rec = recorder();
    inf.addEventHandler(rec.handler);
    expect(inf.hasSynced()).toBe(false);
    void inf.run(stop.signal);
    await inf.waitForSync();
    expect(inf.get({ namespace: 'ns', name: 'a' })?.kind).toBe('ConfigMap');
    await until(() => api.watchCount === 1);
    const watch = watches()[0]!;
    expect(watch.query.get('resourceVersion')).toBe(api.resourceVersion);
    expect(watch.query.get('allowWatchBookmarks')).toBe('true');

    const b = api.put(ConfigMap, { metadata: { name: 'b', namespace: 'ns' } });
    api.put(ConfigMap, { ...b, data: { k: 'v' } } as KubernetesObject);
    api.remove(ConfigMap, 'ns', 'a');
    await until(() => rec.events.length === 4);
    expect(rec.events).toEqual([
      'add ns/a',
      'add ns/b',
      `update ns/b ${b.metadata?.resourceVersion}->${Number(b.metadata?.resourceVersion) + 1}`,
      'delete ns/a',
    ]);
    expect(names(inf)).toEqual(['ns/b']);
  });

  it('replays the store as adds to handlers registered late', async () => {
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'ns' } });
    api.put(ConfigMap, { metadata: { name: 'b', namespace: 'ns' } });
    const inf = informer();
    void inf.run(stop.signal);
    await inf.waitForSync();
    const rec = recorder();
    const remove = inf.addEventHandler(rec.handler);
    expect(rec.events.sort()).toEqual(['add ns/a', 'add ns/b']);
    remove();
    api.put(ConfigMap, { metadata: { name: 'c', namespace: 'ns' } });
    await until(() => inf.get({ namespace: 'ns', name: 'c' }) !== undefined);
    expect(rec.events).toHaveLength(2);
  });

  it('flags adds of the first list and of a late replay as initial, not those of live events or a relist', async () => {
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'ns' } });
    const inf = informer();
    const adds: string[] = [];
    inf.addEventHandler({ onAdd: (o, initial) => adds.push(`${o.metadata?.name} ${String(initial)}`) });
    void inf.run(stop.signal);
    await inf.waitForSync();
    await until(() => api.watchCount === 1);
    api.put(ConfigMap, { metadata: { name: 'live', namespace: 'ns' } });
    await until(() => adds.length === 2);
    // A relist (the watch expired) finds an object created while no watch was open.
    api.fault({ match: (r) => r.query.get('watch') === 'true', respond: status(410, 'Gone', 'too old') });
    api.dropWatches();
    api.put(ConfigMap, { metadata: { name: 'relisted', namespace: 'ns' } });
    await until(() => adds.length === 3);
    const late: string[] = [];
    inf.addEventHandler({ onAdd: (o, initial) => late.push(`${o.metadata?.name} ${String(initial)}`) });
    expect(adds).toEqual(['a true', 'live false', 'relisted false']);
    expect(late.sort()).toEqual(['a true', 'live true', 'relisted true']);
  });

  it('drops managedFields by default, on the list and on watch events, unless kept', async () => {
    const managedFields = [
      { manager: 'kubectl', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': {} } },
    ];
    api.put(ConfigMap, { metadata: { name: 'listed', namespace: 'ns', managedFields } });
    const lean = informer();
    const kept = informer({ keepManagedFields: true });
    const handed: KubernetesObject[] = [];
    lean.addEventHandler({ onAdd: (o) => handed.push(o) });
    void lean.run(stop.signal);
    void kept.run(stop.signal);
    await lean.waitForSync();
    await kept.waitForSync();
    await until(() => api.watchCount === 2);
    api.put(ConfigMap, { metadata: { name: 'watched', namespace: 'ns', managedFields } });
    await until(
      () =>
        lean.get({ namespace: 'ns', name: 'watched' }) !== undefined &&
        kept.get({ namespace: 'ns', name: 'watched' }) !== undefined,
    );
    for (const name of ['listed', 'watched']) {
      expect(lean.get({ namespace: 'ns', name })?.metadata).not.toHaveProperty('managedFields');
      expect(kept.get({ namespace: 'ns', name })?.metadata?.managedFields).toEqual(managedFields);
    }
    expect(handed.map((o) => o.metadata?.managedFields)).toEqual([undefined, undefined]);
  });

  it('applies the transform to every object before storing it', async () => {
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'ns', annotations: { big: 'x'.repeat(1000) } } });
    const inf = informer({
      transform: (o) => {
        delete o.metadata?.annotations;
        return o;
      },
    });
    void inf.run(stop.signal);
    await inf.waitForSync();
    await until(() => api.watchCount === 1);
    api.put(ConfigMap, { metadata: { name: 'b', namespace: 'ns', annotations: { big: 'y' } } });
    await until(() => inf.get({ namespace: 'ns', name: 'b' }) !== undefined);
    expect(inf.list().map((o) => o.metadata?.annotations)).toEqual([undefined, undefined]);
  });

  it('reports the objects and JSON bytes it holds once synced, on /metrics and in a log line', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'info' },
      { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) },
    );
    const objects = [0, 1, 2].map((i) => api.put(Widget, { metadata: { name: `w${i}`, namespace: 'ns' } }));
    const inf = informer({ resource: Widget, logger });
    void inf.run(stop.signal);
    await inf.waitForSync();
    const bytes = inf.list().reduce((n, o) => n + Buffer.byteLength(JSON.stringify(o)), 0);
    expect(bytes).toBeGreaterThan(0);
    expect(objects).toHaveLength(3);
    const gauge = async (name: string) =>
      (await registry.getSingleMetric(name)?.get())?.values.find((v) => v.labels.resource === 'widgets.example.com')
        ?.value;
    expect(await gauge('cache_objects')).toBe(3);
    expect(await gauge('cache_object_bytes')).toBe(bytes);
    expect(lines.find((l) => l.msg === 'informer synced')).toMatchObject({
      resource: 'widgets.example.com',
      objects: 3,
      bytes,
      managedFields: 'dropped',
    });
  });

  it('syncs and measures an object nested deeper than JSON.stringify reaches', async () => {
    let tree: unknown = 'leaf';
    for (let i = 0; i < 9_000; i++) tree = { a: tree };
    api.put(Widget, { metadata: { name: 'deep', namespace: 'ns' }, spec: { tree } } as KubernetesObject);
    const lines: Array<Record<string, unknown>> = [];
    const write = (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>);
    const inf = informer({ resource: Widget, logger: pino({ level: 'info' }, { write }) });
    void inf.run(stop.signal);
    await inf.waitForSync();
    expect(inf.get({ namespace: 'ns', name: 'deep' })?.metadata?.name).toBe('deep');
    const synced = lines.find((l) => l.msg === 'informer synced');
    expect(synced).toMatchObject({ objects: 1 });
    expect(synced?.bytes).toBeGreaterThan(9_000 * '{"a":}'.length);
  });

  it('keeps going when a handler throws', async () => {
    const inf = informer();
    inf.addEventHandler({
      onAdd: () => {
        throw new Error('boom');
      },
    });
    const rec = recorder();
    inf.addEventHandler(rec.handler);
    void inf.run(stop.signal);
    await inf.waitForSync();
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'ns' } });
    api.put(ConfigMap, { metadata: { name: 'b', namespace: 'ns' } });
    await until(() => rec.events.length === 2);
    expect(rec.events).toEqual(['add ns/a', 'add ns/b']);
  });

  it('resumes the watch from the last seen resourceVersion after a dropped connection', async () => {
    const inf = informer();
    const rec = recorder();
    inf.addEventHandler(rec.handler);
    void inf.run(stop.signal);
    await inf.waitForSync();
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'ns' } });
    await until(() => rec.events.length === 1);
    const seen = api.resourceVersion;
    api.dropWatches();
    await until(() => watches().length === 2);
    expect(watches()[1]?.query.get('resourceVersion')).toBe(seen);
    api.put(ConfigMap, { metadata: { name: 'b', namespace: 'ns' } });
    await until(() => rec.events.length === 2);
    expect(lists()).toHaveLength(1);
    expect(rec.events).toEqual(['add ns/a', 'add ns/b']);
  });

  it('moves its resume point forward on bookmarks', async () => {
    const inf = informer({ resource: ConfigMap });
    void inf.run(stop.signal);
    await inf.waitForSync();
    await until(() => api.watchCount === 1);
    api.put(Widget, { metadata: { name: 'other-kind', namespace: 'ns' } }); // bumps the global resourceVersion only
    api.bookmark();
    const bookmarked = api.resourceVersion;
    api.endWatches();
    await until(() => watches().length === 2);
    expect(watches()[1]?.query.get('resourceVersion')).toBe(bookmarked);
  });

  it('relists after a 410 ERROR event and replaces the store atomically with adds, updates and deletes', async () => {
    api.put(ConfigMap, { metadata: { name: 'keep', namespace: 'ns' } });
    const changed = api.put(ConfigMap, { metadata: { name: 'change', namespace: 'ns' } });
    api.put(ConfigMap, { metadata: { name: 'gone', namespace: 'ns' } });
    const inf = informer();
    const rec = recorder();
    inf.addEventHandler(rec.handler);
    void inf.run(stop.signal);
    await inf.waitForSync();
    rec.events.length = 0;
    const before = await restarts('expired');

    // Events are missed while disconnected, and the history they were in is compacted away.
    api.silently(() => {
      api.put(ConfigMap, { ...changed, data: { x: '1' } } as KubernetesObject);
      api.remove(ConfigMap, 'ns', 'gone');
      api.put(ConfigMap, { metadata: { name: 'new', namespace: 'ns' } });
    });
    api.compact();
    api.dropWatches();
    await until(() => lists().length === 2);
    await until(() => rec.events.length === 3);
    expect(rec.events.sort()).toEqual([
      'add ns/new',
      'delete ns/gone',
      `update ns/change ${changed.metadata?.resourceVersion}->${Number(api.resourceVersion) - 2}`,
    ]);
    expect(names(inf)).toEqual(['ns/change', 'ns/keep', 'ns/new']);
    expect(await restarts('expired')).toBe(before + 1);
    // Watching continues from the relist.
    api.put(ConfigMap, { metadata: { name: 'later', namespace: 'ns' } });
    await until(() => rec.events.length === 4);
  });

  it('relists after a 410 HTTP response to a watch', async () => {
    const inf = informer();
    void inf.run(stop.signal);
    await inf.waitForSync();
    api.fault({ match: (r) => r.query.get('watch') === 'true', respond: status(410, 'Gone', 'too old') });
    api.dropWatches();
    await until(() => lists().length === 2);
    expect(inf.hasSynced()).toBe(true);
  });

  it('backs off between relists when every watch expires at once', async () => {
    for (let i = 0; i < 3; i++)
      api.fault({ match: (r) => r.query.get('watch') === 'true', respond: status(410, 'Expired', 'too old') });
    const inf = informer();
    void inf.run(stop.signal);
    await inf.waitForSync();
    await until(() => api.pendingFaults === 0 && api.watchCount === 1);
    expect(lists()).toHaveLength(4);
    expect(delays.map((d) => Math.floor(Math.log2(d / 250)))).toEqual([0, 1, 2]);
  });

  it('honours Retry-After on 429 and backs off on 5xx, never giving up', async () => {
    api.fault({
      match: (r) => !r.query.has('watch'),
      respond: { ...status(429, 'TooManyRequests', 'slow down'), headers: { 'Retry-After': '7' } },
    });
    api.fault({ match: (r) => !r.query.has('watch'), respond: status(500, 'InternalError', 'etcd down') });
    api.fault({ match: (r) => !r.query.has('watch'), drop: true });
    api.fault({ match: (r) => !r.query.has('watch'), respond: status(503, 'ServiceUnavailable', 'again') });
    api.fault({ match: (r) => !r.query.has('watch'), respond: status(403, 'Forbidden', 'no RBAC yet') });
    const inf = informer();
    void inf.run(stop.signal);
    await inf.waitForSync();
    expect(api.pendingFaults).toBe(0);
    expect(delays[0]).toBeGreaterThanOrEqual(7000);
    // Exponential growth from 250 ms for the failures that carried no Retry-After, held at 2 s in the first minute.
    expect(delays.slice(1).map((d) => Math.floor(Math.log2(d / 250)))).toEqual([1, 2, 3, 3]);

    api.fault({ match: (r) => r.query.get('watch') === 'true', respond: status(500, 'InternalError', 'x') });
    api.fault({ match: (r) => r.query.get('watch') === 'true', drop: true });
    api.dropWatches();
    await until(() => api.pendingFaults === 0 && api.watchCount === 1);
    api.put(ConfigMap, { metadata: { name: 'still-watching', namespace: 'ns' } });
    await until(() => inf.get({ namespace: 'ns', name: 'still-watching' }) !== undefined);
    expect(lists()).toHaveLength(6);
  });

  it('watches each configured namespace and merges them into one store', async () => {
    api.put(ConfigMap, { metadata: { name: 'x', namespace: 'a' } });
    api.put(ConfigMap, { metadata: { name: 'y', namespace: 'b' } });
    api.put(ConfigMap, { metadata: { name: 'z', namespace: 'c' } });
    const inf = informer({ namespaces: ['a', 'b'] });
    void inf.run(stop.signal);
    await inf.waitForSync();
    expect(names(inf)).toEqual(['a/x', 'b/y']);
    await until(() => api.watchCount === 2);
    expect(
      watches()
        .map((w) => w.path)
        .sort(),
    ).toEqual(['/api/v1/namespaces/a/configmaps', '/api/v1/namespaces/b/configmaps']);
    api.put(ConfigMap, { metadata: { name: 'w', namespace: 'c' } });
    api.put(ConfigMap, { metadata: { name: 'v', namespace: 'b' } });
    await until(() => inf.list().length === 3);
    expect(names(inf)).toEqual(['a/x', 'b/v', 'b/y']);
    expect(
      inf
        .list({ namespace: 'b' })
        .map((o) => o.metadata?.name)
        .sort(),
    ).toEqual(['v', 'y']);
  });

  it('indexes by namespace and owner UID and filters lists by label', async () => {
    const owner = { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'owner-1', controller: true };
    api.put(ConfigMap, { metadata: { name: 'o1', namespace: 'a', ownerReferences: [owner], labels: { app: 'web' } } });
    api.put(ConfigMap, { metadata: { name: 'o2', namespace: 'b', ownerReferences: [owner], labels: { app: 'db' } } });
    api.put(ConfigMap, { metadata: { name: 'free', namespace: 'a' } });
    const inf = informer();
    void inf.run(stop.signal);
    await inf.waitForSync();
    expect(
      inf
        .byIndex('owner', 'owner-1')
        .map((o) => o.metadata?.name)
        .sort(),
    ).toEqual(['o1', 'o2']);
    expect(
      inf
        .byIndex('namespace', 'a')
        .map((o) => o.metadata?.name)
        .sort(),
    ).toEqual(['free', 'o1']);
    expect(inf.list({ labelSelector: 'app in (web,db),app!=db' }).map((o) => o.metadata?.name)).toEqual(['o1']);
    api.remove(ConfigMap, 'a', 'o1');
    await until(() => inf.byIndex('owner', 'owner-1').length === 1);
    expect(() => inf.byIndex('nope', 'x')).toThrow(/does not exist/);
  });

  it('passes label and field selectors to list and watch', async () => {
    const inf = informer({ labelSelector: 'app=web', fieldSelector: 'metadata.name!=x' });
    void inf.run(stop.signal);
    await inf.waitForSync();
    await until(() => watches().length === 1);
    for (const r of [lists()[0]!, watches()[0]!]) {
      expect(r.query.get('labelSelector')).toBe('app=web');
      expect(r.query.get('fieldSelector')).toBe('metadata.name!=x');
    }
  });

  it('waitForSync rejects when its signal aborts first', async () => {
    const inf = informer();
    const waiting = new AbortController();
    const pending = inf.waitForSync(waiting.signal);
    waiting.abort(new Error('gave up'));
    await expect(pending).rejects.toThrow('gave up');
  });

  it('stops cleanly when its signal aborts', async () => {
    const inf = informer();
    const running = inf.run(stop.signal);
    await inf.waitForSync();
    await until(() => api.watchCount === 1);
    stop.abort();
    await running;
    await until(() => api.watchCount === 0);
  });
});
