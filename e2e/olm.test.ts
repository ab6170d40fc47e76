// OLM packaging of a scaffolded project, driven by the built CLI exactly as `make bundle` / `make catalog`
// do: scaffold (init, create api, create webhook), add CSV descriptor markers as a user would, generate
// manifests, render config/manifests with kubectl's built-in kustomize, generate the bundle and the
// file-based catalog, and compare both with the committed goldens in e2e/golden-olm (UPDATE_GOLDEN=1
// rewrites them). Without envtest binaries (kubectl) the rendering part is skipped with the reason.
import { execa } from 'execa';
import { chmod, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKubectl, generateBundleFrom, goldenOlm, makeBundle, renderManifests } from './helpers/bundle.js';
import { runCli, runCliOk } from './helpers/cli.js';
import { ensureKustomize } from './helpers/kustomize.js';
import { cliBin } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from './helpers/workdir.js';

const found = findKubectl();
const kubectl = 'kubectl' in found ? found.kubectl : undefined;
const skipReason = 'missing' in found ? ` (SKIPPED: ${found.missing})` : '';
if ('missing' in found)
  console.warn(`e2e/olm.test.ts: skipping the kubectl-dependent bundle and catalog tests: ${found.missing}`);
const update = process.env.UPDATE_GOLDEN === '1';
const PKG = 'memcached-operator';
const BUNDLE_FLAGS = ['--channels', 'alpha', '--default-channel', 'alpha'];
const image = (version: string): string => `example.com/${PKG}-bundle:v${version}`;

/** addMarkers edits the scaffolded types like a user adding CSV descriptors with `+operator-sdk:csv:customresourcedefinitions` markers. */
async function addMarkers(project: string): Promise<void> {
  const file = join(project, 'src/api/v1alpha1/memcached.types.ts');
  let text = await readFile(file, 'utf8');
  const M = '+operator-sdk:csv:customresourcedefinitions';
  const edits: [string, string][] = [
    [
      "import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';",
      "import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';\nimport type { int32 } from 'operator-ts/types';",
    ],
    [
      '  /**\n   * foo is an example field',
      `  /**\n   * size is the number of memcached pods.\n   * ${M}:type=spec,displayName="Size",xDescriptors={"urn:alm:descriptor:com.tectonic.ui:podCount"}\n   * +kubebuilder:validation:Minimum=1\n   * +optional\n   */\n  size?: int32;\n\n  /**\n   * foo is an example field`,
    ],
    [
      '   * +listMapKey=type\n',
      `   * +listMapKey=type\n   * ${M}:type=status,xDescriptors={"urn:alm:descriptor:io.kubernetes.conditions"}\n`,
    ],
    [
      ' * +kubebuilder:object:root=true\n * +kubebuilder:subresource:status',
      ` * +kubebuilder:object:root=true\n * +kubebuilder:subresource:status\n * ${M}:displayName="Memcached App",resources={{Deployment,v1,""},{Service,v1,""}}`,
    ],
  ];
  for (const [from, to] of edits) {
    if (!text.includes(from))
      throw new Error(
        `the scaffolded ${file} changed: cannot find ${JSON.stringify(from)}; update addMarkers in e2e/olm.test.ts`,
      );
    text = text.replace(from, to);
  }
  await writeFile(file, text);
}

async function compareGolden(actualDir: string, paths: readonly string[], goldenDir: string): Promise<void> {
  const actual = new Map<string, string>();
  for (const p of paths) {
    const tree = await snapshotTree(join(actualDir, p));
    if (tree.size > 0) for (const [k, v] of tree) actual.set(join(p, k), v);
    else actual.set(p, await readFile(join(actualDir, p), 'utf8'));
  }
  const existing = await snapshotTree(goldenDir);
  if (update || existing.size === 0) {
    await rm(goldenDir, { recursive: true, force: true });
    for (const [path, content] of actual) {
      await mkdir(join(goldenDir, path, '..'), { recursive: true });
      await writeFile(join(goldenDir, path), content);
    }
    return;
  }
  expect(Object.fromEntries(actual), `differs from ${goldenDir} (UPDATE_GOLDEN=1 rewrites it)`).toEqual(
    Object.fromEntries(existing),
  );
}

