import { describe, expect, it } from 'vitest';
import { isUserError } from '../../src/index.js';
import { valuesSchema, valuesTypes, walkable } from './values-types.js';

describe('valuesSchema', () => {
  it('infers a schema from values.yaml: types from the defaults, descriptions from the comments above keys', () => {
    const values =
      '# Default values.\n\n# Number of pods.\nreplicaCount: 1\nratio: 0.5\nimage:\n  # Image repository.\n  repository: nginx\n  pullSecrets: []\npodLabels: {}\nenabled: false\nnothing:\n';
    expect(valuesSchema('chart', undefined, values)).toEqual({
      type: 'object',
      additionalProperties: true,
      properties: {
        replicaCount: { type: 'integer', description: 'Number of pods.' },
        ratio: { type: 'number' },
        image: {
          type: 'object',
          additionalProperties: true,
          properties: {
            repository: { type: 'string', description: 'Image repository.' },
            pullSecrets: { type: 'array', items: {} },
          },
        },
        podLabels: { type: 'object', additionalProperties: true },
        enabled: { type: 'boolean' },
        nothing: {},
      },
    });
  });

  it('prefers values.schema.json and names the file when it is not JSON', () => {
    expect(valuesSchema('chart', '{"type":"object","properties":{"a":{"type":"string"}}}', 'b: 1\n')).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    try {
      valuesSchema('chart', '{', undefined);
      expect.fail('no error');
    } catch (err) {
      expect(isUserError(err)).toBe(true);
      expect((err as Error).message).toMatch(/^chart\/values\.schema\.json: /);
    }
  });

  it('names the line of invalid values.yaml', () => {
    expect(() => valuesSchema('chart', undefined, 'a: 1\nb: [\n')).toThrow(/^chart\/values\.yaml:\d+: /);
  });
});

describe('walkable', () => {
  it('gives every leaf a type the CRD generator accepts', () => {
    expect(
      walkable({
        type: 'object',
        additionalProperties: true,
        properties: {
          n: { type: 'integer' },
          f: { type: 'number', description: 'ratio' },
          m: { type: 'object' },
          any: {},
          one: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          list: { type: 'array' },
        },
      }),
    ).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        n: { tsType: 'int64' },
        f: { description: 'ratio', tsType: 'float64' },
        m: { tsType: 'Record<string, JSONValue>' },
        any: { tsType: 'JSONValue' },
        one: { tsType: 'JSONValue' },
        list: { tsType: 'JSONValue[]' },
      },
    });
  });
});

describe('valuesTypes', () => {
  it('compiles the spec interface with json-schema-to-typescript', async () => {
    const ts = await valuesTypes(
      'WebSpec',
      valuesSchema('chart', undefined, '# Pods.\nreplicaCount: 1\nimage:\n  tag: ""\n'),
    );
    expect(ts).toBe(
      [
        'export interface WebSpec {',
        '  /**',
        '   * Pods.',
        '   */',
        '  replicaCount?: int64;',
        '  image?: {',
        '    tag?: string;',
        '  };',
        '}',
      ].join('\n'),
    );
  });
});
