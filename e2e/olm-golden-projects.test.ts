// OLM packaging of every committed golden project (e2e/golden/<project>), as `make bundle` and `make catalog`
// would do it there: copy the project to a fresh temp dir, render config/manifests with the envtest kubectl's
// built-in kustomize, `generate bundle --version 0.1.0`, validate it (optional operatorframework suite too),
// `generate catalog` from it and validate the catalog. Bundle and catalog are compared with the committed
// goldens in e2e/golden-olm/projects/<project>/ (bundle-0.1.0/ and catalog/), and a second `generate bundle`
// must leave the bundle byte-identical. Without kubectl every case is skipped with the reason.
//
// To accept a change, regenerate and review the diff:
//   npm run build && UPDATE_GOLDEN=1 npm exec -- vitest run --config e2e/vitest.config.ts e2e/olm-golden-projects.test.ts
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKubectl, generateBundleFrom, goldenOlm, renderManifests } from './helpers/bundle.js';
import { runCliOk } from './helpers/cli.js';
import { diffTrees, formatTreeDiff, isEmptyDiff, writeTree } from './helpers/golden.js';
import { goldenRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from './helpers/workdir.js';

const found = findKubectl();
const kubectl = 'kubectl' in found ? found.kubectl : undefined;
const skipReason = 'missing' in found ? ` (SKIPPED: ${found.missing})` : '';
if ('missing' in found) console.warn(`e2e/olm-golden-projects.test.ts: skipping every project: ${found.missing}`);
const update = process.env['UPDATE_GOLDEN'] === '1';
const REGENERATE =
  'To accept the change: npm run build && UPDATE_GOLDEN=1 npm exec -- vitest run --config e2e/vitest.config.ts e2e/olm-golden-projects.test.ts (then review the diff).';

/** GoldenOlmProject is one committed golden project and what its CSV must show besides the golden match. */
interface GoldenOlmProject {
  /** Directory name under e2e/golden/ (and e2e/golden-olm/projects/). */
  readonly name: string;
  /** Why the project is skipped (a known product bug), or undefined to run it. */
  readonly skip?: string;
  /** Patterns the generated CSV must match, so a wrong golden accepted by UPDATE_GOLDEN=1 still fails. */
  readonly csv: readonly RegExp[];
}

const PROJECTS: readonly GoldenOlmProject[] = [
  {
    name: 'single-group',
    csv: [
      /name: memcacheds\.cache\.example\.com/,
      /type: MutatingAdmissionWebhook/,
      /type: ValidatingAdmissionWebhook/,
      /- supported: true\n\s+type: AllNamespaces/,
    ],
  },
  {
    name: 'multigroup',
    csv: [
      /name: captains\.crew\.example\.com/,
      /name: frigates\.ship\.example\.com/,
      /name: cruisers\.ship\.example\.com/,
      /webhookPath: \/mutate-ship-example-com-v1beta1-frigate/,
    ],
  },
  {
    name: 'namespaced',
    // A namespaced manager is bound to a Role: its rules must land in the CSV's permissions (this once came
    // out as a stray ClusterRole because the scaffolded RBAC markers had no namespace=).
    csv: [
      /name: tenants\.tenancy\.example\.com/,
      /permissions:\n(?:.*\n)*?\s+- tenants\n/,
      /- supported: true\n\s+type: OwnNamespace/,
    ],
  },
  {
    name: 'conversion',
    // OLM only installs conversion webhooks for operators that support AllNamespaces and nothing else.
    csv: [
      /type: ConversionWebhook/,
      /conversionCRDs:\n\s+- cronjobs\.jobs\.example\.com/,
      /- supported: false\n\s+type: OwnNamespace/,
      /- supported: true\n\s+type: AllNamespaces/,
    ],
  },
];

/** readTrees reads files and directories (relative to root) into one path -> content map keyed from root. */
async function readTrees(root: string, paths: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of paths) {
    const tree = await snapshotTree(join(root, p));
    if (tree.size > 0) for (const [k, v] of tree) out.set(join(p, k), v);
    else out.set(p, await readFile(join(root, p), 'utf8'));
  }
  return out;
}

/** expectGolden compares generated files with a committed golden tree, or rewrites it under UPDATE_GOLDEN=1. */
async function expectGolden(label: string, got: ReadonlyMap<string, string>, goldenDir: string): Promise<void> {
  const want = await snapshotTree(goldenDir);
  if (update || want.size === 0) {
    await writeTree(goldenDir, got);
    return;
  }
  const diff = diffTrees(want, got);
  expect(isEmptyDiff(diff), formatTreeDiff(label, want, got, diff, REGENERATE)).toBe(true);
}

describe('OLM bundle and catalog of every golden project', () => {
  let work = '';
  beforeAll(async () => {
    work = await makeWorkdir('olm-golden');
  });
  afterAll(async () => {
    if (work !== '') await removeWorkdir(work);
  });

  for (const project of PROJECTS) {
    const run = project.skip === undefined && kubectl !== undefined ? it : it.skip;
    const note = project.skip !== undefined ? ` (SKIPPED: ${project.skip})` : skipReason;
    run(`${project.name}: golden bundle 0.1.0 and catalog, byte-identical on re-runs${note}`, async () => {
      const dir = join(work, project.name);
      await cp(join(goldenRoot, project.name), dir, { recursive: true });
      const golden = join(goldenOlm, 'projects', project.name);
      const rendered = await renderManifests(dir, kubectl ?? '');

      const first = await generateBundleFrom(dir, rendered, ['--version', '0.1.0']);
      expect(first.stderr).not.toMatch(/error/i);
      const validate = await runCliOk(
        ['bundle', 'validate', 'bundle', '--select-optional', 'suite=operatorframework'],
        dir,
      );
      expect(validate.stdout).not.toMatch(/ERROR/);
      const bundle = await readTrees(dir, ['bundle', 'bundle.Dockerfile']);
      const csv = [...bundle].find(([p]) => p.endsWith('.clusterserviceversion.yaml'))?.[1] ?? '';
      for (const pattern of project.csv) expect(csv, `CSV of ${project.name}`).toMatch(pattern);
      expect(csv).not.toMatch(/createdAt/);
      await expectGolden(`${project.name} bundle`, bundle, join(golden, 'bundle-0.1.0'));

      await generateBundleFrom(dir, rendered, ['-q', '--version', '0.1.0']);
      expect(await readTrees(dir, ['bundle', 'bundle.Dockerfile'])).toEqual(bundle);

      const catalogArgs = [
        'generate',
        'catalog',
        '--catalog-dir',
        'catalog',
        '--bundle-dir',
        'bundle',
        '--bundle-image',
        `example.com/${project.name}-bundle:v0.1.0`,
      ];
      await runCliOk(catalogArgs, dir);
      await runCliOk(['catalog', 'validate', 'catalog'], dir);
      const catalog = await readTrees(dir, ['catalog', 'catalog.Dockerfile']);
      expect([...catalog.keys()].some((p) => p.endsWith('/index.yaml'))).toBe(true);
      await expectGolden(`${project.name} catalog`, catalog, join(golden, 'catalog'));
      // Adding the same release again changes nothing.
      await runCliOk(catalogArgs, dir);
      expect(await readTrees(dir, ['catalog', 'catalog.Dockerfile'])).toEqual(catalog);
    });
  }
});
