import { describe, expect, it, vi } from 'vitest';
import type { Client } from '../client/client.js';
import type { Patch } from '../rest/rest-client.js';
import { isConflict } from '../rest/api-error.js';
import { FakeClient } from '../fake/client.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import {
  addFinalizer,
  containsFinalizer,
  dropFinalizer,
  ensureFinalizer,
  finalizer,
  removeFinalizer,
} from './finalizers.js';

const Res = defineResource<KubernetesObject & { spec?: unknown }>({
  group: 'cache.example.com',
  version: 'v1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});
const F = 'cache.example.com/finalizer';
const key = { namespace: 'ns', name: 'm' };

function recordingClient(inner: FakeClient): { client: Client; patches: Patch[] } {
  const patches: Patch[] = [];
  const client = Object.create(inner) as Client;
  client.patch = async (r, k, p, o) => {
    patches.push(p);
    return inner.patch(r, k, p, o);
  };
  return { client, patches };
}

describe('in-memory finalizers', () => {
  it('adds once, removes all occurrences, reports changes', () => {
    const obj: KubernetesObject = { metadata: { name: 'm' } };
    expect(containsFinalizer(obj, F)).toBe(false);
    expect(addFinalizer(obj, F)).toBe(true);
    expect(addFinalizer(obj, F)).toBe(false);
    expect(obj.metadata?.finalizers).toEqual([F]);
    obj.metadata!.finalizers!.push('other', F);
    expect(removeFinalizer(obj, F)).toBe(true);
    expect(obj.metadata?.finalizers).toEqual(['other']);
    expect(removeFinalizer(obj, F)).toBe(false);
  });
});

describe('ensureFinalizer / dropFinalizer', () => {
  it('sends a JSON patch guarded by test ops on resourceVersion and the finalizer list', async () => {
    const fake = new FakeClient();
    const obj = await fake.create(Res, { metadata: { name: 'm', namespace: 'ns' } });
    const { client, patches } = recordingClient(fake);
    const updated = await ensureFinalizer(client, Res, obj, F);
    expect(patches[0]).toEqual({
      type: 'json',
      ops: [
        { op: 'test', path: '/metadata/resourceVersion', value: obj.metadata?.resourceVersion },
        { op: 'test', path: '/metadata/finalizers', value: null },
        { op: 'add', path: '/metadata/finalizers', value: [F] },
      ],
    });
    expect(updated.metadata?.finalizers).toEqual([F]);
    const again = await ensureFinalizer(client, Res, updated, F);
    expect(patches).toHaveLength(1);
    expect(again).toBe(updated);

    const second = await ensureFinalizer(client, Res, updated, 'other/f');
    expect(patches[1]).toMatchObject({
      ops: [
        { op: 'test', path: '/metadata/resourceVersion' },
        { op: 'test', path: '/metadata/finalizers', value: [F] },
        { op: 'add', path: '/metadata/finalizers/-', value: 'other/f' },
      ],
    });
    const dropped = await dropFinalizer(client, Res, second, F);
    expect(patches[2]).toMatchObject({
      ops: [
        { op: 'test', path: '/metadata/resourceVersion' },
        { op: 'test', path: '/metadata/finalizers/0', value: F },
        { op: 'remove', path: '/metadata/finalizers/0' },
      ],
    });
    expect(dropped.metadata?.finalizers).toEqual(['other/f']);
  });

  it('turns a lost race (failed test op, 422 on the server) into a 409 Conflict and writes nothing', async () => {
    const fake = new FakeClient();
    const stale = await fake.create(Res, { metadata: { name: 'm', namespace: 'ns' } });
    await fake.patch(Res, key, { type: 'merge', data: { metadata: { finalizers: ['someone/else'] } } });
    const err = await ensureFinalizer(fake, Res, stale, F).catch((e: unknown) => e);
    expect(isConflict(err)).toBe(true);
    expect((await fake.get(Res, key)).metadata?.finalizers).toEqual(['someone/else']);
  });
});

describe('finalizer driver', () => {
  it('adds the finalizer, then applies', async () => {
    const fake = new FakeClient();
    const obj = await fake.create(Res, { metadata: { name: 'm', namespace: 'ns' } });
    const apply = vi.fn(async (o: KubernetesObject) => {
      expect(o.metadata?.finalizers).toEqual([F]);
      return { requeueAfter: 5 };
    });
    const cleanup = vi.fn(async () => undefined);
    await expect(finalizer(fake, Res, obj, F, { apply, cleanup })).resolves.toEqual({ requeueAfter: 5 });
    expect(apply).toHaveBeenCalledOnce();
    expect(cleanup).not.toHaveBeenCalled();
    expect((await fake.get(Res, key)).metadata?.finalizers).toEqual([F]);
  });

  it('cleans up on deletion, then removes the finalizer so the object goes away', async () => {
    const fake = new FakeClient();
    await fake.create(Res, { metadata: { name: 'm', namespace: 'ns', finalizers: [F] } });
    await fake.delete(Res, key);
    const deleting = await fake.get(Res, key);
    const apply = vi.fn(async () => undefined);
    const cleanup = vi.fn(async () => undefined);
    await finalizer(fake, Res, deleting, F, { apply, cleanup });
    expect(cleanup).toHaveBeenCalledOnce();
    expect(apply).not.toHaveBeenCalled();
    await expect(fake.get(Res, key)).rejects.toMatchObject({ code: 404 });
  });

  it('keeps the finalizer when cleanup fails', async () => {
    const fake = new FakeClient();
    await fake.create(Res, { metadata: { name: 'm', namespace: 'ns', finalizers: [F, 'other/keep'] } });
    await fake.delete(Res, key);
    const deleting = await fake.get(Res, key);
    await expect(
      finalizer(fake, Res, deleting, F, {
        apply: async () => undefined,
        cleanup: async () => Promise.reject(new Error('bucket busy')),
      }),
    ).rejects.toThrow('bucket busy');
    expect((await fake.get(Res, key)).metadata?.finalizers).toEqual([F, 'other/keep']);
  });
});
