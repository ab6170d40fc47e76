import { describe, expect, it } from 'vitest';
import { newProject, PROJECT_HEADER, serializeProject } from './project.js';
import { findResource } from './resource.js';
import { parseProject } from './project-reader.js';

const CANONICAL = `${PROJECT_HEADER}version: "3"
domain: example.com
projectName: memcached-operator
layout:
- operator-ts.dev/v1
cliVersion: 0.1.0
multigroup: false
namespaced: true
plugins:
  example.operator-ts.dev/v1-alpha:
    setting: value
resources:
- group: cache
  domain: example.com
  version: v1alpha1
  kind: Memcached
  plural: memcacheds
  path: src/api/v1alpha1
  api:
    crdVersion: v1
    namespaced: true
  controller: true
  webhooks:
    webhookVersion: v1
    defaulting: true
    validation: true
    conversion: true
    spoke:
    - v1beta1
- core: true
  group: apps
  version: v1
  kind: Deployment
  plural: deployments
  controller: true
`;

describe('PROJECT file', () => {
  it('round-trips byte for byte', () => {
    expect(serializeProject(parseProject(CANONICAL))).toBe(CANONICAL);
  });

  it('keeps keys it does not know', () => {
    const text = CANONICAL.replace('multigroup: false\n', 'multigroup: false\nextra: kept\n');
    expect(serializeProject(parseProject(text))).toContain('extra: kept');
  });

  it('writes a new project without empty sections', () => {
    const p = newProject({
      domain: 'my.domain',
      projectName: 'x',
      layout: ['operator-ts.dev/v1'],
      cliVersion: '1.0.0',
      multigroup: false,
      namespaced: false,
    });
    expect(serializeProject(p)).toBe(
      `${PROJECT_HEADER}version: "3"\ndomain: my.domain\nprojectName: x\nlayout:\n- operator-ts.dev/v1\ncliVersion: 1.0.0\nmultigroup: false\nnamespaced: false\n`,
    );
  });

  it('finds resources by group, version and kind', () => {
    const p = parseProject(CANONICAL);
    expect(
      findResource(p, { group: 'cache', domain: 'example.com', version: 'v1alpha1', kind: 'Memcached' })?.plural,
    ).toBe('memcacheds');
    expect(
      findResource(p, { group: 'cache', domain: 'example.com', version: 'v1', kind: 'Memcached' }),
    ).toBeUndefined();
  });

  it("tells a built-in kind from the project's own kind of the same group name", () => {
    const p = parseProject(CANONICAL);
    p.resources.push({ core: true, group: 'batch', version: 'v1', kind: 'CronJob', plural: 'cronjobs' });
    p.resources.push({ group: 'batch', domain: 'example.com', version: 'v1', kind: 'CronJob', plural: 'cronjobs' });
    expect(
      findResource(p, { group: 'batch', domain: 'example.com', version: 'v1', kind: 'CronJob' })?.core,
    ).toBeUndefined();
    expect(findResource(p, { core: true, group: 'batch', version: 'v1', kind: 'CronJob' })?.core).toBe(true);
  });
});
