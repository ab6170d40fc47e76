import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { workflowYaml } from '../typescript/workflows.js';
import { chartWorkflow } from './workflow.js';

interface Step {
  name: string;
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  run?: string;
}

const parsed = parse(workflowYaml(chartWorkflow({ projectName: 'memcached-operator', nodeMajor: '24' }))) as {
  on: { push: { branches: string[] }; pull_request: unknown };
  jobs: Record<string, { steps: Step[] }>;
};
const steps = parsed.jobs['chart-version']!.steps;
const step = (event: string): Step => steps.find((s) => s.if === `github.event_name == '${event}'`)!;

describe('the chart workflow', () => {
  it('clones the whole history, so that the base branch is there to compare with', () => {
    expect(steps[0]!.with).toEqual({ 'fetch-depth': 0, 'persist-credentials': false });
    expect(parsed.on.push.branches).toEqual(['main']);
    expect(parsed.on.pull_request).toEqual({});
  });

  it("compares a pull request's chart with its base branch, passed through the environment", () => {
    expect(step('pull_request').env).toEqual({ BASE_REF: '${{ github.base_ref }}' });
    expect(step('pull_request').run).toBe('npm run chart:version -- --from "origin/$BASE_REF"');
    expect(step('pull_request').run).not.toContain('${{');
  });

  it('checks a push to the default branch as a release against the branch before it', () => {
    expect(step('push').run).toBe('npm run chart:version -- --from HEAD^ --release');
  });
});
