import { describe, expect, it } from 'vitest';
import { compareCrdSets, maxBump, type Bump } from './crd-diff.js';

type Obj = Record<string, unknown>;

/** crd builds a Widget CRD; `edit` changes a deep copy of it. */
function crd(edit: (c: Obj, schema: Obj, spec: Obj) => void = () => undefined): Obj {
  const c: Obj = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: {
              type: 'object',
              description: 'A widget.',
              properties: {
                spec: {
                  type: 'object',
                  required: ['size'],
                  properties: {
                    size: { type: 'integer', format: 'int32', minimum: 1, maximum: 10 },
                    mode: { type: 'string', enum: ['a', 'b'] },
                    name: { type: 'string', maxLength: 20 },
                    tags: { type: 'array', items: { type: 'string' } },
                    labels: { type: 'object', additionalProperties: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      ],
    },
  };
  const copy = structuredClone(c);
  const spec = copy['spec'] as Obj;
  const version = (spec['versions'] as Obj[])[0]!;
  const root = (version['schema'] as Obj)['openAPIV3Schema'] as Obj;
  edit(copy, (root['properties'] as Obj)['spec'] as Obj, spec);
  return copy;
}

const props = (schema: Obj): Obj => schema['properties'] as Obj;
const prop = (schema: Obj, name: string): Obj => props(schema)[name] as Obj;
const v1 = (spec: Obj): Obj => (spec['versions'] as Obj[])[0]!;
const v2 = (spec: Obj): Obj => ({ ...structuredClone(v1(spec)), name: 'v2', storage: false });

interface Case {
  readonly name: string;
  readonly edit: (c: Obj, schema: Obj, spec: Obj) => void;
  readonly bump: Bump;
  readonly reason: string;
}

const CASES: readonly Case[] = [
  {
    name: 'a removed field',
    edit: (_, s) => delete props(s)['name'],
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.name: field removed',
  },
  {
    name: 'a retyped field',
    edit: (_, s) => (prop(s, 'size')['type'] = 'string'),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.size: retyped from "integer" to "string"',
  },
  {
    name: 'a removed version',
    edit: (_, __, spec) => (spec['versions'] = [{ ...v1(spec), name: 'v2' }]),
    bump: 'major',
    reason: 'widgets.example.com v1: version removed (or no longer served)',
  },
  {
    name: 'a version no longer served',
    edit: (_, __, spec) =>
      (spec['versions'] = [
        { ...v1(spec), served: false },
        { ...v2(spec), storage: true },
      ]),
    bump: 'major',
    reason: 'widgets.example.com v1: version removed (or no longer served)',
  },
  {
    name: 'a removed enum value',
    edit: (_, s) => (prop(s, 'mode')['enum'] = ['a']),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.mode: enum value "b" removed',
  },
  {
    name: 'a raised minimum',
    edit: (_, s) => (prop(s, 'size')['minimum'] = 2),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.size: narrowed validation: minimum 1 -> 2',
  },
  {
    name: 'a lowered maxLength',
    edit: (_, s) => (prop(s, 'name')['maxLength'] = 10),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.name: narrowed validation: maxLength 20 -> 10',
  },
  {
    name: 'a new pattern',
    edit: (_, s) => (prop(s, 'name')['pattern'] = '^[a-z]+$'),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.name: narrowed validation: pattern null -> "^[a-z]+$"',
  },
  {
    name: 'a new CEL rule',
    edit: (_, s) => (s['x-kubernetes-validations'] = [{ rule: 'self.size < 5' }]),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec: narrowed validation: new rule "self.size < 5"',
  },
  {
    name: 'an enum on a free field',
    edit: (_, s) => (prop(s, 'name')['enum'] = ['x']),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.name: narrowed validation: values limited to "x"',
  },
  {
    name: 'an optional field made required',
    edit: (_, s) => (s['required'] = ['size', 'mode']),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.mode: optional field made required',
  },
  {
    name: 'a new required field',
    edit: (_, s) => {
      props(s)['color'] = { type: 'string' };
      s['required'] = ['size', 'color'];
    },
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.color: new required field',
  },
  {
    name: 'a narrowed item schema',
    edit: (_, s) => ((prop(s, 'tags')['items'] as Obj)['maxLength'] = 3),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.tags[]: narrowed validation: maxLength null -> 3',
  },
  {
    name: 'a retyped map value',
    edit: (_, s) => (prop(s, 'labels')['additionalProperties'] = { type: 'integer' }),
    bump: 'major',
    reason: 'widgets.example.com v1 .spec.labels[*]: retyped from "string" to "integer"',
  },
  {
    name: 'a removed status subresource',
    edit: (_, __, spec) => delete v1(spec)['subresources'],
    bump: 'major',
    reason: 'widgets.example.com v1: status subresource removed',
  },
  {
    name: 'a changed scope',
    edit: (_, __, spec) => (spec['scope'] = 'Cluster'),
    bump: 'major',
    reason: 'widgets.example.com: scope "Namespaced" -> "Cluster"',
  },
  {
    name: 'a new optional field',
    edit: (_, s) => (props(s)['color'] = { type: 'string' }),
    bump: 'minor',
    reason: 'widgets.example.com v1 .spec.color: new optional field',
  },
  {
    name: 'a new version',
    edit: (_, __, spec) => (spec['versions'] = [v1(spec), v2(spec)]),
    bump: 'minor',
    reason: 'widgets.example.com v2: version added',
  },
  {
    name: 'a new enum value',
    edit: (_, s) => (prop(s, 'mode')['enum'] = ['a', 'b', 'c']),
    bump: 'minor',
    reason: 'widgets.example.com v1 .spec.mode: enum value "c" added',
  },
  {
    name: 'a raised maximum',
    edit: (_, s) => (prop(s, 'size')['maximum'] = 20),
    bump: 'minor',
    reason: 'widgets.example.com v1 .spec.size: widened validation: maximum 10 -> 20',
  },
  {
    name: 'a required field made optional',
    edit: (_, s) => (s['required'] = []),
    bump: 'minor',
    reason: 'widgets.example.com v1 .spec.size: required field made optional',
  },
  {
    name: 'a changed description',
    edit: (c) =>
      (((((c['spec'] as Obj)['versions'] as Obj[])[0]!['schema'] as Obj)['openAPIV3Schema'] as Obj)['description'] =
        'A better widget.'),
    bump: 'patch',
    reason: 'widgets.example.com: changed without an API change (descriptions, printer columns, ...)',
  },
];

describe('compareCrdSets', () => {
  it.each(CASES)('$name is a $bump change', ({ edit, bump, reason }) => {
    const findings = compareCrdSets(
      new Map([['widgets.example.com', crd()]]),
      new Map([['widgets.example.com', crd(edit)]]),
    );
    expect(maxBump(findings)).toBe(bump);
    expect(findings.map((f) => `${f.where}: ${f.reason}`)).toContain(reason);
  });

  it('finds no change between equal CRDs, so the bump is a patch', () => {
    const findings = compareCrdSets(new Map([['w', crd()]]), new Map([['w', crd()]]));
    expect(findings).toEqual([]);
    expect(maxBump(findings)).toBe('patch');
  });

  it('counts a removed CRD as major and a new one as minor', () => {
    expect(compareCrdSets(new Map([['w', crd()]]), new Map())).toEqual([
      { bump: 'major', where: 'w', reason: 'CRD removed' },
    ]);
    expect(compareCrdSets(new Map(), new Map([['w', crd()]]))).toEqual([
      { bump: 'minor', where: 'w', reason: 'CRD added' },
    ]);
  });

  it('takes the largest bump of several changes', () => {
    const findings = compareCrdSets(
      new Map([['w', crd()]]),
      new Map([
        [
          'w',
          crd((_, s) => {
            props(s)['color'] = { type: 'string' };
            delete props(s)['tags'];
          }),
        ],
      ]),
    );
    expect(findings.map((f) => f.bump).sort()).toEqual(['major', 'minor']);
    expect(maxBump(findings)).toBe('major');
  });
});
