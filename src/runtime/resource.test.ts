import { describe, expect, it } from 'vitest';
import { defineResource } from './resource.js';

describe('defineResource', () => {
  it('joins group and version into apiVersion', () => {
    const r = defineResource({
      group: 'cache.example.com',
      version: 'v1alpha1',
      kind: 'Memcached',
      plural: 'memcacheds',
      namespaced: true,
    });
    expect(r.apiVersion).toBe('cache.example.com/v1alpha1');
    expect(Object.isFrozen(r)).toBe(true);
  });
  it('uses the bare version for the core group', () => {
    expect(defineResource({ group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true }).apiVersion).toBe(
      'v1',
    );
  });
});
