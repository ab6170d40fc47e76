import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_HEADER, serializeProject } from './project.js';
import { parseProject, parseProjectFile, readProjectFile } from './project-reader.js';

const GOOD = `${PROJECT_HEADER}version: "3"
domain: tutorial.kubebuilder.io
projectName: project
repo: tutorial.kubebuilder.io/project
layout:
- operator-ts.dev/v1
cliVersion: 0.1.0
multigroup: false
namespaced: false
resources:
- group: batch
  domain: tutorial.kubebuilder.io
  version: v1
  kind: CronJob
  plural: cronjobs
  path: src/api/v1
  api:
    crdVersion: v1
    namespaced: true
  controller: true
`;

/** errorOf returns the UserError parseProject throws for text. */
function errorOf(text: string): { message: string; hint?: string } {
  try {
    parseProject(text);
  } catch (err) {
    expect((err as Error).name).toBe('UserError');
    return err as { message: string; hint?: string };
  }
  throw new Error('parseProject accepted the file');
}

describe('the PROJECT reader', () => {
  it('round-trips byte for byte, with and without a recorded plural', () => {
    expect(serializeProject(parseProject(GOOD))).toBe(GOOD);
    const implicit = GOOD.replace('  plural: cronjobs\n', '');
    const project = parseProject(implicit);
    expect(project.resources[0]?.plural).toBe('cronjobs');
    expect(serializeProject(project)).toBe(implicit);
  });

  it('computes a missing plural once, with flect, and writes it when it changes', () => {
    const text = GOOD.replace('  plural: cronjobs\n', '').replace(/kind: CronJob/, 'kind: Gizmo');
    const project = parseProject(text);
    expect(project.resources[0]?.plural).toBe('gizmoes');
    project.resources[0]!.plural = 'gizmos';
    expect(serializeProject(project)).toContain('  plural: gizmos\n');
  });

  it('refuses a hand-edited domain with its line, column and the fix', () => {
    const err = errorOf(
      GOOD.replace('domain: tutorial.kubebuilder.io\nprojectName', 'domain: EXAMPLE..com\nprojectName'),
    );
    expect(err.message).toBe(
      'PROJECT:4:9: invalid domain "EXAMPLE..com": a domain is a lower-case DNS-1123 subdomain such as example.com',
    );
    expect(err.hint).toBe('write `domain: example.com` on line 4 of PROJECT');
  });

  it('refuses a file without a layout', () => {
    const err = errorOf(GOOD.replace('layout:\n- operator-ts.dev/v1\n', ''));
    expect(err.message).toBe('PROJECT:3:1: PROJECT has no layout (the plugin chain its commands run)');
    expect(err.hint).toMatch(/^add `layout: \[operator-ts\.dev\/v1\]` to PROJECT/);
  });

  it.each([
    [
      'projectName: project',
      'projectName: My_Project',
      'PROJECT:5:14: invalid projectName "My_Project"',
      'write `projectName: my-project` on line 5 of PROJECT',
    ],
    [
      'repo: tutorial.kubebuilder.io/project',
      'repo: "a b"',
      'PROJECT:6:7: invalid repo "a b"',
      'write `repo: a-b` on line 6 of PROJECT',
    ],
    [
      '- operator-ts.dev/v1',
      '- operator ts',
      'PROJECT:8:3: invalid plugin key "operator ts" in layout',
      'write plugin keys as <name>/<version>, e.g. operator-ts.dev/v1, on line 8 of PROJECT',
    ],
    [
      'multigroup: false',
      'multigroup: no',
      'PROJECT:10:13: multigroup must be true or false, found "no"',
      'write `multigroup: false` (or true) on line 10 of PROJECT',
    ],
    [
      '  kind: CronJob',
      '  kind: cron-job',
      'PROJECT:16:9: invalid resources[0].kind "cron-job"',
      'write `kind: CronJob` on line 16 of PROJECT',
    ],
    [
      '- group: batch',
      '- group: -batch',
      'PROJECT:13:10: invalid resources[0].group "-batch"',
      'write `group: batch` on line 13 of PROJECT',
    ],
    [
      '  version: v1',
      '  version: V1',
      'PROJECT:15:12: invalid resources[0].version "V1"',
      'write `version: v1` on line 15 of PROJECT',
    ],
    [
      '  plural: cronjobs',
      '  plural: Cronjobs',
      'PROJECT:17:11: invalid resources[0].plural "Cronjobs"',
      'write `plural: cronjobs` on line 17 of PROJECT',
    ],
    [
      '  controller: true',
      '  controller: 1',
      'PROJECT:22:15: resources[0].controller must be true or false, found 1',
      'write `controller: false` (or true) on line 22 of PROJECT',
    ],
    [
      '    crdVersion: v1',
      '    crdVersion: v1beta1',
      'PROJECT:20:17: resources[0].api.crdVersion must be v1, found "v1beta1"',
      'write `crdVersion: v1` on line 20 of PROJECT',
    ],
    [
      '  controller: true',
      '  controller: true\n  webhooks:\n    webhookVersion: v1\n    sidecarInjection: "yes"',
      'PROJECT:25:23: resources[0].webhooks.sidecarInjection must be true or false, found "yes"',
      'write `sidecarInjection: false` (or true) on line 25 of PROJECT',
    ],
  ])('refuses %s edited to %s', (from, to, message, hint) => {
    const err = errorOf(GOOD.replace(from, to));
    expect(err.message.startsWith(message), err.message).toBe(true);
    expect(err.hint).toBe(hint);
  });

  it('refuses a value of the wrong type, without suggesting it again', () => {
    const err = errorOf(GOOD.replace('  kind: CronJob', '  kind: 42'));
    expect(err.message).toBe('PROJECT:16:9: resources[0].kind must be a string, found 42');
    expect(err.hint).toBe('write kind as text on line 16 of PROJECT, or restore PROJECT from version control');
  });

  it('refuses a resource listed twice, at the second entry', () => {
    const twice = `${GOOD}- group: batch\n  version: v1\n  kind: CronJob\n`;
    expect(
      errorOf(`${GOOD}- group: batch\n  domain: tutorial.kubebuilder.io\n  version: v1\n  kind: CronJob\n`).message,
    ).toBe(
      'PROJECT:23:3: resources[1] repeats batch.tutorial.kubebuilder.io/v1 CronJob (already resources[0] on line 13)',
    );
    // The built-in batch/v1 CronJob is another resource than the project's own.
    expect(
      parseProject(`${twice.replace('- group: batch\n  version', '- core: true\n  group: batch\n  version')}`)
        .resources,
    ).toHaveLength(2);
  });

  it('refuses YAML errors and other shapes with a location', () => {
    expect(errorOf('version: [\n').message).toMatch(/^PROJECT:\d+:\d+: PROJECT is not valid YAML: /);
    expect(errorOf('- a\n').message).toBe('PROJECT:1:1: PROJECT is not a project file (expected a YAML mapping)');
    expect(errorOf('version: "2"\ndomain: a\nprojectName: b\nlayout: [a.dev/v1]\n').message).toBe(
      'PROJECT:1:10: PROJECT has unsupported version "2"',
    );
    expect(errorOf(GOOD.replace(/resources:[^]*$/, 'resources: oops\n')).message).toBe(
      'PROJECT:12:12: resources must be a list of resource entries',
    );
    expect(errorOf(GOOD.replace(/resources:[^]*$/, 'resources:\n- 42\n')).message).toBe(
      'PROJECT:13:3: resources[0] must be a mapping with group, version and kind',
    );
    expect(errorOf(GOOD.replace('  kind: CronJob\n', '')).message).toBe('PROJECT:13:3: resources[0] has no kind');
    expect(errorOf(GOOD.replace('layout:\n- operator-ts.dev/v1', 'layout: operator-ts.dev/v1')).message).toBe(
      'PROJECT:7:9: layout must be a list of plugin keys',
    );
  });

  it('keeps keys it does not know, and reads a kubebuilder PROJECT', () => {
    const kubebuilder = `# Code generated by tool. DO NOT EDIT.
cliVersion: (devel)
domain: tutorial.kubebuilder.io
layout:
- go.kubebuilder.io/v4
plugins:
  helm.kubebuilder.io/v2-alpha:
    manifests: dist/install.yaml
projectName: project
repo: tutorial.kubebuilder.io/project
resources:
- api:
    crdVersion: v1
    namespaced: true
  controller: true
  domain: tutorial.kubebuilder.io
  group: batch
  kind: CronJob
  path: tutorial.kubebuilder.io/project/api/v1
  version: v1
  webhooks:
    defaulting: true
    validation: true
    webhookVersion: v1
version: "3"
`;
    const project = parseProject(kubebuilder);
    expect(project.layout).toEqual(['go.kubebuilder.io/v4']);
    expect(project.repo).toBe('tutorial.kubebuilder.io/project');
    expect(project.plugins['helm.kubebuilder.io/v2-alpha']).toEqual({ manifests: 'dist/install.yaml' });
    expect(project.resources[0]?.plural).toBe('cronjobs');
    expect(
      serializeProject(parseProject(GOOD.replace('cliVersion: 0.1.0\n', 'cliVersion: 0.1.0\nextra: kept\n'))),
    ).toContain('extra: kept\n');
  });

  it('locates later problems found by the commands', () => {
    const file = parseProjectFile(GOOD);
    expect(file.locate(['layout', 0])).toBe('PROJECT:8:3');
    expect(file.locate(['resources', 0, 'kind'])).toBe('PROJECT:16:9');
    expect(file.locate(['nothing', 'here'])).toBe('PROJECT:3:1');
  });

  it('reads PROJECT from a directory, or tells there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'operator-ts-project-'));
    expect(readProjectFile(dir)).toBeUndefined();
    writeFileSync(join(dir, 'PROJECT'), GOOD);
    expect(readProjectFile(dir)?.config.domain).toBe('tutorial.kubebuilder.io');
    expect(readProjectFile(dir)?.text).toBe(GOOD);
  });

  it('refuses a PROJECT it cannot read as a user error with the fix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'operator-ts-project-'));
    mkdirSync(join(dir, 'PROJECT'));
    expect(() => readProjectFile(dir)).toThrow(
      expect.objectContaining({ name: 'UserError', message: `PROJECT in ${dir} is a folder, not the project file` }),
    );
  });
});
