import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  API,
  INIT,
  newProjectDir,
  removeProjectDirs,
  runCli,
  snapshot,
  WEBHOOK,
} from '../../src/cli/fixtures/cli-harness.js';
import { SCORECARD_TEST_IMAGE } from '../../src/manifests/olm/bundle/scorecard.js';
import { UserError } from '../../src/index.js';
import { baseCsv, displayName } from './csv-base.js';
import { withAllNamespacesOnly, withOwnedCrd } from './csv-edit.js';
import { SCORECARD_IMAGE } from './scorecard.js';

const CSV = 'config/manifests/bases/memcached-operator.clusterserviceversion.yaml';
const ENTRY = {
  name: 'memcacheds.cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  displayName: 'Memcached',
  description: 'd',
};

type Csv = {
  metadata: { annotations: Record<string, string> };
  spec: Record<string, unknown> & { customresourcedefinitions: { owned: { name: string }[] } };
};

async function ok(dir: string, ...args: string[]): Promise<string> {
  const r = await runCli(dir, ...args);
  expect(r.err, args.join(' ')).toBe('');
  expect(r.code, r.err).toBe(0);
  return r.out;
}

afterAll(() => removeProjectDirs());

describe('olm/v1 plugin', () => {
  it('init scaffolds config/manifests, config/scorecard, Makefile targets and the npm script', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT);
    const files = snapshot(dir);
    const csv = parse(files[CSV] ?? '') as Csv;
    expect(csv.metadata.annotations).toEqual({ 'alm-examples': '[]', capabilities: 'Basic Install' });
    expect(csv.spec['version']).toBe('0.0.0');
    expect(csv.spec['maturity']).toBe('alpha');
    expect(Object.keys(csv.metadata.annotations)).not.toContain('createdAt');
    expect(csv.spec.customresourcedefinitions.owned).toEqual([]);
    const kustomization = parse(files['config/manifests/kustomization.yaml'] ?? '') as { resources: string[] };
    expect(kustomization.resources).toEqual([
      'bases/memcached-operator.clusterserviceversion.yaml',
      '../default',
      '../scorecard',
    ]);
    expect(files['config/manifests/kustomization.yaml']).toContain('# +operator-ts:scaffold:manifests-patches');
    for (const f of ['bases/config.yaml', 'patches/basic.config.yaml', 'patches/olm.config.yaml', 'kustomization.yaml'])
      expect(files[`config/scorecard/${f}`], f).toBeDefined();
    for (const target of [
      'bundle',
      'bundle-build',
      'bundle-push',
      'catalog',
      'catalog-validate',
      'catalog-build',
      'catalog-push',
    ])
      expect(files['Makefile']).toMatch(new RegExp(`^${target}:`, 'm'));
    expect(files['Makefile']).toMatch(/# \+operator-ts:scaffold:makefile-targets\n?$/);
    const pkg = JSON.parse(files['package.json'] ?? '{}') as { scripts: Record<string, string> };
    expect(pkg.scripts['olm:bundle']).toMatch(/kubectl kustomize config\/manifests \| operator-ts generate bundle/);
    expect(pkg.scripts['build']).toBeDefined();
    const project = parse(files['PROJECT'] ?? '') as { layout: string[] };
    expect(project.layout).toEqual(['operator-ts.dev/v1']);
  });

  it('create api lists the CRD as owned once, packages samples, and re-runs change nothing', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT);
    await ok(dir, ...API);
    const first = snapshot(dir);
    const csv = parse(first[CSV] ?? '') as Csv;
    expect(csv.spec.customresourcedefinitions.owned).toEqual([
      {
        description: 'Memcached is the Schema for the memcacheds API.',
        displayName: 'Memcached',
        kind: 'Memcached',
        name: 'memcacheds.cache.example.com',
        version: 'v1alpha1',
      },
    ]);
    expect((parse(first['config/manifests/kustomization.yaml'] ?? '') as { resources: string[] }).resources).toContain(
      '../samples',
    );
    await ok(dir, ...API, '--force');
    const again = snapshot(dir);
    expect(again[CSV]).toBe(first[CSV]);
    expect(again['config/manifests/kustomization.yaml']).toBe(first['config/manifests/kustomization.yaml']);
  });

  it('create webhook adds the OLM certificate patch once; conversion restricts install modes to AllNamespaces', async () => {
    const dir = newProjectDir();
    await ok(dir, 'init', '--domain', 'example.com', '--skip-install', '--namespaced');
    await ok(dir, ...API);
    await ok(dir, ...WEBHOOK, '--defaulting');
    let files = snapshot(dir);
    expect(files['config/manifests/webhook_cert_patch.yaml']).toContain('$patch: delete');
    const patches = (parse(files['config/manifests/kustomization.yaml'] ?? '') as { patches: { path: string }[] })
      .patches;
    expect(patches.map((p) => p.path)).toEqual(['webhook_cert_patch.yaml']);
    const modes = (): unknown => (parse(files[CSV] ?? '') as Csv).spec['installModes'];
    expect(modes()).toContainEqual({ supported: true, type: 'OwnNamespace' });
    await ok(dir, 'create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Memcached', '--controller=false');
    const r = await runCli(
      dir,
      'create',
      'webhook',
      '--group',
      'cache',
      '--version',
      'v1',
      '--kind',
      'Memcached',
      '--conversion',
      '--spoke',
      'v1alpha1',
    );
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/install modes set to AllNamespaces only/);
    files = snapshot(dir);
    expect(modes()).toEqual([
      { supported: false, type: 'OwnNamespace' },
      { supported: false, type: 'SingleNamespace' },
      { supported: false, type: 'MultiNamespace' },
      { supported: true, type: 'AllNamespaces' },
    ]);
    expect((parse(files['config/manifests/kustomization.yaml'] ?? '') as { patches: unknown[] }).patches).toHaveLength(
      1,
    );
  });

  it('edit --plugins olm/v1 adds packaging to a project without it, with its existing APIs', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT, '--plugins', 'typescript/v1,kustomize/v2');
    await ok(dir, ...API);
    expect(snapshot(dir)[CSV]).toBeUndefined();
    await ok(dir, 'edit', '--plugins', 'olm/v1');
    const files = snapshot(dir);
    expect((parse(files[CSV] ?? '') as Csv).spec.customresourcedefinitions.owned.map((o) => o.name)).toEqual([
      'memcacheds.cache.example.com',
    ]);
    expect((parse(files['config/manifests/kustomization.yaml'] ?? '') as { resources: string[] }).resources).toContain(
      '../samples',
    );
    expect(files['Makefile']).toMatch(/^bundle:/m);
    expect(await ok(dir, 'edit', '--plugins', 'olm/v1')).not.toMatch(/CREATE|UPDATE config/);
  });
});

