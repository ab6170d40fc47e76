import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { chartWorkflow } from '../helm/workflow.js';
import { ACTIONS, e2eWorkflow, lintWorkflow, testWorkflow, workflowYaml } from './workflows.js';

const view = { projectName: 'memcached-operator', nodeMajor: '24' };
// The chart workflow of the helm/v1 plugin is built from the same parts and held to the same rules.
const WORKFLOWS = {
  lint: lintWorkflow(view),
  test: testWorkflow(view),
  'test-e2e': e2eWorkflow(view),
  chart: chartWorkflow(view),
};

interface Job {
  permissions?: Record<string, string>;
  steps: { uses?: string }[];
}

describe.each(Object.entries(WORKFLOWS))('the %s workflow', (_name, workflow) => {
  const text = workflowYaml(workflow);
  const parsed = parse(text) as { permissions: unknown; jobs: Record<string, Job> };

  it('parses back to the object it was built from', () => {
    expect(parsed).toEqual(workflow);
  });

  it('grants nothing at the top and only read access to the repository in each job', () => {
    expect(text).toMatch(/^permissions: \{\}$/m);
    for (const job of Object.values(parsed.jobs)) expect(job.permissions).toEqual({ contents: 'read' });
  });

  it('pins every action by a full commit, followed by its release tag', () => {
    const uses = Object.values(parsed.jobs).flatMap((j) =>
      j.steps.flatMap((s) => (s.uses === undefined ? [] : [s.uses])),
    );
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) {
      expect(u).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40}$/);
      const tag = Object.values(ACTIONS).find((a) => a.uses === u)?.tag;
      expect(text).toContain(`uses: ${u} # ${tag}\n`);
    }
  });

  it('indents sequences and separates the top-level keys by a blank line', () => {
    expect(text).toMatch(/^ {4}steps:\n {6}- name: /m);
    expect(text).toContain('\n\npermissions: {}\n\n');
    expect(text).toContain('\n\njobs:\n');
  });
});

describe('the test workflow', () => {
  it('needs no Go: make test fetches the envtest binaries with operator-ts envtest use', () => {
    const text = workflowYaml(testWorkflow(view));
    expect(text).not.toMatch(/setup-go|go run|setup-envtest/);
    expect(text).toContain('run: make test\n');
  });
});
