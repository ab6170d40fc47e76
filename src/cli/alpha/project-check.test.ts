import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../machinery/template-root.js';
import { parseProject } from '../../model/project-reader.js';
import { projectDifference } from './project-check.js';

const mesh = readFileSync(join(packageRoot(), 'e2e/golden/mesh/PROJECT'), 'utf8');

describe('projectDifference', () => {
  it('ignores cliVersion, key order and the order of resources', () => {
    const want = parseProject(mesh);
    const got = parseProject(mesh.replace('cliVersion: 0.1.0', 'cliVersion: 0.2.0'));
    got.resources.reverse();
    expect(projectDifference(want, got)).toBeUndefined();
  });

  it('names a resource or a webhook the replay did not re-create', () => {
    const want = parseProject(mesh);
    const withoutPod = parseProject(mesh);
    withoutPod.resources = withoutPod.resources.filter((r) => r.kind !== 'Pod');
    expect(projectDifference(want, withoutPod)).toBe('resources: core/v1 Pod was not re-created');
    const noValidation = parseProject(mesh);
    delete noValidation.resources[0]?.webhooks?.validation;
    expect(projectDifference(want, noValidation)).toMatch(
      /^resources: traffic\.example\.com\/v1 Canary is recorded as .*"validation":true/,
    );
  });

  it('names a project setting the replay recorded otherwise', () => {
    const want = parseProject(mesh);
    expect(projectDifference(want, { ...want, plugins: {} })).toMatch(/^plugins: \{"istio\.operator-ts\.dev\/v1"/);
  });
});
