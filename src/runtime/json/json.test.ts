import jsonPatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { cloneJson } from './clone.js';
import { jsonDepth, JsonDepthError, MAX_JSON_DEPTH } from './depth.js';
import { jsonEqual } from './equal.js';
import { createJsonPatch, escapePathComponent } from './json-patch.js';
import { stringifyIteratively, stringifyJson } from './stringify.js';

/** nested returns an object `levels` objects deep: { a: { a: ... { leaf } } }. */
function nested(levels: number, leaf: unknown = 1): Record<string, unknown> {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v as Record<string, unknown>;
}

/** bottom returns the innermost object of {@link nested}. */
function bottom(v: Record<string, unknown>): Record<string, unknown> {
  let cur = v;
  while (typeof cur.a === 'object' && cur.a !== null) cur = cur.a as Record<string, unknown>;
  return cur;
}

// The depth at which the built-ins give up, to show that the tests below reach past them.
const PAST_BUILTINS = 9_000;

describe('jsonDepth', () => {
  it('counts objects and arrays, the document itself as the first level', () => {
    expect([jsonDepth(1), jsonDepth({}), jsonDepth({ a: [1, { b: 2 }] }), jsonDepth(nested(MAX_JSON_DEPTH))]).toEqual([
      0,
      1,
      3,
      MAX_JSON_DEPTH,
    ]);
  });
});

describe('cloneJson', () => {
  it('copies what structuredClone copies, for JSON values, Dates as Dates', () => {
    const value = { a: [1, 'x', null, { b: true, d: new Date(5) }], u: undefined, n: { m: {} } };
    const copy = cloneJson(value);
    expect(copy).toEqual(structuredClone(value));
    expect(copy.a).not.toBe(value.a);
    expect(copy.a[3]).not.toBe(value.a[3]);
    expect((copy.a[3] as { d: Date }).d).toBeInstanceOf(Date);
    expect('u' in copy).toBe(true);
  });

  it('copies objects as deep as the API server accepts, where structuredClone overflows', () => {
    const deep = nested(MAX_JSON_DEPTH - 1);
    expect(() => structuredClone(nested(PAST_BUILTINS))).toThrow(RangeError);
    const copy = cloneJson(deep);
    expect(jsonDepth(copy)).toBe(MAX_JSON_DEPTH - 1);
    bottom(copy).a = 2;
    expect(bottom(deep).a).toBe(1);
  });

  it('refuses deeper objects and cycles with a message naming the limit', () => {
    expect(() => cloneJson(nested(MAX_JSON_DEPTH + 1), 'request.object')).toThrow(JsonDepthError);
    expect(() => cloneJson(nested(MAX_JSON_DEPTH + 1), 'request.object')).toThrow(
      /^request\.object is nested more than 10000 levels deep/,
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => cloneJson(cyclic)).toThrow(JsonDepthError);
  });
});

describe('jsonEqual', () => {
  it('compares as serialised JSON: undefined keys absent, key order free, Dates by instant', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual([1, [2]], [1, [2]])).toBe(true);
    expect(jsonEqual([1, [2]], [1, [3]])).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual(new Date(1), new Date(1))).toBe(true);
    expect(jsonEqual(new Date(1), new Date(2))).toBe(false);
  });

  it('compares at any depth the API server accepts', () => {
    expect(jsonEqual(nested(MAX_JSON_DEPTH - 1), nested(MAX_JSON_DEPTH - 1))).toBe(true);
    expect(jsonEqual(nested(MAX_JSON_DEPTH - 1), nested(MAX_JSON_DEPTH - 1, 2))).toBe(false);
    expect(() => jsonEqual(nested(MAX_JSON_DEPTH + 1), nested(MAX_JSON_DEPTH + 1))).toThrow(JsonDepthError);
  });
});

describe('stringifyJson', () => {
  it('writes what JSON.stringify writes', () => {
    const values: unknown[] = [
      {
        a: [1, undefined, () => 0, NaN, -0, 'é\u2028"\\'],
        b: undefined,
        c: () => 1,
        d: new Date(0),
        e: { toJSON: (k: string) => `key ${k}` },
      },
      [],
      {},
      [[[]], {}],
      'text',
      null,
      { nested: nested(50) },
    ];
    for (const v of values) expect(stringifyIteratively(v)).toBe(JSON.stringify(v));
  });

  it('writes objects as deep as the API server accepts, where JSON.stringify overflows', () => {
    expect(() => JSON.stringify(nested(PAST_BUILTINS))).toThrow(RangeError);
    const text = stringifyJson(nested(MAX_JSON_DEPTH - 1));
    expect(text).toBe('{"a":'.repeat(MAX_JSON_DEPTH - 1) + '1' + '}'.repeat(MAX_JSON_DEPTH - 1));
    expect(() => stringifyJson(nested(MAX_JSON_DEPTH + 1), 'the request body')).toThrow(
      /^the request body is nested more than 10000 levels/,
    );
  });
});

/** random makes a small seeded JSON value generator, for comparing createJsonPatch with fast-json-patch. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function randomValue(next: () => number, depth: number): unknown {
  const r = next();
  if (depth > 3 || r < 0.3) return [1, 'x', null, true, 2.5][Math.floor(next() * 5)];
  if (r < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
  const keys = ['a', 'b', 'c/d', 'e~f'].filter(() => next() < 0.6);
  return Object.fromEntries(keys.map((k) => [k, randomValue(next, depth + 1)]));
}

describe('createJsonPatch', () => {
  it('emits the operations fast-json-patch compare emits, in the same order', () => {
    const next = random(42);
    for (let i = 0; i < 500; i++) {
      const before = { root: randomValue(next, 0), list: randomValue(next, 1) };
      const after = { root: randomValue(next, 0), list: randomValue(next, 1) };
      const ops = createJsonPatch(before, after);
      expect(ops).toEqual(jsonPatch.compare(before, after));
      expect(
        jsonPatch.applyPatch(structuredClone(before), structuredClone(ops) as jsonPatch.Operation[]).newDocument,
      ).toEqual(after);
    }
  });

  it('escapes keys as JSON pointers', () => {
    expect(escapePathComponent('a/b~c')).toBe('a~1b~0c');
    expect(createJsonPatch({}, { 'x/y': 1 })).toEqual([{ op: 'add', path: '/x~1y', value: 1 }]);
  });

  it('diffs objects as deep as the API server accepts', () => {
    const levels = MAX_JSON_DEPTH - 1;
    const ops = createJsonPatch(nested(levels), nested(levels, 2));
    expect(ops).toEqual([{ op: 'replace', path: '/a'.repeat(levels), value: 2 }]);
    expect(() => createJsonPatch(nested(MAX_JSON_DEPTH + 1), nested(MAX_JSON_DEPTH + 1, 2))).toThrow(JsonDepthError);
  });
});
