import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '../resource.js';
import { Store } from './store.js';

const obj = (ns: string, name: string, rv: string, owner?: string): KubernetesObject => ({
  metadata: { namespace: ns, name, resourceVersion: rv, ...(owner ? { ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'o', uid: owner }] } : {}) },
});

describe('Store', () => {
  it('reports adds, updates only on a new resourceVersion, and deletes', () => {
    const s = new Store();
    expect(s.apply(obj('a', 'x', '1'))?.type).toBe('add');
    expect(s.apply(obj('a', 'x', '1'))).toBeUndefined();
    expect(s.apply(obj('a', 'x', '2'))?.type).toBe('update');
    expect(s.delete(obj('a', 'x', '3'))).toEqual({ type: 'delete', obj: obj('a', 'x', '3') });
    expect(s.delete(obj('a', 'x', '3'))).toBeUndefined();
  });

  it('replaces only the relisted namespace and keeps indexes consistent', () => {
    const s = new Store();
    s.apply(obj('a', 'keep', '1', 'o1'));
    s.apply(obj('a', 'gone', '1', 'o1'));
    s.apply(obj('b', 'other', '1', 'o1'));
    const changes = s.replace([obj('a', 'keep', '2', 'o2'), obj('a', 'new', '1')], 'a');
    expect(changes.map((c) => c.type).sort()).toEqual(['add', 'delete', 'update']);
    expect(s.list().map((o) => o.metadata?.name).sort()).toEqual(['keep', 'new', 'other']);
    expect(s.byIndex('owner', 'o1').map((o) => o.metadata?.name)).toEqual(['other']);
    expect(s.byIndex('owner', 'o2').map((o) => o.metadata?.name)).toEqual(['keep']);
    expect(s.byIndex('namespace', 'a')).toHaveLength(2);
  });

  it('replaces everything for a cluster-wide relist and supports custom indexes', () => {
    const s = new Store();
    s.apply(obj('a', 'x', '1'));
    s.apply(obj('b', 'y', '1'));
    s.addIndexer('name', (o) => [o.metadata?.name ?? '']);
    expect(s.byIndex('name', 'y')).toHaveLength(1);
    s.replace([obj('c', 'z', '1')], undefined);
    expect(s.list().map((o) => o.metadata?.name)).toEqual(['z']);
    expect(s.byIndex('name', 'y')).toHaveLength(0);
  });
});
