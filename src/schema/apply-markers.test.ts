import { describe, expect, it } from 'vitest';
import type { LocatedMarker } from '../markers/collect.js';
import { parseMarker } from '../markers/parse-marker.js';
import { MarkerRegistry } from '../markers/registry.js';
import { applyMarkers } from './apply-markers.js';
import type { JSONSchemaProps } from './json-schema.js';
import { SCHEMA_MARKERS, registerSchemaMarkers } from './markers/register.js';

const registry = registerSchemaMarkers(new MarkerRegistry());

function markers(...lines: string[]): LocatedMarker[] {
  return lines.map((line, i) => {
    const r = parseMarker(line, registry);
    if (r === undefined || r.ok !== true) throw new Error(`expected ${line} to parse`);
    return { ...r.marker, loc: { file: '/t.ts', line: i + 1, column: 1 } };
  });
}

function apply(
  schema: JSONSchemaProps,
  target: 'type' | 'field',
  ...lines: string[]
): { schema: JSONSchemaProps; problems: string[] } {
  const problems: string[] = [];
  const out = applyMarkers(schema, markers(...lines), target, (m, message) =>
    problems.push(`${m.loc.line}: ${message}`),
  );
  return { schema: out, problems };
}

describe('applyMarkers', () => {
  it('applies in priority order whatever the order written: Type first, items: last, operator-ts:schema after all', () => {
    const { schema, problems } = apply(
      {},
      'field',
      '+operator-ts:schema={"maxItems":3}',
      '+kubebuilder:validation:items:MaxLength=5',
      '+kubebuilder:validation:MaxItems=9',
      '+kubebuilder:validation:Type=array',
    );
    // Type=array gives no items, so items:MaxLength has nothing to stand on: it is reported, the rest applies.
    expect(problems).toEqual(['2: +kubebuilder:validation:items:MaxLength=5 applies to arrays, not array']);
    expect(schema).toEqual({ type: 'array', maxItems: 3 });
    const withItems = apply(
      { type: 'array', items: { type: 'string' } },
      'field',
      '+kubebuilder:validation:items:MaxLength=5',
      '+kubebuilder:validation:MaxItems=9',
    );
    expect(withItems).toEqual({
      schema: { type: 'array', items: { type: 'string', maxLength: 5 }, maxItems: 9 },
      problems: [],
    });
  });

  it('reports a marker where it may not stand and one that does not fit the node, and goes on', () => {
    const { schema, problems } = apply(
      { type: 'string' },
      'type',
      '+nullable',
      '+kubebuilder:validation:MaxItems=2',
      '+kubebuilder:validation:MaxLength=4',
    );
    expect(problems).toEqual([
      '1: +nullable applies to fields, not types',
      '2: MaxItems applies to arrays, not string',
    ]);
    expect(schema).toEqual({ type: 'string', maxLength: 4 });
  });

  it('empties the node for Schemaless before anything applies', () => {
    expect(
      apply(
        { type: 'object', properties: {} },
        'field',
        '+kubebuilder:validation:Type=string',
        '+kubebuilder:validation:Schemaless',
      ).schema,
    ).toEqual({ type: 'string' });
  });

  it('checks list map keys once, at the first key marker, when the list is no map', () => {
    const { problems } = apply(
      { type: 'array', items: { type: 'object' } },
      'field',
      '+listMapKey=name',
      '+k8s:listMapKey=port',
      '+listType=set',
    );
    expect(problems).toEqual(['1: +listMapKey=name needs +listType=map']);
    expect(
      apply({ type: 'array', items: { type: 'object' } }, 'field', '+listMapKey=name', '+listType=map').problems,
    ).toEqual([]);
  });

  it('gives a node new lists: the arrays of a schema may be shared with other uses of its type', () => {
    const rules = [{ rule: 'self.a' }];
    const keys = ['name'];
    const shared: JSONSchemaProps = {
      type: 'array',
      items: { type: 'object' },
      'x-kubernetes-validations': rules,
      'x-kubernetes-list-map-keys': keys,
    };
    apply(shared, 'field', '+kubebuilder:validation:XValidation:rule="self.b"', '+listMapKey=port', '+listType=map');
    expect(rules).toEqual([{ rule: 'self.a' }]);
    expect(keys).toEqual(['name']);
    expect(shared['x-kubernetes-validations']).toEqual([{ rule: 'self.a' }, { rule: 'self.b' }]);
  });

  it('spells the declarative aliases as the markers they stand for', () => {
    expect(apply({ type: 'string' }, 'field', '+k8s:maxItems=1').problems).toEqual([
      '1: MaxItems applies to arrays, not string',
    ]);
    expect(apply({ type: 'integer' }, 'field', '+k8s:minimum=0', '+k8s:maximum=7').schema).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 7,
    });
  });
});

describe('SCHEMA_MARKERS', () => {
  it('define each name once, with help and an example of their own name', () => {
    expect(new Set(SCHEMA_MARKERS.map((m) => m.name)).size).toBe(SCHEMA_MARKERS.length);
    for (const m of SCHEMA_MARKERS) expect(m.example.startsWith(`+${m.name}`), m.name).toBe(true);
  });
});
