import type { V1Job } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { builtin } from '../builtin.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { ApiError, isAlreadyExists, isConflict, isNotFound } from '../rest/api-error.js';
import type { FieldIndexer } from '../cache/field-index.js';
import { FakeClient } from './client.js';

interface Memcached extends KubernetesObject {
  spec?: { size?: number };
  status?: { ready?: number };
}
const MemcachedResource = defineResource<Memcached>({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});
const key = { namespace: 'ns', name: 'm' };
const memcached = (): Memcached => ({
  metadata: { name: 'm', namespace: 'ns' },
  spec: { size: 1 },
  status: { ready: 5 },
});

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('FakeClient create/get', () => {
  it('stores Dates of client-node models as the strings the real client sends, and returns strings', async () => {
    const c = new FakeClient({
      objects: [
        {
          apiVersion: 'batch/v1',
          kind: 'Job',
          metadata: { name: 'seeded', namespace: 'ns', creationTimestamp: new Date(0) },
        },
      ],
    });
    expect((await c.get(builtin.Job, { namespace: 'ns', name: 'seeded' })).metadata?.creationTimestamp).toBe(
      '1970-01-01T00:00:00.000000Z',
    );
    const job: V1Job = { metadata: { name: 'j', namespace: 'ns' }, spec: { template: {} } };
    await c.create(builtin.Job, job);
    const stored = await c.get(builtin.Job, { namespace: 'ns', name: 'j' });
    await c.status().update(builtin.Job, { ...stored, status: { startTime: new Date('2026-01-01T00:00:01Z') } });
    const started: string | undefined = (await c.get(builtin.Job, { namespace: 'ns', name: 'j' })).status?.startTime;
    expect(started).toBe('2026-01-01T00:00:01.000000Z');
  });

  it('sets uid, creationTimestamp, generation 1, apiVersion/kind and a string resourceVersion; drops status', async () => {
    const c = new FakeClient({ now: () => new Date('2026-01-01T00:00:00.500Z') });
    const created = await c.create(MemcachedResource, memcached());
    expect(created.apiVersion).toBe('cache.example.com/v1alpha1');
    expect(created.kind).toBe('Memcached');
    expect(created.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.metadata?.creationTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(created.metadata?.generation).toBe(1);
    expect(typeof created.metadata?.resourceVersion).toBe('string');
    expect(created.status).toBeUndefined();
    expect(await c.get(MemcachedResource, key)).toEqual(created);
  });

  it('answers 409 AlreadyExists, 404 NotFound with API server messages, 400 for a set resourceVersion', async () => {
    const c = new FakeClient();
    await c.create(MemcachedResource, memcached());
    const exists = await caught(c.create(MemcachedResource, memcached()));
    expect(isAlreadyExists(exists)).toBe(true);
    expect(exists.message).toBe('memcacheds.cache.example.com "m" already exists');
    const missing = await caught(c.get(builtin.Pod, { namespace: 'ns', name: 'nope' }));
    expect(isNotFound(missing)).toBe(true);
    expect(missing.message).toBe('pods "nope" not found');
    const withRv = await caught(
      c.create(builtin.ConfigMap, { metadata: { name: 'x', namespace: 'ns', resourceVersion: '3' } }),
    );
    expect(withRv.code).toBe(400);
  });

  it('returns deep copies so callers cannot change the store', async () => {
    const c = new FakeClient();
    const input = memcached();
    await c.create(MemcachedResource, input);
    input.spec!.size = 99;
    const got = await c.get(MemcachedResource, key);
    got.spec!.size = 42;
    expect((await c.get(MemcachedResource, key)).spec?.size).toBe(1);
  });

  it('generates names from generateName', async () => {
    const c = new FakeClient();
    const created = await c.create(builtin.ConfigMap, { metadata: { generateName: 'cfg-', namespace: 'ns' } });
    expect(created.metadata?.name).toMatch(/^cfg-[a-z0-9]{5}$/);
  });
});

describe('FakeClient update', () => {
  it('bumps resourceVersion on every write and generation only for spec changes', async () => {
    const c = new FakeClient();
    const v1 = await c.create(MemcachedResource, memcached());
    const v2 = await c.update(MemcachedResource, { ...v1, metadata: { ...v1.metadata, labels: { a: 'b' } } });
    expect(Number(v2.metadata?.resourceVersion)).toBeGreaterThan(Number(v1.metadata?.resourceVersion));
    expect(v2.metadata?.generation).toBe(1);
    const v3 = await c.update(MemcachedResource, { ...v2, spec: { size: 3 } });
    expect(v3.metadata?.generation).toBe(2);
    const v4 = await c.update(MemcachedResource, v3);
    expect(v4.metadata?.resourceVersion).toBe(v3.metadata?.resourceVersion);
  });

  it('rejects a stale resourceVersion with 409 Conflict', async () => {
    const c = new FakeClient();
    const v1 = await c.create(MemcachedResource, memcached());
    await c.update(MemcachedResource, { ...v1, spec: { size: 2 } });
    const err = await caught(c.update(MemcachedResource, { ...v1, spec: { size: 3 } }));
    expect(isConflict(err)).toBe(true);
    expect(err.message).toContain(
      'Operation cannot be fulfilled on memcacheds.cache.example.com "m": the object has been modified',
    );
  });

  it('keeps status on the main resource and changes only status through status()', async () => {
    const c = new FakeClient();
    const v1 = await c.create(MemcachedResource, memcached());
    const v2 = await c.update(MemcachedResource, { ...v1, status: { ready: 1 } });
    expect(v2.status).toBeUndefined();
    const v3 = await c.status().update(MemcachedResource, { ...v2, spec: { size: 7 }, status: { ready: 2 } });
    expect(v3.status).toEqual({ ready: 2 });
    expect(v3.spec).toEqual({ size: 1 });
    expect(v3.metadata?.generation).toBe(1);
    const stale = await caught(c.status().update(MemcachedResource, { ...v2, status: { ready: 3 } }));
    expect(isConflict(stale)).toBe(true);
  });

  it('treats kinds outside withStatusSubresource as plain: status written by update, status() 404', async () => {
    const c = new FakeClient({ withStatusSubresource: [] });
    const v1 = await c.create(MemcachedResource, memcached());
    expect(v1.status).toEqual({ ready: 5 });
    const v2 = await c.update(MemcachedResource, { ...v1, status: { ready: 6 } });
    expect(v2.status).toEqual({ ready: 6 });
    expect(v2.metadata?.generation).toBe(2);
    expect((await caught(c.status().update(MemcachedResource, v2))).code).toBe(404);
    expect(
      (await c.create(builtin.ConfigMap, { metadata: { name: 'c', namespace: 'ns' }, data: { a: 'b' } })).data,
    ).toEqual({ a: 'b' });
  });

  it('keeps seeded objects as given, status included', async () => {
    const c = new FakeClient({
      objects: [
        {
          apiVersion: 'cache.example.com/v1alpha1',
          kind: 'Memcached',
          metadata: { name: 'm', namespace: 'ns' },
          status: { ready: 3 },
        } as Memcached,
      ],
    });
    expect((await c.get(MemcachedResource, key)).status).toEqual({ ready: 3 });
  });
});

describe('FakeClient delete', () => {
  it('removes objects without finalizers and answers 404 afterwards', async () => {
    const c = new FakeClient();
    await c.create(MemcachedResource, memcached());
    await c.delete(MemcachedResource, key);
    expect(isNotFound(await caught(c.get(MemcachedResource, key)))).toBe(true);
    expect(isNotFound(await caught(c.delete(MemcachedResource, key)))).toBe(true);
  });

  it('holds objects with finalizers until the last one is removed', async () => {
    const c = new FakeClient({ now: () => new Date('2026-02-02T00:00:00Z') });
    await c.create(MemcachedResource, {
      ...memcached(),
      metadata: { ...memcached().metadata, finalizers: ['a/x', 'b/y'] },
    });
    await c.delete(MemcachedResource, key);
    const deleting = await c.get(MemcachedResource, key);
    expect(deleting.metadata?.deletionTimestamp).toBe('2026-02-02T00:00:00Z');
    const adding = await caught(
      c.update(MemcachedResource, {
        ...deleting,
        metadata: { ...deleting.metadata, finalizers: ['a/x', 'b/y', 'c/z'] },
      }),
    );
    expect(adding.code).toBe(422);
    const one = await c.update(MemcachedResource, {
      ...deleting,
      metadata: { ...deleting.metadata, finalizers: ['b/y'] },
    });
    expect(one.metadata?.finalizers).toEqual(['b/y']);
    await c.patch(MemcachedResource, key, { type: 'json', ops: [{ op: 'remove', path: '/metadata/finalizers/0' }] });
    expect(isNotFound(await caught(c.get(MemcachedResource, key)))).toBe(true);
  });

  it('checks uid and resourceVersion preconditions', async () => {
    const c = new FakeClient();
    await c.create(MemcachedResource, memcached());
    expect(isConflict(await caught(c.delete(MemcachedResource, key, { preconditions: { uid: 'other' } })))).toBe(true);
    expect(
      isConflict(await caught(c.delete(MemcachedResource, key, { preconditions: { resourceVersion: '1' } }))),
    ).toBe(true);
  });
});

describe('FakeClient patch', () => {
  it('applies RFC 7386 merge patches (null deletes) and honours a resourceVersion in the patch', async () => {
    const c = new FakeClient();
    const v1 = await c.create(builtin.ConfigMap, {
      metadata: { name: 'c', namespace: 'ns', labels: { a: '1', b: '2' } },
      data: { x: '1' },
    });
    const v2 = await c.patch(
      builtin.ConfigMap,
      { namespace: 'ns', name: 'c' },
      { type: 'merge', data: { metadata: { labels: { a: null, c: '3' } }, data: { y: '2' } } },
    );
    expect(v2.metadata?.labels).toEqual({ b: '2', c: '3' });
    expect(v2.data).toEqual({ x: '1', y: '2' });
    const stale = await caught(
      c.patch(
        builtin.ConfigMap,
        { namespace: 'ns', name: 'c' },
        { type: 'merge', data: { metadata: { resourceVersion: v1.metadata?.resourceVersion } } },
      ),
    );
    expect(isConflict(stale)).toBe(true);
  });

  it('applies JSON patches and rejects a failed test op with 422 Invalid, leaving the object alone', async () => {
    const c = new FakeClient();
    const v1 = await c.create(MemcachedResource, memcached());
    const v2 = await c.patch(MemcachedResource, key, {
      type: 'json',
      ops: [
        { op: 'test', path: '/metadata/finalizers', value: null },
        { op: 'add', path: '/metadata/finalizers', value: ['f'] },
        { op: 'replace', path: '/spec/size', value: 4 },
      ],
    });
    expect(v2.metadata?.finalizers).toEqual(['f']);
    expect(v2.metadata?.generation).toBe(2);
    const err = await caught(
      c.patch(MemcachedResource, key, {
        type: 'json',
        ops: [
          { op: 'test', path: '/metadata/resourceVersion', value: v1.metadata?.resourceVersion },
          { op: 'replace', path: '/spec/size', value: 9 },
        ],
      }),
    );
    expect(err.code).toBe(422);
    expect(err.reason).toBe('Invalid');
    expect(err.message).toContain('testing value /metadata/resourceVersion failed');
    expect((await c.get(MemcachedResource, key)).spec?.size).toBe(4);
    expect(
      (await caught(c.patch(MemcachedResource, key, { type: 'json', ops: [{ op: 'remove', path: '/spec/nothing' }] })))
        .code,
    ).toBe(422);
  });

  it('patches status only through status().patch on kinds with a status subresource', async () => {
    const c = new FakeClient();
    await c.create(MemcachedResource, memcached());
    const main = await c.patch(MemcachedResource, key, { type: 'merge', data: { status: { ready: 9 } } });
    expect(main.status).toBeUndefined();
    const st = await c
      .status()
      .patch(MemcachedResource, key, { type: 'merge', data: { spec: { size: 8 }, status: { ready: 9 } } });
    expect(st.status).toEqual({ ready: 9 });
    expect(st.spec).toEqual({ size: 1 });
  });

  it('approximates apply as a merge that creates missing objects', async () => {
    const c = new FakeClient();
    const created = await c.patch(
      builtin.ConfigMap,
      { namespace: 'ns', name: 'a' },
      { type: 'apply', data: { apiVersion: 'v1', kind: 'ConfigMap', data: { k: 'v' } } as KubernetesObject },
    );
    expect(created.data).toEqual({ k: 'v' });
    const merged = await c.patch(
      builtin.ConfigMap,
      { namespace: 'ns', name: 'a' },
      { type: 'apply', data: { apiVersion: 'v1', kind: 'ConfigMap', data: { k2: 'v2' } } as KubernetesObject },
    );
    expect(merged.data).toEqual({ k: 'v', k2: 'v2' });
  });
});

describe('FakeClient list', () => {
  it('filters by namespace, label selector and field selector', async () => {
    const c = new FakeClient();
    await c.create(builtin.ConfigMap, {
      metadata: { name: 'a', namespace: 'ns1', labels: { app: 'web', tier: 'fe' } },
    });
    await c.create(builtin.ConfigMap, { metadata: { name: 'b', namespace: 'ns1', labels: { app: 'db' } } });
    await c.create(builtin.ConfigMap, { metadata: { name: 'c', namespace: 'ns2', labels: { app: 'web' } } });
    await c.create(builtin.Secret, { metadata: { name: 's', namespace: 'ns1', labels: { app: 'web' } } });
    const names = (xs: KubernetesObject[]) => xs.map((x) => `${x.metadata?.namespace}/${x.metadata?.name}`);
    expect(names(await c.list(builtin.ConfigMap))).toEqual(['ns1/a', 'ns1/b', 'ns2/c']);
    expect(names(await c.list(builtin.ConfigMap, { namespace: 'ns1' }))).toEqual(['ns1/a', 'ns1/b']);
    expect(names(await c.list(builtin.ConfigMap, { labelSelector: 'app=web' }))).toEqual(['ns1/a', 'ns2/c']);
    expect(names(await c.list(builtin.ConfigMap, { labelSelector: 'app!=web' }))).toEqual(['ns1/b']);
    expect(names(await c.list(builtin.ConfigMap, { labelSelector: 'app=web,tier' }))).toEqual(['ns1/a']);
    expect(names(await c.list(builtin.ConfigMap, { fieldSelector: 'metadata.name=b' }))).toEqual(['ns1/b']);
    expect((await caught(c.list(builtin.ConfigMap, { fieldSelector: 'spec.x=1' }))).code).toBe(400);
  });
});

describe('FakeClient field indexes', () => {
  const job = (namespace: string, name: string, owner: string): KubernetesObject => ({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      namespace,
      name,
      ownerReferences: [
        {
          apiVersion: 'batch.tutorial.kubebuilder.io/v1',
          kind: 'CronJob',
          name: owner,
          uid: `u-${owner}`,
          controller: true,
        },
      ],
    },
  });
  const jobOwner = (indexer: FieldIndexer) =>
    indexer.indexField(builtin.Job, '.metadata.controller', (j) =>
      (j.metadata?.ownerReferences ?? []).filter((r) => r.controller === true).map((r) => r.name),
    );
  const names = (objs: KubernetesObject[]) => objs.map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`);
  const objects = [job('a', 'j1', 'cron'), job('a', 'j2', 'other'), job('b', 'j3', 'cron')];

  it('lists by an index registered through the indexes option, namespace-aware', async () => {
    const c = new FakeClient({ objects, indexes: [jobOwner] });
    expect(
      names(await c.list(builtin.Job, { namespace: 'a', matchingFields: { '.metadata.controller': 'cron' } })),
    ).toEqual(['a/j1']);
    expect(names(await c.list(builtin.Job, { matchingFields: { '.metadata.controller': 'cron' } }))).toEqual([
      'a/j1',
      'b/j3',
    ]);
    expect(await c.list(builtin.Job, { matchingFields: { '.metadata.controller': 'none' } })).toEqual([]);
  });

  it('is a FieldIndexer, so one registration function serves the manager and the fake', async () => {
    const c = new FakeClient({ objects });
    jobOwner(c);
    expect(names(await c.list(builtin.Job, { matchingFields: { '.metadata.controller': 'other' } }))).toEqual(['a/j2']);
    // Objects written later are found too: the fake evaluates the extractor on every list.
    await c.create(builtin.Job, job('a', 'j4', 'other'));
    expect(
      names(await c.list(builtin.Job, { namespace: 'a', matchingFields: { '.metadata.controller': 'other' } })),
    ).toEqual(['a/j2', 'a/j4']);
    expect(() => jobOwner(c)).toThrow(
      /indexer conflict: field \.metadata\.controller of jobs\.batch is already indexed/,
    );
  });

  it('fails like the cache for a field without an index, and for matchingFields with fieldSelector', async () => {
    const c = new FakeClient({ objects, indexes: [jobOwner] });
    await expect(c.list(builtin.CronJob, { matchingFields: { '.metadata.controller': 'x' } })).rejects.toThrow(
      /^Index with name field:\.metadata\.controller does not exist: register it with indexField\(CronJob, '\.metadata\.controller', \.\.\.\) on the FakeClient/,
    );
    await expect(
      c.list(builtin.Job, { matchingFields: { '.metadata.controller': 'x' }, fieldSelector: 'metadata.name=j1' }),
    ).rejects.toThrow(/not both/);
  });
});

describe('FakeClient with objects nested as deep as the API server accepts', () => {
  interface Tree extends KubernetesObject {
    spec: { color?: string; tree?: unknown };
  }
  const TreeResource = defineResource<Tree>({
    group: 'example.com',
    version: 'v1',
    kind: 'Tree',
    plural: 'trees',
    namespaced: true,
  });
  const nested = (levels: number, leaf: unknown): unknown => {
    let v = leaf;
    for (let i = 0; i < levels; i++) v = { a: v };
    return v;
  };
  const leafOf = (v: unknown): unknown => {
    let cur = v;
    while (typeof cur === 'object' && cur !== null) cur = (cur as { a: unknown }).a;
    return cur;
  };

  it('creates, reads, lists, updates and patches them past where structuredClone overflows', async () => {
    const c = new FakeClient();
    const key = { namespace: 'ns', name: 'deep' };
    const created = await c.create(TreeResource, { metadata: key, spec: { tree: nested(9_000, 'leaf') } });
    expect(created.metadata?.generation).toBe(1);
    const read = await c.get(TreeResource, { namespace: 'ns', name: 'deep' });
    expect(leafOf(read.spec.tree)).toBe('leaf');
    expect((await c.list(TreeResource, { namespace: 'ns' })).map((t) => leafOf(t.spec.tree))).toEqual(['leaf']);
    read.spec.tree = nested(9_000, 'changed');
    const updated = await c.update(TreeResource, read);
    expect(updated.metadata?.generation).toBe(2);
    // Writing the same object again changes nothing, so the resourceVersion stays.
    const same = await c.update(TreeResource, updated);
    expect(same.metadata?.resourceVersion).toBe(updated.metadata?.resourceVersion);
    const ops = [{ op: 'add' as const, path: '/spec/color', value: 'red' }];
    const patched = await c.patch(TreeResource, key, { type: 'json', ops });
    expect(patched.spec.color).toBe('red');
    const merged = await c.patch(TreeResource, key, { type: 'merge', data: { spec: { color: 'blue' } } });
    expect([merged.spec.color, leafOf(merged.spec.tree)]).toEqual(['blue', 'changed']);
  });
});
