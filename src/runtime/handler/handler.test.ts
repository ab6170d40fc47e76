import { describe, expect, it } from 'vitest';
import type { Request } from '../reconcile/reconcile.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { enqueueRequestsFromMapFunc } from './enqueue-mapped.js';
import { enqueueRequestForObject } from './enqueue-object.js';
import { enqueueRequestForOwner, ownerRequests } from './enqueue-owner.js';

const Memcached = defineResource({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});
const Cluster = defineResource({
  group: 'example.com',
  version: 'v1',
  kind: 'Cluster',
  plural: 'clusters',
  namespaced: false,
});

function collect(): { q: { add(r: Request): void }; got: Request[] } {
  const got: Request[] = [];
  return { q: { add: (r) => got.push(r) }, got };
}

function owned(refs: unknown[], namespace = 'ns'): KubernetesObject {
  return { metadata: { name: 'child', namespace, ownerReferences: refs as never } };
}

const ref = (over: Record<string, unknown>) => ({
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  name: 'mc',
  uid: 'u1',
  controller: true,
  ...over,
});

describe('enqueueRequestForObject', () => {
  it('enqueues the object of every event', () => {
    const { q, got } = collect();
    const h = enqueueRequestForObject();
    h.create?.({ object: { metadata: { namespace: 'ns', name: 'a' } } }, q);
    h.update?.(
      {
        objectOld: { metadata: { namespace: 'ns', name: 'b' } },
        objectNew: { metadata: { namespace: 'ns', name: 'b' } },
      },
      q,
    );
    h.delete?.({ object: { metadata: { name: 'c' } } }, q);
    expect(got).toEqual([
      { namespace: 'ns', name: 'a' },
      { namespace: 'ns', name: 'b' },
      { namespace: '', name: 'c' },
    ]);
  });
});

describe('enqueueRequestForOwner', () => {
  it('maps to the controller owner of the for kind, in the owned object namespace, any version', () => {
    expect(ownerRequests(owned([ref({})]), Memcached)).toEqual([{ namespace: 'ns', name: 'mc' }]);
    expect(ownerRequests(owned([ref({ apiVersion: 'cache.example.com/v1beta2' })]), Memcached)).toEqual([
      { namespace: 'ns', name: 'mc' },
    ]);
  });

  it('ignores non-controller owners, other kinds and other groups', () => {
    expect(ownerRequests(owned([ref({ controller: false })]), Memcached)).toEqual([]);
    expect(ownerRequests(owned([ref({ controller: undefined })]), Memcached)).toEqual([]);
    expect(ownerRequests(owned([ref({ kind: 'Other' })]), Memcached)).toEqual([]);
    expect(ownerRequests(owned([ref({ apiVersion: 'other.example.com/v1alpha1' })]), Memcached)).toEqual([]);
    expect(ownerRequests(owned([]), Memcached)).toEqual([]);
    expect(ownerRequests({ metadata: { name: 'x' } }, Memcached)).toEqual([]);
  });

  it('follows every matching owner when onlyController is false', () => {
    const obj = owned([ref({ controller: false, name: 'a' }), ref({ name: 'b' })]);
    expect(ownerRequests(obj, Memcached, { onlyController: false }).map((r) => r.name)).toEqual(['a', 'b']);
  });

  it('uses an empty namespace for a cluster-scoped owner', () => {
    const obj = owned([{ apiVersion: 'example.com/v1', kind: 'Cluster', name: 'c1', uid: 'u', controller: true }]);
    expect(ownerRequests(obj, Cluster)).toEqual([{ namespace: '', name: 'c1' }]);
  });

  it('enqueues the owners of both old and new objects on update, once each', () => {
    const { q, got } = collect();
    const h = enqueueRequestForOwner(Memcached);
    h.update?.({ objectOld: owned([ref({ name: 'old' })]), objectNew: owned([ref({ name: 'new' })]) }, q);
    h.update?.({ objectOld: owned([ref({ name: 'same' })]), objectNew: owned([ref({ name: 'same' })]) }, q);
    h.delete?.({ object: owned([ref({})]) }, q);
    expect(got.map((r) => r.name)).toEqual(['old', 'new', 'same', 'mc']);
  });
});

describe('enqueueRequestsFromMapFunc', () => {
  it('maps old and new objects, defaulting the namespace and dropping duplicates', () => {
    const { q, got } = collect();
    const h = enqueueRequestsFromMapFunc((obj) => [
      { namespace: obj.metadata?.namespace, name: 'target' },
      { name: 'global' },
    ]);
    h.update?.(
      {
        objectOld: { metadata: { namespace: 'a', name: 'x' } },
        objectNew: { metadata: { namespace: 'b', name: 'x' } },
      },
      q,
    );
    expect(got).toEqual([
      { namespace: 'a', name: 'target' },
      { namespace: '', name: 'global' },
      { namespace: 'b', name: 'target' },
    ]);
  });

  it('accepts a map function that returns nothing', () => {
    const { q, got } = collect();
    enqueueRequestsFromMapFunc(() => undefined).create?.({ object: { metadata: { name: 'x' } } }, q);
    expect(got).toEqual([]);
  });
});
