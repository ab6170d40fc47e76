import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '../resource.js';
import { Store } from './store.js';

const obj = (ns: string, name: string, rv: string, owner?: string): KubernetesObject => ({
  metadata: {
    namespace: ns,
    name,
    resourceVersion: rv,
    ...(owner ? { ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'o', uid: owner }] } : {}),
  },
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
    expect(
      s
        .list()
        .map((o) => o.metadata?.name)
        .sort(),
    ).toEqual(['keep', 'new', 'other']);
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

describe('Store indexes', () => {
  it('remember the values they stored, so an extractor that changes its mind leaves no stale entry', () => {
    const s = new Store();
    let suffix = 'a';
    s.addIndexer('impure', (o) => [`${o.metadata?.name}-${suffix}`]);
    s.apply(obj('n', 'x', '1'));
    suffix = 'b';
    s.apply(obj('n', 'x', '2'));
    expect(s.byIndex('impure', 'x-a')).toEqual([]);
    expect(s.byIndex('impure', 'x-b')).toHaveLength(1);
    suffix = 'c';
    s.delete(obj('n', 'x', '3'));
    expect(s.byIndex('impure', 'x-b')).toEqual([]);
    expect(s.indexedValues('impure')).toBe(0);
  });

  it('drop a value once no object has it, through add, update, delete and relist', () => {
    const s = new Store();
    s.addIndexer('owner-name', (o) => (o.metadata?.ownerReferences ?? []).map((r) => r.uid));
    for (let i = 0; i < 50; i++) s.apply(obj('n', `o${i}`, '1', `owner-${i % 5}`));
    expect(s.indexedValues('owner-name')).toBe(5);
    for (let i = 0; i < 50; i++) s.apply(obj('n', `o${i}`, '2', 'owner-x'));
    expect(s.indexedValues('owner-name')).toBe(1);
    expect(s.byIndex('owner-name', 'owner-x')).toHaveLength(50);
    for (let i = 0; i < 25; i++) s.delete(obj('n', `o${i}`, '3'));
    expect(s.byIndex('owner-name', 'owner-x')).toHaveLength(25);
    s.replace([], 'n');
    expect(s.indexedValues('owner-name')).toBe(0);
    expect(s.indexedValues('namespace')).toBe(0);
    expect(s.indexedValues('owner')).toBe(0);
  });

  it('refuse a second index of the same name', () => {
    const s = new Store();
    s.addIndexer('x', () => []);
    expect(() => s.addIndexer('x', () => [])).toThrow(/indexer conflict: x/);
    expect(s.hasIndex('x')).toBe(true);
    expect(s.hasIndex('y')).toBe(false);
  });
});
