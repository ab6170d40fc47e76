import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log/logger.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import {
  ALL_NAMESPACES,
  fieldIndexFunc,
  fieldIndexName,
  fieldSelectorFor,
  listByFields,
  MissingIndexError,
  namespacedIndexKey,
} from './field-index.js';
import { Store } from './store.js';

const Job = defineResource({ group: 'batch', version: 'v1', kind: 'Job', plural: 'jobs', namespaced: true });
const Node = defineResource({ group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false });

const owned = (namespace: string | undefined, name: string, owner: string): KubernetesObject => ({
  metadata: {
    ...(namespace === undefined ? {} : { namespace }),
    name,
    resourceVersion: '1',
    ownerReferences: [{ apiVersion: 'v1', kind: 'CronJob', name: owner, uid: `u-${owner}`, controller: true }],
  },
});
const ownerName = (obj: KubernetesObject): string[] =>
  (obj.metadata?.ownerReferences ?? []).filter((r) => r.controller === true).map((r) => r.name);

describe('field indexes', () => {
  it('are named and keyed as controller-runtime names and keys them', () => {
    expect(fieldIndexName('.metadata.controller')).toBe('field:.metadata.controller');
    expect(namespacedIndexKey('ns', 'v')).toBe('ns/v');
    expect(namespacedIndexKey('', 'v')).toBe(`${ALL_NAMESPACES}/v`);
    expect(ALL_NAMESPACES).toBe('__all_namespaces');
  });

  it('index a namespaced object under its namespace and across all namespaces, a cluster-scoped one across all', () => {
    const fn = fieldIndexFunc('owner', ownerName, silentLogger());
    expect(fn(owned('a', 'j', 'cron'))).toEqual(['a/cron', `${ALL_NAMESPACES}/cron`]);
    expect(fn(owned(undefined, 'n', 'cron'))).toEqual([`${ALL_NAMESPACES}/cron`]);
    expect(fn({ metadata: { name: 'none' } })).toEqual([]);
  });

  it('index nothing for an object whose extractor throws or returns something other than strings', () => {
    const fn = fieldIndexFunc(
      'bad',
      (o) => {
        if (o.metadata?.name === 'throws') throw new Error('boom');
        return o.metadata?.name === 'number' ? ([1] as unknown as string[]) : (undefined as unknown as string[]);
      },
      silentLogger(),
    );
    expect(fn({ metadata: { namespace: 'a', name: 'throws' } })).toEqual([]);
    expect(fn({ metadata: { namespace: 'a', name: 'number' } })).toEqual([]);
    expect(fn({ metadata: { namespace: 'a', name: 'undefined' } })).toEqual([]);
  });

  it('list by one or several fields, within a namespace or across all', () => {
    const store = new Store();
    store.addIndexer(fieldIndexName('owner'), fieldIndexFunc('owner', ownerName, silentLogger()));
    store.addIndexer(
      fieldIndexName('name'),
      fieldIndexFunc('name', (o) => [o.metadata?.name ?? ''], silentLogger()),
    );
    store.apply(owned('a', 'j1', 'cron'));
    store.apply(owned('a', 'j2', 'cron'));
    store.apply(owned('b', 'j1', 'cron'));
    store.apply(owned('b', 'j3', 'other'));
    const names = (objs: KubernetesObject[]) => objs.map((o) => `${o.metadata?.namespace}/${o.metadata?.name}`).sort();
    expect(names(listByFields(store, Job, { owner: 'cron' }, 'a'))).toEqual(['a/j1', 'a/j2']);
    expect(names(listByFields(store, Job, { owner: 'cron' }, undefined))).toEqual(['a/j1', 'a/j2', 'b/j1']);
    expect(names(listByFields(store, Job, { owner: 'cron', name: 'j1' }, undefined))).toEqual(['a/j1', 'b/j1']);
    expect(names(listByFields(store, Job, { owner: 'cron', name: 'j1' }, 'b'))).toEqual(['b/j1']);
    expect(listByFields(store, Job, { owner: 'nobody' }, 'a')).toEqual([]);
    // A namespace on a cluster-scoped kind is ignored, as the API server ignores it.
    const nodes = new Store();
    nodes.addIndexer(fieldIndexName('owner'), fieldIndexFunc('owner', ownerName, silentLogger()));
    nodes.apply(owned(undefined, 'n1', 'cron'));
    expect(names(listByFields(nodes, Node, { owner: 'cron' }, 'a'))).toEqual(['undefined/n1']);
  });

  it('fail with the index name when a field has no index', () => {
    const store = new Store();
    expect(() => listByFields(store, Job, { 'spec.x': 'v' }, 'a')).toThrow(MissingIndexError);
    expect(() => listByFields(store, Job, { 'spec.x': 'v' }, 'a')).toThrow(
      /^Index with name field:spec\.x does not exist/,
    );
  });

  it('turn into a server-side field selector with escaped values', () => {
    expect(fieldSelectorFor({ 'metadata.name': 'a', 'metadata.namespace': 'b' })).toBe(
      'metadata.name=a,metadata.namespace=b',
    );
    expect(fieldSelectorFor({ 'spec.x': 'a,b=c\\d' })).toBe('spec.x=a\\,b\\=c\\\\d');
  });
});