describe('OLM bundle and catalog of a scaffolded project', () => {
  let work = '';
  let project = '';
  let rendered = '';

  beforeAll(async () => {
    work = await makeWorkdir('olm');
    project = join(work, PKG);
    await mkdir(project);
    await runCliOk(['init', '--domain', 'example.com', '--skip-install'], project);
    await runCliOk(['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'], project);
    await runCliOk(
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
      project,
    );
    await addMarkers(project);
    await runCliOk(['generate'], project);
  });
  afterAll(async () => {
    if (work !== '') await removeWorkdir(work);
  });

  it('scaffolds config/manifests, config/scorecard and the bundle targets', async () => {
    const files = await snapshotTree(project);
    expect(files.get(`config/manifests/bases/${PKG}.clusterserviceversion.yaml`)).toMatch(
      /name: memcacheds\.cache\.example\.com/,
    );
    expect(files.get('config/manifests/kustomization.yaml')).toMatch(/- path: webhook_cert_patch\.yaml/);
    expect(files.get('config/scorecard/kustomization.yaml')).toMatch(/patches\/olm\.config\.yaml/);
    expect(files.get('Makefile')).toMatch(/^bundle: manifests/m);
  });

  it.skipIf(kubectl === undefined)(`generates the golden bundle, byte-identical on re-runs${skipReason}`, async () => {
    rendered = await renderManifests(project, kubectl ?? '');
    // OLM mounts its own webhook certificate: the bundle input must not mount cert-manager's at the same path.
    expect(rendered).not.toMatch(/webhook-certs/);
    const first = await generateBundleFrom(project, rendered, ['--version', '0.1.0', ...BUNDLE_FLAGS]);
    expect(first.stderr).not.toMatch(/error/i);
    const bundle = await snapshotTree(join(project, 'bundle'));
    const csv = bundle.get(`manifests/${PKG}.clusterserviceversion.yaml`) ?? '';
    expect(csv).toMatch(/displayName: Memcached App/);
    expect(csv).toMatch(/path: size\n\s+x-descriptors:\n\s+- urn:alm:descriptor:com\.tectonic\.ui:podCount/);
    expect(csv).not.toMatch(/createdAt/);
    await compareGolden(project, ['bundle', 'bundle.Dockerfile'], join(goldenOlm, 'bundle-0.1.0'));
    await generateBundleFrom(project, rendered, ['-q', '--version', '0.1.0', ...BUNDLE_FLAGS]);
    expect(await snapshotTree(join(project, 'bundle'))).toEqual(bundle);
    const validate = await runCliOk(
      ['bundle', 'validate', 'bundle', '--select-optional', 'suite=operatorframework'],
      project,
    );
    expect(validate.stdout).not.toMatch(/ERROR/);
  });

  it.skipIf(kubectl === undefined)(
    `builds the golden catalog: 0.1.0, then 0.2.0 replacing it${skipReason}`,
    async () => {
      const catalogArgs = (version: string): string[] => [
        'generate',
        'catalog',
        '--catalog-dir',
        'catalog',
        '--bundle-dir',
        `bundles/${version}`,
        '--bundle-image',
        image(version),
        ...BUNDLE_FLAGS,
      ];
      await rm(join(project, 'catalog'), { recursive: true, force: true });
      await generateBundleFrom(project, rendered, [
        '-q',
        '--version',
        '0.1.0',
        '--output-dir',
        'bundles/0.1.0',
        ...BUNDLE_FLAGS,
      ]);
      await runCliOk(catalogArgs('0.1.0'), project);
      await generateBundleFrom(project, rendered, [
        '-q',
        '--version',
        '0.2.0',
        '--replaces',
        `${PKG}.v0.1.0`,
        '--output-dir',
        'bundles/0.2.0',
        ...BUNDLE_FLAGS,
      ]);
      await runCliOk(catalogArgs('0.2.0'), project);
      const catalog = await snapshotTree(join(project, 'catalog'));
      const index = catalog.get(`${PKG}/index.yaml`) ?? '';
      expect(index).toMatch(/name: memcached-operator\.v0\.2\.0\n\s+replaces: memcached-operator\.v0\.1\.0/);
      // Adding a release that is already there changes nothing.
      await runCliOk(catalogArgs('0.2.0'), project);
      expect(await snapshotTree(join(project, 'catalog'))).toEqual(catalog);
      await runCliOk(['catalog', 'validate', 'catalog'], project);
      await compareGolden(project, ['catalog', 'catalog.Dockerfile', 'bundles/0.2.0'], join(goldenOlm, 'catalog'));
    },
  );

  it.skipIf(kubectl === undefined)(`rejects a catalog whose new release strands the old one${skipReason}`, async () => {
    const broken = join(work, 'broken');
    await cp(join(project, 'catalog'), join(broken, 'catalog'), { recursive: true });
    const index = join(broken, 'catalog', PKG, 'index.yaml');
    await writeFile(index, (await readFile(index, 'utf8')).replace(/\n\s+replaces: memcached-operator\.v0\.1\.0/, ''));
    const r = await runCli(['catalog', 'validate', 'catalog'], broken);
    expect(r.exitCode).toBe(1);
    expect(`${r.stdout}${r.stderr}`).toMatch(/memcached-operator\.v0\.1\.0/);
  });

  it.skipIf(kubectl === undefined)(
    `make bundle and npm run olm:bundle produce a valid bundle${skipReason}`,
    async () => {
      // The project has no node_modules (--skip-install): a shim directory puts the built CLI and kubectl on PATH.
      const shims = join(work, 'shims');
      await mkdir(shims, { recursive: true });
      await writeFile(join(shims, 'operator-ts'), `#!/bin/sh\nexec "${process.execPath}" "${cliBin}" "$@"\n`);
      await chmod(join(shims, 'operator-ts'), 0o755);
      await writeFile(join(shims, 'kubectl'), `#!/bin/sh\nexec "${kubectl ?? ''}" "$@"\n`);
      await chmod(join(shims, 'kubectl'), 0o755);
      const env = { PATH: `${shims}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
      // make bundle sets the manager image with `kustomize edit set image`; without Go to build kustomize (its own
      // target downloads a GitHub release) only the npm path below runs.
      const kustomize = await ensureKustomize();
      if (kustomize !== undefined) {
        const args = [
          '-o',
          'manifests',
          '-o',
          'node_modules',
          'bundle',
          'VERSION=0.3.0',
          'OPERATOR_TS=operator-ts',
          `KUSTOMIZE=${kustomize}`,
        ];
        const make = await execa('make', [...args, 'IMG=example.com/memcached-operator:v0.3.0'], {
          cwd: project,
          env,
          reject: false,
        });
        if (make.exitCode === 127 || /make: not found|ENOENT/.test(String(make.stderr))) return; // no make on this machine
        expect(make.exitCode, String(make.stderr)).toBe(0);
        const csv = await readFile(join(project, 'bundle', 'manifests', `${PKG}.clusterserviceversion.yaml`), 'utf8');
        expect(csv).toMatch(/^ {2}version: 0\.3\.0$/m);
        expect(csv).toContain('image: example.com/memcached-operator:v0.3.0');
      }
      const npm = await execa('npm', ['run', 'olm:bundle'], { cwd: project, env, reject: false });
      expect(npm.exitCode, `${String(npm.stdout)}\n${String(npm.stderr)}`).toBe(0);
      expect(await readFile(join(project, 'bundle', 'manifests', `${PKG}.clusterserviceversion.yaml`), 'utf8')).toMatch(
        /^ {2}version: 0\.0\.1$/m,
      );
      expect(await makeBundle(project, '0.4.0', { kubectl })).toBe(join(project, 'bundle'));
    },
  );
});
