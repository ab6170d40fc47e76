import { describe, expect, it } from 'vitest';
import { isCoreGroup, coreGroupName } from './core-groups.js';
import {
  checkDomain,
  checkGroup,
  checkKind,
  checkPlural,
  checkProjectName,
  checkQualifiedGroup,
  checkRepo,
  checkVersion,
  pluralOf,
  toProjectName,
  validateDomain,
  validateGroup,
  validateKind,
  validatePlural,
  validateProjectName,
  validateRepo,
  validateVersion,
} from './naming.js';
import { apiDir, fullGroup, relativeImport } from './resource.js';

describe('naming', () => {
  it('accepts and rejects kinds', () => {
    for (const ok of ['Memcached', 'CronJob', 'V1Thing']) expect(() => validateKind(ok)).not.toThrow();
    for (const bad of ['memcached', 'Mem-cached', 'Mem_cached', '1Kind', ''])
      expect(() => validateKind(bad)).toThrow(/invalid kind/);
    expect(() => validateKind('mem-cached')).toThrow(
      expect.objectContaining({ hint: 'use a name such as --kind MemCached' }),
    );
  });

  it('accepts and rejects groups and domains', () => {
    for (const ok of ['cache', 'my-group', 'a.b']) expect(() => validateGroup(ok)).not.toThrow();
    for (const bad of ['Cache', 'my_group', '-a', 'a.']) expect(() => validateGroup(bad)).toThrow(/invalid group/);
    expect(() => validateDomain('example.com')).not.toThrow();
    expect(() => validateDomain('Example.com')).toThrow(/invalid domain/);
  });

  it('suggests a valid name, never the invalid one again', () => {
    expect(() => validateGroup('-cache')).toThrow(
      expect.objectContaining({ hint: 'use a name such as --group cache' }),
    );
    expect(() => validateGroup('My_Group.')).toThrow(
      expect.objectContaining({ hint: 'use a name such as --group my-group' }),
    );
    expect(() => validateDomain('EXAMPLE..com')).toThrow(
      expect.objectContaining({ hint: 'pass --domain example.com' }),
    );
    expect(() => validateVersion('V1')).toThrow(expect.objectContaining({ hint: 'pass --version v1' }));
    expect(() => validateVersion('1')).toThrow(expect.objectContaining({ hint: 'pass --version v1' }));
    expect(() => validateVersion('v1alpha')).toThrow(expect.objectContaining({ hint: 'pass --version v1alpha1' }));
    expect(() => validatePlural('1things')).toThrow(expect.objectContaining({ hint: 'pass --plural things' }));
    expect(() => validateRepo('github.com/org/my project')).toThrow(
      expect.objectContaining({ hint: 'pass --repo github.com/org/my-project' }),
    );
    expect(() => validateRepo('tutorial.kubebuilder.io/project')).not.toThrow();
    for (const [check, value] of [
      [checkGroup, '-cache'],
      [checkDomain, 'EXAMPLE..com'],
      [checkVersion, 'beta'],
      [checkKind, '9lives'],
      [checkPlural, '-'],
      [checkProjectName, '__'],
      [checkRepo, '/'],
    ] as const) {
      const problem = check(value);
      expect(problem, value).toBeDefined();
      expect(check(problem?.suggestion ?? ''), `${value} -> ${problem?.suggestion}`).toBeUndefined();
    }
  });

  it('checks the qualified group as kubebuilder does', () => {
    expect(checkQualifiedGroup('batch.tutorial.kubebuilder.io')).toBeUndefined();
    expect(checkQualifiedGroup(`${'a'.repeat(200)}.${'b'.repeat(60)}.io`)).toBeDefined();
  });

  it('accepts and rejects versions', () => {
    for (const ok of ['v1', 'v1alpha1', 'v2beta3', 'v10']) expect(() => validateVersion(ok)).not.toThrow();
    for (const bad of ['1', 'v0', 'V1', 'v1alpha', 'v1gamma1', 'v1beta0'])
      expect(() => validateVersion(bad)).toThrow(/invalid version/);
  });

  it('validates project names and derives them from directory names', () => {
    expect(() => validateProjectName('memcached-operator')).not.toThrow();
    expect(() => validateProjectName('My_Operator')).toThrow(
      expect.objectContaining({ hint: 'pass --project-name my-operator' }),
    );
    expect(() => validateProjectName('a'.repeat(64))).toThrow(/DNS-1123 label/);
    expect(toProjectName('My_Operator')).toBe('my-operator');
  });

  it('pluralises like flect for common kinds', () => {
    expect(pluralOf('Memcached')).toBe('memcacheds');
    expect(pluralOf('Policy')).toBe('policies');
    expect(pluralOf('Status')).toBe('statuses');
    expect(pluralOf('Ingress')).toBe('ingresses');
    expect(() => validatePlural('Memcacheds')).toThrow(/invalid plural/);
  });

  it('knows the built-in groups', () => {
    expect(isCoreGroup('apps')).toBe(true);
    expect(isCoreGroup('cache')).toBe(false);
    expect(coreGroupName('rbac')).toBe('rbac.authorization.k8s.io');
    expect(fullGroup({ group: 'core', core: true })).toBe('');
    expect(fullGroup({ group: 'cache', domain: 'example.com' })).toBe('cache.example.com');
  });

  it('computes layout paths and relative imports', () => {
    expect(apiDir({ multigroup: false }, { group: 'cache', version: 'v1' })).toBe('src/api/v1');
    expect(apiDir({ multigroup: true }, { group: 'cache', version: 'v1' })).toBe('src/api/cache/v1');
    expect(relativeImport('src', 'src/controllers/a.controller.ts')).toBe('./controllers/a.controller.js');
    expect(relativeImport('src/controllers', 'src/api/v1/zz_generated.resources.ts')).toBe(
      '../api/v1/zz_generated.resources.js',
    );
    expect(relativeImport('src/webhooks/v1', 'src/webhooks/v1/a.ts')).toBe('./a.js');
  });
});
