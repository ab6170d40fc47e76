import { describe, expect, it } from 'vitest';
import {
  inventoryEntryOf,
  inventoryKey,
  mergeInventory,
  prunable,
  releaseMayDelete,
  sortInventory,
  type InventoryEntry,
} from './inventory.js';

const entry = (kind: string, name: string, apiVersion = 'v1', namespace: string | null = 'ns'): InventoryEntry => ({
  apiVersion,
  kind,
  name,
  ...(namespace !== null ? { namespace } : {}),
});

describe('prunable', () => {
  it('returns what left the render, last applied first', () => {
    const previous = [entry('ConfigMap', 'a'), entry('Service', 'web'), entry('ServiceAccount', 'web')];
    expect(prunable(previous, [entry('Service', 'web')])).toEqual([
      entry('ServiceAccount', 'web'),
      entry('ConfigMap', 'a'),
    ]);
  });

  it('returns nothing when the render holds everything it held before', () => {
    const previous = [entry('Service', 'web'), entry('Deployment', 'web', 'apps/v1')];
    expect(prunable(previous, [...previous, entry('ConfigMap', 'new')])).toEqual([]);
  });

  it('keeps an object whose kind moved to another version of the same group', () => {
    const previous = [entry('HorizontalPodAutoscaler', 'web', 'autoscaling/v1')];
    expect(prunable(previous, [entry('HorizontalPodAutoscaler', 'web', 'autoscaling/v2')])).toEqual([]);
  });

  it('tells apart objects of the same kind and name in other groups or namespaces', () => {
    const previous = [entry('Ingress', 'web', 'networking.k8s.io/v1'), entry('Service', 'web', 'v1', 'other')];
    expect(prunable(previous, [entry('Ingress', 'web', 'extensions.example.com/v1'), entry('Service', 'web')])).toEqual(
      [...previous].reverse(),
    );
  });

  it('reports a duplicate of the previous inventory once', () => {
    expect(prunable([entry('Service', 'web'), entry('Service', 'web')], [])).toEqual([entry('Service', 'web')]);
  });
});

describe('inventory entries', () => {
  it('records a cluster-scoped object without a namespace', () => {
    expect(
      inventoryEntryOf({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'r' } }),
    ).toEqual(entry('ClusterRole', 'r', 'rbac.authorization.k8s.io/v1', null));
  });

  it('keys by group, kind, namespace and name, and sorts by key', () => {
    expect(inventoryKey(entry('Deployment', 'web', 'apps/v1'))).toBe('apps/Deployment/ns/web');
    expect(
      sortInventory([entry('Service', 'b'), entry('Deployment', 'a', 'apps/v1'), entry('Service', 'a')]).map(
        inventoryKey,
      ),
    ).toEqual(['/Service/ns/a', '/Service/ns/b', 'apps/Deployment/ns/a']);
  });
});

describe('releaseMayDelete', () => {
  const owner = { metadata: { namespace: 'ns', name: 'shop', uid: 'u1' } };
  const controlledBy = (uid: string) => ({
    metadata: {
      namespace: 'ns',
      name: 'x',
      ownerReferences: [{ apiVersion: 'v1', kind: 'K', name: 'n', uid, controller: true }],
    },
  });

  it('deletes an object of the owner namespace only while the owner controls it', () => {
    expect(releaseMayDelete(controlledBy('u1'), true, owner)).toBe(true);
    expect(releaseMayDelete(controlledBy('u2'), true, owner)).toBe(false);
    expect(releaseMayDelete({ metadata: { namespace: 'ns', name: 'x' } }, true, owner)).toBe(false);
  });

  it('deletes what the owner could not own: cluster-scoped objects and objects of other namespaces', () => {
    expect(releaseMayDelete({ metadata: { name: 'x' } }, false, owner)).toBe(true);
    expect(releaseMayDelete({ metadata: { namespace: 'other', name: 'x' } }, true, owner)).toBe(true);
  });
});

describe('mergeInventory', () => {
  it('keeps every previous entry, adds the applied ones, and lets an applied entry replace its previous version', () => {
    const previous = [entry('ServiceAccount', 'web'), entry('HorizontalPodAutoscaler', 'web', 'autoscaling/v1')];
    const applied = [entry('ConfigMap', 'cfg'), entry('HorizontalPodAutoscaler', 'web', 'autoscaling/v2')];
    expect(mergeInventory(previous, applied)).toEqual([
      entry('ConfigMap', 'cfg'),
      entry('ServiceAccount', 'web'),
      entry('HorizontalPodAutoscaler', 'web', 'autoscaling/v2'),
    ]);
    expect(mergeInventory([], [])).toEqual([]);
  });
});
