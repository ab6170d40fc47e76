import { describe, expect, it } from 'vitest';
import { builtin } from '../builtin.js';
import {
  AlreadyOwnedError,
  getControllerOf,
  hasControllerReference,
  hasOwnerReference,
  removeOwnerReference,
  setControllerReference,
  setOwnerReference,
} from './owner-references.js';

const owner = () => ({
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: { name: 'm', namespace: 'ns', uid: 'u-1' },
});
const child = () => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'ns' } });

describe('setControllerReference', () => {
  it('adds a controller reference with blockOwnerDeletion', () => {
    const obj = child();
    setControllerReference(owner(), obj);
    expect(obj.metadata).toMatchObject({
      ownerReferences: [
        {
          apiVersion: 'cache.example.com/v1alpha1',
          kind: 'Memcached',
          name: 'm',
          uid: 'u-1',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    });
    expect(hasControllerReference(obj)).toBe(true);
    expect(getControllerOf(obj)?.name).toBe('m');
  });

  it('updates the same owner in place (version change, new uid) instead of adding a second reference', () => {
    const obj = child();
    setControllerReference(owner(), obj);
    setControllerReference(
      { ...owner(), apiVersion: 'cache.example.com/v1', metadata: { ...owner().metadata, uid: 'u-2' } },
      obj,
    );
    expect((obj.metadata as { ownerReferences?: unknown[] }).ownerReferences).toHaveLength(1);
    expect(getControllerOf(obj)).toMatchObject({ apiVersion: 'cache.example.com/v1', uid: 'u-2' });
  });

  it('refuses a second controller with AlreadyOwnedError', () => {
    const obj = child();
    setControllerReference(owner(), obj);
    const other = { ...owner(), metadata: { ...owner().metadata, name: 'other', uid: 'u-9' } };
    expect(() => setControllerReference(other, obj)).toThrow(AlreadyOwnedError);
    expect(() => setControllerReference(other, obj)).toThrow(/already owned by another Memcached controller m/);
  });

  it('needs apiVersion, kind, name and uid of the owner; a descriptor fills apiVersion and kind', () => {
    const bare = { metadata: { name: 'm', namespace: 'ns', uid: 'u' } };
    expect(() => setControllerReference(bare, child())).toThrow(/apiVersion, kind/);
    expect(() => setControllerReference({ ...owner(), metadata: { name: 'm', namespace: 'ns' } }, child())).toThrow(
      /metadata\.uid/,
    );
    const obj = child();
    setControllerReference({ metadata: { name: 'cm', namespace: 'ns', uid: 'u' } }, obj, builtin.ConfigMap);
    expect(getControllerOf(obj)).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
  });

  it('allows cluster-scoped owners of namespaced objects but refuses cross-namespace and namespaced owners of cluster-scoped objects', () => {
    const clusterOwner = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns', uid: 'u' } };
    expect(() => setControllerReference(clusterOwner, child())).not.toThrow();
    expect(() =>
      setControllerReference(owner(), { ...child(), metadata: { name: 'd', namespace: 'elsewhere' } }),
    ).toThrow(/cross-namespace/);
    expect(() =>
      setControllerReference(owner(), { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }),
    ).toThrow(/cluster-scoped resource/);
  });
});

describe('setOwnerReference / removeOwnerReference', () => {
  it('adds non-controlling references alongside a controller and removes them', () => {
    const obj = child();
    setControllerReference(owner(), obj);
    const other = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'ns', uid: 'u-c' } };
    setOwnerReference(other, obj);
    expect(obj.metadata).toMatchObject({ ownerReferences: [{ name: 'm' }, { name: 'c', uid: 'u-c' }] });
    expect(getControllerOf(obj)?.name).toBe('m');
    expect(hasOwnerReference(other, obj)).toBe(true);
    expect(removeOwnerReference(other, obj)).toBe(true);
    expect(removeOwnerReference(other, obj)).toBe(false);
    expect(hasOwnerReference(other, obj)).toBe(false);
  });
});
