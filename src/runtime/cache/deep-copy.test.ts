import { describe, expect, it } from 'vitest';
import { deepCopy } from './deep-copy.js';

describe('deepCopy', () => {
  const decoded = () =>
    JSON.parse(
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","labels":{"x":"1"},"managedFields":[{"fieldsV1":{"f:data":{".":{}}}}]},"data":{"k":"v"},"list":[1,"two",null,true,[3]]}',
    ) as Record<string, unknown>;

  it('copies decoded JSON to an equal value that shares no object with the original', () => {
    const original = decoded();
    const copied = deepCopy(original);
    expect(copied).toEqual(original);
    expect(copied).not.toBe(original);
    (copied.metadata as { labels: Record<string, string> }).labels.x = 'changed';
    ((copied.list as unknown[])[4] as number[]).push(4);
    expect(original).toEqual(decoded());
  });

  it('returns primitives as they are', () => {
    expect(deepCopy('s')).toBe('s');
    expect(deepCopy(3)).toBe(3);
    expect(deepCopy(null)).toBe(null);
    expect(deepCopy(undefined)).toBe(undefined);
  });

  it('copies values that are not plain JSON the way structuredClone does', () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const original = {
      at: when,
      tags: new Map([['a', 1]]),
      bare: Object.assign(Object.create(null) as object, { z: 1 }),
    };
    const copied = deepCopy(original);
    expect(copied.at).toBeInstanceOf(Date);
    expect(copied.at).not.toBe(when);
    expect(copied.at.getTime()).toBe(when.getTime());
    expect(copied.tags).toBeInstanceOf(Map);
    expect(copied.tags.get('a')).toBe(1);
    expect(copied.bare).toEqual({ z: 1 });
  });

  it('copies cycles through structuredClone instead of recursing forever', () => {
    const original: Record<string, unknown> = { name: 'loop' };
    original.self = original;
    const copied = deepCopy(original);
    expect(copied.self).toBe(copied);
    expect(copied).not.toBe(original);
  });

  it('copies an object nested deeper than structuredClone can (the API server accepts ~10 000 levels)', () => {
    const root: Record<string, unknown> = {};
    let node = root;
    for (let i = 0; i < 6000; i++) node = node['a'] = {};
    node['leaf'] = 'x';
    const copied = deepCopy(root);
    expect(copied === root).toBe(false);
    let walk = copied;
    for (let i = 0; i < 6000; i++) walk = walk['a'] as Record<string, unknown>;
    expect(walk['leaf']).toBe('x');
  });
});
