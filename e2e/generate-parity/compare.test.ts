import { describe, expect, it } from 'vitest';
import { compareCrdShell, compareSchemas } from './compare.js';

// The comparison must see real differences and ignore only the documented normalisations.
describe('compareSchemas', () => {
  const base = {
    type: 'object',
    required: ['a', 'b'],
    properties: { a: { type: 'string', description: 'x' }, b: { type: 'array', items: { type: 'string' } } },
  };

  it('counts every node and ignores descriptions and set order', () => {
    const other = {
      type: 'object',
      required: ['b', 'a'],
      properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'string' } } },
    };
    const r = compareSchemas(base, other);
    expect(r).toMatchObject({ nodes: 4, matching: 4, diffs: [] });
  });

  it('tells an unmarked list from an atomic one, as controller-gen writes what Kubernetes declares', () => {
    const other = {
      ...base,
      properties: { ...base.properties, b: { ...base.properties.b, 'x-kubernetes-list-type': 'atomic' } },
    };
    expect(compareSchemas(base, other).diffs.map((d) => `${d.path} ${d.keyword}`)).toEqual([
      'b x-kubernetes-list-type',
    ]);
  });

  it('reports a differing keyword and a node present on one side only', () => {
    const other = {
      type: 'object',
      required: ['a', 'b'],
      properties: {
        a: { type: 'string', maxLength: 3 },
        b: { type: 'array', items: { type: 'string' } },
        c: { type: 'integer' },
      },
    };
    const r = compareSchemas(base, other);
    expect(r.nodes).toBe(5);
    expect(r.matching).toBe(3);
    expect(r.diffs.map((d) => `${d.path} ${d.keyword}`)).toEqual(['a maxLength', 'c (node)']);
  });

  it('compares the CRD shell without the tool annotation and treats empty subresources as none', () => {
    const crd = (plural: string, sub: unknown) => ({
      metadata: { name: `${plural}.g`, annotations: { 'operator-ts.dev/version': '1' } },
      spec: {
        group: 'g',
        names: { plural },
        scope: 'Namespaced',
        versions: [{ name: 'v1', served: true, storage: true, subresources: sub }],
      },
    });
    expect(compareCrdShell(crd('ws', undefined), crd('ws', {}))).toEqual([]);
    expect(compareCrdShell(crd('ws', undefined), crd('wz', { status: {} })).map((d) => d.keyword)).toEqual([
      'metadata.name',
      'spec.names',
      'spec.versions[v1].subresources',
    ]);
  });
});
