import { describe, expect, it } from 'vitest';
import { JsonDepthError, MAX_JSON_DEPTH } from '../json/depth.js';
import { jsonEqual } from '../json/equal.js';
import { applyMergePatch, createMergePatch } from './merge-patch.js';

function nested(levels: number, leaf: unknown): Record<string, unknown> {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v as Record<string, unknown>;
}

describe('createMergePatch and applyMergePatch', () => {
  it('describe changes, removals and whole-array replacements as RFC 7386 does', () => {
    const before = { a: 1, b: { c: 2, d: 3 }, e: [1, 2], f: { g: 1 }, h: 'gone' };
    const after = { a: 1, b: { c: 2, d: 4 }, e: [1], f: { g: 1 }, i: { j: null } };
    const patch = createMergePatch(before, after);
    expect(patch).toEqual({ b: { d: 4 }, e: [1], h: null, i: { j: null } });
    expect(applyMergePatch(before, patch)).toEqual({ a: 1, b: { c: 2, d: 4 }, e: [1], f: { g: 1 }, i: {} });
    expect(createMergePatch(before, structuredClone(before))).toBeUndefined();
    expect(createMergePatch(1, 2)).toBe(2);
    expect(createMergePatch({ a: 1 }, undefined)).toBeNull();
  });

  it('leave their inputs untouched', () => {
    const target = { a: { b: 1 } };
    const patch = { a: { c: [1] } };
    const result = applyMergePatch(target, patch) as { a: { c: number[] } };
    result.a.c.push(2);
    expect(target).toEqual({ a: { b: 1 } });
    expect(patch).toEqual({ a: { c: [1] } });
  });

  it('work on objects as deep as the API server accepts', () => {
    const levels = MAX_JSON_DEPTH - 1;
    const patch = createMergePatch(nested(levels, 1), nested(levels, 2));
    // vitest's toEqual recurses: compare with the runtime's own stack-safe equality instead.
    expect(jsonEqual(patch, nested(levels, 2))).toBe(true);
    expect(jsonEqual(applyMergePatch(nested(levels, 1), patch), nested(levels, 2))).toBe(true);
    expect(jsonEqual(applyMergePatch(nested(levels, 1), patch), nested(levels, 1))).toBe(false);
    expect(createMergePatch(nested(levels, 1), nested(levels, 1))).toBeUndefined();
  });

  it('refuse deeper ones with JsonDepthError', () => {
    expect(() => createMergePatch(nested(MAX_JSON_DEPTH + 1, 1), nested(MAX_JSON_DEPTH + 1, 2))).toThrow(
      JsonDepthError,
    );
    expect(() => applyMergePatch({}, nested(MAX_JSON_DEPTH + 1, 1))).toThrow(JsonDepthError);
  });
});
