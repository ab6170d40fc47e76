import { describe, expect, it } from 'vitest';
import { labelMatcher, parseLabelSelector } from './label-selector.js';

describe('parseLabelSelector', () => {
  it('parses every operator', () => {
    expect(parseLabelSelector('a=b, c==d,e!=f,g in (x, y),h notin (z),i,!j,app.kubernetes.io/name=web')).toEqual([
      { op: 'eq', key: 'a', value: 'b' },
      { op: 'eq', key: 'c', value: 'd' },
      { op: 'neq', key: 'e', value: 'f' },
      { op: 'in', key: 'g', values: ['x', 'y'] },
      { op: 'notin', key: 'h', values: ['z'] },
      { op: 'exists', key: 'i' },
      { op: 'notexists', key: 'j' },
      { op: 'eq', key: 'app.kubernetes.io/name', value: 'web' },
    ]);
  });

  it('rejects bad syntax', () => {
    expect(() => parseLabelSelector('a in (x')).toThrow(/unbalanced/);
    expect(() => parseLabelSelector('a=b=c')).toThrow(/cannot parse/);
  });
});

describe('labelMatcher', () => {
  const labels = { app: 'web', tier: 'front' };
  it.each([
    ['', true],
    ['app=web', true],
    ['app=db', false],
    ['app!=db', true],
    ['missing!=x', true],
    ['tier in (front,back)', true],
    ['tier notin (front)', false],
    ['missing notin (front)', true],
    ['app', true],
    ['!app', false],
    ['app=web,tier=back', false],
  ])('%s -> %s', (selector, expected) => {
    expect(labelMatcher(selector)(labels)).toBe(expected);
  });

  it('treats missing labels as empty', () => {
    expect(labelMatcher('!app')(undefined)).toBe(true);
  });
});
