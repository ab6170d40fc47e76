import { describe, expect, it } from 'vitest';
import { normalizeRules } from './rbac.js';

const rule = (groups: string[], resources: string[], verbs: string[]) => ({
  groups,
  resources,
  resourceNames: [],
  urls: [],
  verbs,
});

describe('normalizeRules', () => {
  it('merges verbs, then resources, then groups, and sorts like controller-gen', () => {
    const out = normalizeRules([
      rule(['apps'], ['deployments'], ['get', 'list']),
      rule(['apps'], ['deployments'], ['watch', 'get']),
      rule(['apps'], ['statefulsets'], ['get', 'list', 'watch']),
      rule(['core'], ['pods'], ['get']),
      rule(['batch'], ['pods'], ['get']),
    ]);
    expect(out).toEqual([
      { apiGroups: ['', 'batch'], resources: ['pods'], verbs: ['get'] },
      { apiGroups: ['apps'], resources: ['deployments', 'statefulsets'], verbs: ['get', 'list', 'watch'] },
    ]);
  });
  it('collapses verbs to * when any verb is *', () => {
    expect(normalizeRules([rule(['x'], ['y'], ['get', '*'])])).toEqual([
      { apiGroups: ['x'], resources: ['y'], verbs: ['*'] },
    ]);
  });
});
