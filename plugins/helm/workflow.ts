import type { FileDescriptor, HookContext } from '../../src/index.js';
import { VERSIONS } from '../typescript/package-json.js';
import {
  checkoutAndNode,
  DEFAULT_BRANCH,
  job,
  TRIGGERS,
  workflowYaml,
  type WorkflowView,
} from '../typescript/workflows.js';

/** CHART_WORKFLOW is where the chart-version check is scaffolded, beside the workflows `init` writes. */
export const CHART_WORKFLOW = '.github/workflows/chart.yml';

/** CHART_VERSION_SCRIPT is the npm script the workflow runs: `chart version` on the chart the plugin writes. */
export const CHART_VERSION_SCRIPT = { name: 'chart:version', command: 'operator-ts chart version' } as const;

/**
 * chartWorkflow checks the chart version in CI against what it will be released over. A pull request's
 * chart is compared with its base branch (`--from origin/<base>`: the clone fetches the whole history, so
 * that branch is there), which is where a CRD change and the missing bump meet; in a clean checkout the
 * default `--from HEAD` is the commit itself and would compare the chart with itself. A push to the
 * default branch is a release: its chart is compared with the commit before (`HEAD^`, the branch as it
 * was before the merge) and must not be a pre-release (`--release`). The refs reach the scripts through
 * the environment, never spliced into them, so a branch name cannot inject shell.
 */
export function chartWorkflow(view: WorkflowView): Record<string, unknown> {
  return {
    name: 'Chart',
    on: TRIGGERS,
    permissions: {},
    jobs: {
      'chart-version': job('Check the chart version', [
        ...checkoutAndNode(view, true),
        {
          name: 'Compare the chart with the base branch',
          if: "github.event_name == 'pull_request'",
          env: { BASE_REF: '${{ github.base_ref }}' },
          run: `npm run ${CHART_VERSION_SCRIPT.name} -- --from "origin/$BASE_REF"`,
        },
        {
          name: `Compare the chart with the ${DEFAULT_BRANCH} branch before this push, as a release`,
          if: "github.event_name == 'push'",
          run: `npm run ${CHART_VERSION_SCRIPT.name} -- --from HEAD^ --release`,
        },
      ]),
    },
  };
}

/** chartWorkflowFile declares the workflow; one that is there already is the user's and is kept. */
export function chartWorkflowFile(ctx: HookContext): FileDescriptor {
  const view: WorkflowView = { projectName: ctx.project.projectName, nodeMajor: VERSIONS.node.split('.')[0] ?? '24' };
  return { kind: 'generated', path: CHART_WORKFLOW, content: workflowYaml(chartWorkflow(view)), ifExists: 'skip' };
}
