import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '../resource.js';
import {
  annotationChangedPredicate,
  generationChangedPredicate,
  labelChangedPredicate,
  resourceVersionChangedPredicate,
} from './changed.js';
import { and, not, or, predicateFuncs } from './predicate.js';

const obj = (meta: Record<string, unknown>): KubernetesObject => ({
  metadata: { name: 'a', namespace: 'ns', ...meta },
});
const upd = (o: Record<string, unknown>, n: Record<string, unknown>) => ({ objectOld: obj(o), objectNew: obj(n) });

describe('changed predicates', () => {
  it('generationChangedPredicate passes updates only when the generation changed', () => {
    const p = generationChangedPredicate();
    expect(p.update(upd({ generation: 1 }, { generation: 2 }))).toBe(true);
    expect(p.update(upd({ generation: 1, resourceVersion: '1' }, { generation: 1, resourceVersion: '2' }))).toBe(false);
    expect(p.create({ object: obj({}) })).toBe(true);
    expect(p.delete({ object: obj({}) })).toBe(true);
    expect(p.generic({ object: obj({}) })).toBe(true);
  });

  it('labelChangedPredicate compares label maps by content', () => {
    const p = labelChangedPredicate();
    expect(p.update(upd({ labels: { a: '1', b: '2' } }, { labels: { b: '2', a: '1' } }))).toBe(false);
    expect(p.update(upd({ labels: { a: '1' } }, { labels: { a: '2' } }))).toBe(true);
    expect(p.update(upd({ labels: { a: '1' } }, { labels: { b: '1' } }))).toBe(true);
    expect(p.update(upd({}, { labels: { a: '1' } }))).toBe(true);
    expect(p.update(upd({}, { labels: {} }))).toBe(false);
  });

  it('annotationChangedPredicate compares annotation maps by content', () => {
    const p = annotationChangedPredicate();
    expect(p.update(upd({ annotations: { x: 'y' } }, { annotations: { x: 'y' } }))).toBe(false);
    expect(p.update(upd({ annotations: { x: 'y' } }, { annotations: { x: 'z' } }))).toBe(true);
  });

  it('resourceVersionChangedPredicate drops resyncs of unchanged objects', () => {
    const p = resourceVersionChangedPredicate();
    expect(p.update(upd({ resourceVersion: '5' }, { resourceVersion: '5' }))).toBe(false);
    expect(p.update(upd({ resourceVersion: '5' }, { resourceVersion: '6' }))).toBe(true);
  });
});

describe('combinators', () => {
  const yes = predicateFuncs({ create: () => true, update: () => true });
  const no = predicateFuncs({ create: () => false, update: () => false });
  const e = { object: obj({}) };

  it('predicateFuncs lets through events without a filter', () => {
    const p = predicateFuncs({ create: () => false });
    expect(p.create(e)).toBe(false);
    expect(p.delete(e)).toBe(true);
    expect(p.update(upd({}, {}))).toBe(true);
    expect(p.generic(e)).toBe(true);
  });

  it('and, or and not combine predicates', () => {
    expect(and(yes, no).create(e)).toBe(false);
    expect(and(yes, yes).create(e)).toBe(true);
    expect(and().create(e)).toBe(true);
    expect(or(no, yes).create(e)).toBe(true);
    expect(or(no, no).create(e)).toBe(false);
    expect(not(no).create(e)).toBe(true);
    expect(not(yes).update(upd({}, {}))).toBe(false);
    expect(
      and(generationChangedPredicate(), labelChangedPredicate()).update(upd({ generation: 1 }, { generation: 2 })),
    ).toBe(false);
    expect(
      or(generationChangedPredicate(), labelChangedPredicate()).update(upd({ generation: 1 }, { generation: 2 })),
    ).toBe(true);
  });
});
