// Golden projects: each project below is scaffolded by the BUILT CLI (run `npm run build` first) in a fresh
// temp dir, `operator-ts generate` is run in it, and the tree is compared file by file with the committed
// copy in e2e/golden/<name>/. Then every command runs again (it must report no change, or refuse with a
// user error, and leave the tree byte-identical), and the create commands once more with --force.
//
// To accept a change, regenerate and review the diff line by line:
//   npm run build && UPDATE_GOLDEN=1 npm exec -- vitest run --config e2e/vitest.config.ts e2e/golden.test.ts
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaryAssets } from '../src/testing/index.js';
import { runCli, runCliOk } from './helpers/cli.js';
import { changeLines, diffTrees, formatTreeDiff, isEmptyDiff, writeTree } from './helpers/golden.js';
import { cliBin, goldenRoot, repoRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from './helpers/workdir.js';

/** GoldenProject is one committed project: the commands that build it, run in order in an empty directory. */
interface GoldenProject {
  readonly name: string;
  readonly steps: readonly (readonly string[])[];
}

const GENERATE = ['generate'] as const;

const PROJECTS: readonly GoldenProject[] = [
  {
    name: 'single-group',
    steps: [
      ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--skip-install'],
      ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'],
      [
        'create',
        'webhook',
        '--group',
        'cache',
        '--version',
        'v1alpha1',
        '--kind',
        'Memcached',
        '--defaulting',
        '--programmatic-validation',
      ],
      ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false'],
      GENERATE,
    ],
  },
  {
    name: 'multigroup',
    steps: [
      ['init', '--domain', 'example.com', '--project-name', 'fleet-operator', '--multigroup', '--skip-install'],
      ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain'],
      ['create', 'api', '--group', 'ship', '--version', 'v1beta1', '--kind', 'Frigate'],
      ['create', 'api', '--group', 'ship', '--version', 'v2alpha1', '--kind', 'Cruiser', '--namespaced=false'],
      [
        'create',
        'webhook',
        '--group',
        'crew',
        '--version',
        'v1',
        '--kind',
        'Captain',
        '--defaulting',
        '--programmatic-validation',
      ],
      ['create', 'webhook', '--group', 'ship', '--version', 'v1beta1', '--kind', 'Frigate', '--defaulting'],
      GENERATE,
    ],
  },
  {
    name: 'namespaced',
    steps: [
      ['init', '--domain', 'example.com', '--project-name', 'tenant-operator', '--namespaced', '--skip-install'],
      ['create', 'api', '--group', 'tenancy', '--version', 'v1', '--kind', 'Tenant'],
      ['create', 'webhook', '--group', 'tenancy', '--version', 'v1', '--kind', 'Tenant', '--programmatic-validation'],
      GENERATE,
    ],
  },
  {
    name: 'conversion',
    steps: [
      ['init', '--domain', 'example.com', '--project-name', 'cronjob-operator', '--skip-install'],
      ['create', 'api', '--group', 'jobs', '--version', 'v1', '--kind', 'CronJob'],
      ['create', 'api', '--group', 'jobs', '--version', 'v2', '--kind', 'CronJob', '--controller=false'],
      [
        'create',
        'webhook',
        '--group',
        'jobs',
        '--version',
        'v2',
        '--kind',
        'CronJob',
        '--conversion',
        '--spoke',
        'v1',
        '--defaulting',
        '--programmatic-validation',
      ],
      ['create', 'webhook', '--group', 'jobs', '--version', 'v1', '--kind', 'CronJob', '--defaulting'],
      GENERATE,
    ],
  },
  {
    // istio/v1 before the first webhook: create webhook then opens the webhook port in the mesh. The Pod
    // sidecar injector is the mesh's own kind of webhook. grafana/v1 writes the dashboards (e2e/grafana
    // checks their queries against a running manager and Grafana's schema).
    name: 'mesh',
    steps: [
      ['init', '--domain', 'example.com', '--project-name', 'mesh-operator', '--skip-install'],
      ['create', 'api', '--group', 'traffic', '--version', 'v1', '--kind', 'Canary'],
      ['edit', '--plugins', 'istio/v1', '--metrics-reader', 'observability/prometheus'],
      ['edit', '--plugins', 'grafana/v1'],
      [
        'create',
        'webhook',
        '--group',
        'traffic',
        '--version',
        'v1',
        '--kind',
        'Canary',
        '--defaulting',
        '--programmatic-validation',
      ],
      ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--sidecar-injection'],
      GENERATE,
    ],
  },
  {
    // A Helm-hybrid kind over docs/examples/helm-hybrid/webapp, the chart `helm create webapp` writes.
    name: 'helm-hybrid',
    steps: [
      ['init', '--domain', 'example.com', '--project-name', 'webapp-operator', '--skip-install'],
      [
        'create',
        'api',
        '--plugins',
        'helm-hybrid/v1',
        '--group',
        'web',
        '--version',
        'v1alpha1',
        '--kind',
        'WebApp',
        '--helm-chart',
        join(repoRoot, 'docs/examples/helm-hybrid/webapp'),
      ],
      GENERATE,
    ],
  },
];

// kubectl comes with the envtest binaries; without it the kustomize check is skipped with the reason.
const assets = findBinaryAssets();
const kubectl = 'dir' in assets ? join(assets.dir, 'kubectl') : undefined;

const update = process.env['UPDATE_GOLDEN'] === '1';
const REGENERATE =
  'To accept the change: npm run build && UPDATE_GOLDEN=1 npm exec -- vitest run --config e2e/vitest.config.ts e2e/golden.test.ts (then review the diff).';

/** expectSameTree fails with a readable file-by-file diff. */
function expectSameTree(
  label: string,
  want: ReadonlyMap<string, string>,
  got: ReadonlyMap<string, string>,
  fix: string,
): void {
  const diff = diffTrees(want, got);
  if (!isEmptyDiff(diff)) expect.fail(formatTreeDiff(label, want, got, diff, fix));
}

beforeAll(() => {
  if (!existsSync(join(repoRoot, 'dist/src/cli/main.js')) || !existsSync(cliBin))
    throw new Error('the built CLI is missing: run `npm run build` before the e2e tests');
});

describe.each(PROJECTS)('golden project $name', (project) => {
  let work = '';
  let dir = '';
  let tree = new Map<string, string>();

  beforeAll(async () => {
    work = await makeWorkdir(`golden-${project.name}`);
    dir = join(work, project.name);
    await mkdir(dir);
    for (const step of project.steps) await runCliOk(step, dir);
    tree = await snapshotTree(dir);
  });

  afterAll(async () => {
    await removeWorkdir(work);
  });

  it(`matches e2e/golden/${project.name}`, async () => {
    const golden = join(goldenRoot, project.name);
    if (update) {
      await writeTree(golden, tree);
      return;
    }
    expect(existsSync(golden), `e2e/golden/${project.name} is missing. ${REGENERATE}`).toBe(true);
    expectSameTree(`e2e/golden/${project.name}`, await snapshotTree(golden), tree, REGENERATE);
  });

  it.skipIf(kubectl === undefined || !existsSync(kubectl))(
    'builds every kustomization under config/ with kubectl kustomize',
    async () => {
      const dirs = [
        ...new Set(
          [...tree.keys()]
            .filter((p) => p.startsWith('config/') && p.endsWith('/kustomization.yaml'))
            .map((p) => p.slice(0, -'/kustomization.yaml'.length)),
        ),
      ];
      expect(dirs).toContain('config/default');
      for (const d of dirs) {
        const r = await execa(kubectl ?? 'kubectl', ['kustomize', d], { cwd: dir, reject: false });
        expect(r.exitCode, `kubectl kustomize ${d}\n${String(r.stderr)}`).toBe(0);
      }
    },
  );

  it('reports no change when every command runs again, and refuses what already exists', async () => {
    for (const step of project.steps) {
      const r = await runCli(step, dir);
      const label = `operator-ts ${step.join(' ')}`;
      if (step[0] === 'init') {
        expect(r.exitCode, label).toBe(1);
        expect(r.stderr, label).toContain('already holds an operator-ts project');
      } else if (step[0] === 'generate') {
        expect(r.exitCode, `${label}\n${r.stderr}`).toBe(0);
        expect(r.stdout, label).toBe('generate: everything up to date');
      } else if (r.exitCode === 0) {
        expect(changeLines(r.stdout), label).toEqual([]);
      } else {
        expect(r.exitCode, label).toBe(1);
        expect(r.stderr, label).toMatch(/^Error: .*already (exists|has)/);
        expect(r.stderr, label).toContain('--force');
      }
      expectSameTree(
        `the tree after re-running ${label}`,
        tree,
        await snapshotTree(dir),
        'a re-run must not change any file',
      );
    }
  });

  it('writes identical files when the create commands run again with --force', async () => {
    for (const step of project.steps.filter((s) => s[0] === 'create')) {
      const label = `operator-ts ${step.join(' ')} --force`;
      const r = await runCliOk([...step, '--force'], dir);
      expect(changeLines(r.stdout), label).toEqual([]);
      expectSameTree(
        `the tree after ${label}`,
        tree,
        await snapshotTree(dir),
        '--force must rewrite byte-identical files',
      );
    }
  });
});

// What each make target runs (`make -n` prints the commands without running them): the Makefile wraps
// the npm scripts and kubectl's built-in kustomize, so no extra tool has to be installed.
const MAKE_TARGETS: readonly (readonly [string, readonly string[]])[] = [
  ['help', ['awk ']],
  ['manifests', ['npm run manifests']],
  ['generate', ['npm run generate']],
  ['build', ['npm run manifests', 'npm run generate', 'npm run build']],
  ['run', ['npm run build', 'npm start']],
  [
    'test',
    [
      'npm run manifests',
      'npm run generate',
      'npm run format',
      'npm run typecheck',
      'envtest use 1.37.x -i -p path)" npm test',
    ],
  ],
  ['setup-envtest', ['npx --no-install operator-ts envtest use 1.37.x -p path']],
  [
    'setup-test-e2e',
    [
      "kind get clusters | grep -qx 'memcached-operator-test-e2e'",
      "kind create cluster --name 'memcached-operator-test-e2e'",
    ],
  ],
  [
    'test-e2e',
    [
      "KIND_CLUSTER='memcached-operator-test-e2e' IMG='controller:latest' npm run test:e2e",
      "kind delete cluster --name 'memcached-operator-test-e2e'",
    ],
  ],
  ['cleanup-test-e2e', ["kind delete cluster --name 'memcached-operator-test-e2e'"]],
  ['fmt', ['npm run format']],
  ['vet', ['npm run typecheck']],
  ['lint', ['npm run lint']],
  ['lint-fix', ['npm run lint:fix']],
  ['docker-build', ['docker build -t controller:latest .']],
  ['docker-push', ['docker push controller:latest']],
  [
    'docker-buildx',
    [
      '> Dockerfile.cross',
      'docker buildx build --push --platform=linux/arm64,linux/amd64 --tag controller:latest -f Dockerfile.cross .',
    ],
  ],
  [
    'build-installer',
    ['edit set image controller=controller:latest', 'kubectl kustomize config/default > dist/install.yaml'],
  ],
  ['install', ['kubectl apply -k config/crd']],
  ['uninstall', ['kubectl delete --ignore-not-found=false -k config/crd']],
  ['deploy', ['edit set image controller=controller:latest', 'kubectl apply -k config/default']],
  ['kustomize', ['kustomize_v5.8.1_', 'checksums.txt', 'sha256sum -c -']],
  ['undeploy', ['kubectl delete --ignore-not-found=false -k config/default']],
];
const make = ['/usr/bin/make', '/bin/make', '/usr/local/bin/make'].find((p) => existsSync(p));

describe.skipIf(make === undefined || update)('the Makefile of e2e/golden/single-group', () => {
  it.each(MAKE_TARGETS)('make %s runs %j', async (target, commands) => {
    const r = await execa(make ?? 'make', ['-n', target], { cwd: join(goldenRoot, 'single-group'), reject: false });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    for (const c of commands) expect(String(r.stdout)).toContain(c);
  });

  it('documents every target in make help', async () => {
    const r = await execa(make ?? 'make', ['help'], { cwd: join(goldenRoot, 'single-group'), reject: false });
    const text = String(r.stdout).replace(/\u001b\[[0-9;]*m/g, '');
    for (const [target] of MAKE_TARGETS) expect(text).toMatch(new RegExp(`^  ${target} +\\S`, 'm'));
  });
});
