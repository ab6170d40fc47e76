import { describe, expect, it } from 'vitest';
import { builtin } from '../builtin.js';
import { FakeClient } from '../fake/client.js';
import { defineResource, type KubernetesObject, type ObjectOf } from '../resource.js';

// createOrUpdate replaces the object in place by what the server stored: a wire object.
type V1ConfigMap = ObjectOf<typeof builtin.ConfigMap>;
import { createOrPatch, createOrUpdate } from './create-or-update.js';
import { applyMergePatch, createMergePatch } from './merge-patch.js';

interface Memcached extends KubernetesObject {
  spec?: { size?: number; image?: string };
  status?: { ready?: number };
}
const Res = defineResource<Memcached>({
  group: 'cache.example.com',
  version: 'v1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});

describe('createOrUpdate', () => {
  it('creates a missing object, then reports unchanged, then updated', async () => {
    const c = new FakeClient();
    const cm: V1ConfigMap = { metadata: { name: 'cfg', namespace: 'ns' } };
    expect(await createOrUpdate(c, builtin.ConfigMap, cm, (o) => void (o.data = { a: '1' }))).toBe('created');
    expect(cm.metadata?.uid).toBeDefined();
    const rv = cm.metadata?.resourceVersion;
    const again: V1ConfigMap = { metadata: { name: 'cfg', namespace: 'ns' } };
    expect(await createOrUpdate(c, builtin.ConfigMap, again, (o) => void (o.data = { a: '1' }))).toBe('unchanged');
    expect(again.metadata?.resourceVersion).toBe(rv);
    expect(await createOrUpdate(c, builtin.ConfigMap, again, (o) => void (o.data = { a: '2' }))).toBe('updated');
    expect((await c.get(builtin.ConfigMap, { namespace: 'ns', name: 'cfg' })).data).toEqual({ a: '2' });
  });

  it('refuses a mutate that changes the name', async () => {
    const c = new FakeClient();
    const cm: V1ConfigMap = { metadata: { name: 'cfg', namespace: 'ns' } };
    await expect(createOrUpdate(c, builtin.ConfigMap, cm, (o) => void (o.metadata!.name = 'other'))).rejects.toThrow(
      /must not change name or namespace/,
    );
  });
});

describe('createOrPatch', () => {
  it('patches spec and status separately and says which', async () => {
    const c = new FakeClient();
    const m: Memcached = { metadata: { name: 'm', namespace: 'ns' } };
    expect(await createOrPatch(c, Res, m, (o) => void (o.spec = { size: 1 }))).toBe('created');
    expect(await createOrPatch(c, Res, m, (o) => void (o.spec = { size: 1 }))).toBe('unchanged');
    expect(await createOrPatch(c, Res, m, (o) => void (o.status = { ready: 1 }))).toBe('updatedStatusOnly');
    expect(
      await createOrPatch(c, Res, m, (o) => {
        o.spec = { size: 2 };
        o.status = { ready: 2 };
      }),
    ).toBe('updatedStatus');
    expect(await createOrPatch(c, Res, m, (o) => void (o.spec = { size: 3, image: 'x' }))).toBe('updated');
    const stored = await c.get(Res, { namespace: 'ns', name: 'm' });
    expect(stored.spec).toEqual({ size: 3, image: 'x' });
    expect(stored.status).toEqual({ ready: 2 });
    expect(m).toEqual(stored);
  });
});

describe('merge patch helpers', () => {
  it('computes RFC 7386 patches that round-trip', () => {
    const before = { a: 1, b: { c: 2, d: [1, 2] }, e: 'x' };
    const after = { a: 1, b: { c: 3, d: [1] }, f: true };
    const patch = createMergePatch(before, after);
    expect(patch).toEqual({ b: { c: 3, d: [1] }, e: null, f: true });
    expect(applyMergePatch(before, patch)).toEqual(after);
    expect(createMergePatch(before, structuredClone(before))).toBeUndefined();
  });
});
