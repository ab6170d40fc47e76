import { describe, expect, it } from 'vitest';
import { defineResource } from '../resource.js';
import { groupVersionPrefix, queryString, resourcePath } from './urls.js';

const Pod = defineResource({ group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true });
const Node = defineResource({ group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false });
const Memcached = defineResource({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});
const Cluster = defineResource({
  group: 'infra.example.com',
  version: 'v1',
  kind: 'Cluster',
  plural: 'clusters',
  namespaced: false,
});

describe('groupVersionPrefix', () => {
  it('uses /api for the core group and /apis for named groups', () => {
    expect(groupVersionPrefix(Pod)).toBe('/api/v1');
    expect(groupVersionPrefix(Memcached)).toBe('/apis/cache.example.com/v1alpha1');
  });
});

describe('resourcePath', () => {
  it.each([
    ['core namespaced collection in a namespace', Pod, { namespace: 'default' }, '/api/v1/namespaces/default/pods'],
    ['core namespaced collection across namespaces', Pod, {}, '/api/v1/pods'],
    ['core namespaced object', Pod, { namespace: 'default', name: 'web-0' }, '/api/v1/namespaces/default/pods/web-0'],
    [
      'core namespaced status',
      Pod,
      { namespace: 'default', name: 'web-0', subresource: 'status' },
      '/api/v1/namespaces/default/pods/web-0/status',
    ],
    ['core cluster collection', Node, {}, '/api/v1/nodes'],
    ['core cluster object ignores namespace', Node, { namespace: 'ignored', name: 'n1' }, '/api/v1/nodes/n1'],
    ['core cluster status', Node, { name: 'n1', subresource: 'status' }, '/api/v1/nodes/n1/status'],
    [
      'group namespaced collection',
      Memcached,
      { namespace: 'ns' },
      '/apis/cache.example.com/v1alpha1/namespaces/ns/memcacheds',
    ],
    ['group namespaced all namespaces', Memcached, {}, '/apis/cache.example.com/v1alpha1/memcacheds'],
    [
      'group namespaced object',
      Memcached,
      { namespace: 'ns', name: 'm' },
      '/apis/cache.example.com/v1alpha1/namespaces/ns/memcacheds/m',
    ],
    [
      'group namespaced status',
      Memcached,
      { namespace: 'ns', name: 'm', subresource: 'status' },
      '/apis/cache.example.com/v1alpha1/namespaces/ns/memcacheds/m/status',
    ],
    [
      'group namespaced scale',
      Memcached,
      { namespace: 'ns', name: 'm', subresource: 'scale' },
      '/apis/cache.example.com/v1alpha1/namespaces/ns/memcacheds/m/scale',
    ],
    ['group cluster collection', Cluster, {}, '/apis/infra.example.com/v1/clusters'],
    ['group cluster object', Cluster, { name: 'c' }, '/apis/infra.example.com/v1/clusters/c'],
    [
      'group cluster status',
      Cluster,
      { name: 'c', subresource: 'status' },
      '/apis/infra.example.com/v1/clusters/c/status',
    ],
    [
      'escapes names',
      Memcached,
      { namespace: 'a b', name: 'x/y' },
      '/apis/cache.example.com/v1alpha1/namespaces/a%20b/memcacheds/x%2Fy',
    ],
  ])('%s', (_title, resource, options, expected) => {
    expect(resourcePath(resource, options)).toBe(expected);
  });

  it('rejects a namespaced object without a namespace', () => {
    expect(() => resourcePath(Memcached, { name: 'm' })).toThrow(/Memcached "m" is namespaced: pass a namespace/);
  });

  it('rejects a subresource without a name and an empty name', () => {
    expect(() => resourcePath(Memcached, { namespace: 'ns', subresource: 'status' })).toThrow(/needs an object name/);
    expect(() => resourcePath(Node, { name: '' })).toThrow(/must not be empty/);
  });
});

describe('queryString', () => {
  it('renders set parameters in order and skips empty ones', () => {
    expect(
      queryString({
        labelSelector: 'app=web,tier in (a,b)',
        fieldSelector: undefined,
        resourceVersion: '12',
        watch: true,
        allowWatchBookmarks: true,
        timeoutSeconds: 300,
        fieldManager: 'mgr',
        force: true,
        dryRun: 'All',
        empty: '',
      }),
    ).toBe(
      '?labelSelector=app%3Dweb%2Ctier+in+%28a%2Cb%29&resourceVersion=12&watch=true&allowWatchBookmarks=true&timeoutSeconds=300&fieldManager=mgr&force=true&dryRun=All',
    );
  });

  it('is empty without parameters', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ a: undefined })).toBe('');
  });
});
