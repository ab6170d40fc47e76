import { Document, isScalar, visit } from 'yaml';
import { PRETTIER_OPTIONS } from './format-config.js';

/**
 * ACTIONS are the GitHub Actions the scaffolded workflows use, pinned by commit (a tag can be moved; a
 * commit cannot), with the release the commit is tagged as written beside it for Dependabot and readers.
 */
export const ACTIONS = {
  checkout: { uses: 'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1', tag: 'v7.0.1' },
  setupNode: { uses: 'actions/setup-node@820762786026740c76f36085b0efc47a31fe5020', tag: 'v7.0.0' },
  kind: { uses: 'helm/kind-action@ef37e7f390d99f746eb8b610417061a60e82a6cc', tag: 'v1.14.0' },
} as const;

/** WorkflowView is what the workflows of one project depend on. */
export interface WorkflowView {
  readonly projectName: string;
  readonly nodeMajor: string;
}

type Step = Record<string, unknown>;

/** DEFAULT_BRANCH is the branch the workflows treat as the default one (pushes to it are releases). */
export const DEFAULT_BRANCH = 'main';

/** TRIGGERS run a workflow on pushes to the default branch and on every pull request. */
export const TRIGGERS = { push: { branches: [DEFAULT_BRANCH] }, pull_request: {} };

/**
 * checkoutAndNode are the first steps of every job: the clone (the whole history with `fullHistory`, for a
 * job that compares with another branch), Node.js and the dependencies.
 */
export function checkoutAndNode(view: WorkflowView, fullHistory = false): Step[] {
  return [
    // The token is not kept in .git/config: no later step needs to push.
    {
      name: 'Clone the code',
      uses: ACTIONS.checkout.uses,
      with: { ...(fullHistory ? { 'fetch-depth': 0 } : {}), 'persist-credentials': false },
    },
    { name: 'Set up Node.js', uses: ACTIONS.setupNode.uses, with: { 'node-version': view.nodeMajor, cache: 'npm' } },
    { name: 'Install dependencies', run: 'npm ci' },
  ];
}

/** job is one job on ubuntu-latest that may only read the repository (the workflow grants nothing). */
export function job(name: string, steps: Step[]): Record<string, unknown> {
  return { name, 'runs-on': 'ubuntu-latest', permissions: { contents: 'read' }, steps };
}

/** lintWorkflow runs ESLint, the Prettier check and the type check (kubebuilder's lint.yml). */
export function lintWorkflow(view: WorkflowView): Record<string, unknown> {
  return {
    name: 'Lint',
    on: TRIGGERS,
    permissions: {},
    jobs: {
      lint: job('Run on Ubuntu', [
        ...checkoutAndNode(view),
        { name: 'Run ESLint', run: 'npm run lint' },
        { name: 'Check formatting', run: 'npm run format:check' },
        { name: 'Type-check', run: 'npm run typecheck' },
      ]),
    },
  };
}

/**
 * testWorkflow runs `make test` (kubebuilder's test.yml), which fetches the envtest binaries with
 * `operator-ts envtest use` (no Go needed), so the envtest suites run against a real kube-apiserver and etcd
 * instead of being skipped.
 */
export function testWorkflow(view: WorkflowView): Record<string, unknown> {
  return {
    name: 'Tests',
    on: TRIGGERS,
    permissions: {},
    env: { ENVTEST_K8S_VERSION: '1.37.x' },
    jobs: {
      test: job('Run on Ubuntu', [...checkoutAndNode(view), { name: 'Running Tests', run: 'make test' }]),
    },
  };
}

/**
 * e2eWorkflow runs the Kind suite (test/e2e) as `make test-e2e` does locally: it builds the image, loads it
 * into the Kind cluster, installs cert-manager when the project has webhooks, deploys with `make deploy` and
 * checks the manager and its metrics; the cluster is deleted afterwards.
 */
export function e2eWorkflow(view: WorkflowView): Record<string, unknown> {
  return {
    name: 'E2E Tests',
    on: TRIGGERS,
    permissions: {},
    env: { IMG: `${view.projectName}:e2e` },
    jobs: {
      'test-e2e': job('Run on Ubuntu', [
        ...checkoutAndNode(view),
        { name: 'Create a Kind cluster', uses: ACTIONS.kind.uses, with: { cluster_name: 'kind' } },
        { name: 'Running the e2e tests', run: 'make test-e2e KIND_CLUSTER=kind' },
      ]),
    },
  };
}

/**
 * workflowYaml serialises a workflow in the layout GitHub's own examples use (and Prettier keeps):
 * indented sequences, single quotes only where needed, a blank line between top-level keys, and each
 * pinned action followed by the release its commit is tagged as.
 */
export function workflowYaml(workflow: Record<string, unknown>): string {
  const tags = new Map<string, string>(Object.values(ACTIONS).map((a) => [a.uses, a.tag]));
  return Object.entries(workflow)
    .map(([key, value]) => {
      const doc = new Document({ [key]: value });
      visit(doc, {
        Scalar(_key, node) {
          const tag = isScalar(node) && typeof node.value === 'string' ? tags.get(node.value) : undefined;
          if (tag !== undefined) node.comment = ` ${tag}`;
        },
      });
      return doc.toString({ indent: 2, indentSeq: true, lineWidth: 0, singleQuote: PRETTIER_OPTIONS.singleQuote });
    })
    .join('\n');
}