describe('base CSV', () => {
  it('title-cases project names and offers namespace install modes only to namespaced projects', () => {
    expect(displayName('memcached-operator')).toBe('Memcached Operator');
    expect(displayName('myApp_operator.v2')).toBe('My App Operator V2');
    const modes = (namespaced: boolean): unknown =>
      (baseCsv({ projectName: 'p', domain: 'example.com', namespaced }).spec as { installModes: unknown }).installModes;
    expect(modes(false)).toContainEqual({ supported: false, type: 'OwnNamespace' });
    expect(modes(true)).toContainEqual({ supported: true, type: 'SingleNamespace' });
  });

  it('uses the scorecard image of the bundle generator', () => {
    expect(SCORECARD_IMAGE).toBe(SCORECARD_TEST_IMAGE);
  });

  it('edits owned CRDs structurally, idempotently, and rejects a broken base with a hint', () => {
    const text =
      'apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: p.v0.0.0\nspec:\n  displayName: P\n';
    const once = withOwnedCrd('csv.yaml', text, ENTRY);
    expect(once).toBeDefined();
    expect(withOwnedCrd('csv.yaml', once ?? '', ENTRY)).toBeUndefined();
    expect((parse(once ?? '') as Csv).spec.customresourcedefinitions.owned).toHaveLength(1);
    expect(() => withOwnedCrd('csv.yaml', 'kind: Deployment\n', ENTRY)).toThrow(UserError);
    expect(() => withOwnedCrd('csv.yaml', 'kind: [\n', ENTRY)).toThrow(/csv.yaml is not valid YAML/);
    expect(() =>
      withOwnedCrd(
        'csv.yaml',
        'kind: ClusterServiceVersion\nspec:\n  customresourcedefinitions:\n    owned: 3\n',
        ENTRY,
      ),
    ).toThrow(/owned is not a list/);
    expect(withAllNamespacesOnly('csv.yaml', text)).toBeUndefined();
  });
});
