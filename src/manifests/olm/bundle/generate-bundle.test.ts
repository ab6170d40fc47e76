import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUserError, UserError } from '../../../errors/user-error.js';
import { hashTree } from '../../../machinery/fixtures/tree-hash.js';
import { readTree } from '../fs/tree.js';
import { FIXTURE_DIR, FIXTURE_OPTIONS, fixtureManifests } from '../testdata/memcached-fixture.js';
import type { Obj } from '../model/objects.js';
import { generateBundle } from './generate-bundle.js';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'olm-bundle-'));
  mkdirSync(join(dir, 'config/manifests/bases'), { recursive: true });
  cpSync(
    join(FIXTURE_DIR, 'base.clusterserviceversion.yaml'),
    join(dir, 'config/manifests/bases/memcached-operator.clusterserviceversion.yaml'),
  );
  return dir;
}

async function snapshot(dir: string): Promise<Map<string, string>> {
  return readTree(dir);
}

describe('generateBundle', () => {
  it('writes the golden bundle and is byte-identical on re-run', async () => {
    const dir = project();
    await generateBundle({ ...FIXTURE_OPTIONS, manifests: fixtureManifests(), projectDir: dir });
    const first = await snapshot(dir);
    expect(first.get('bundle.Dockerfile')).toBe(readFileSync(join(FIXTURE_DIR, 'golden/bundle.Dockerfile'), 'utf8'));
    expect(first.get('bundle/manifests/memcached-operator.clusterserviceversion.yaml')).toBe(
      readFileSync(join(FIXTURE_DIR, 'golden/bundle/manifests/memcached-operator.clusterserviceversion.yaml'), 'utf8'),
    );
    await generateBundle({ ...FIXTURE_OPTIONS, manifests: fixtureManifests(), projectDir: dir });
    expect(await snapshot(dir)).toEqual(first);
    expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('removes stale manifests but keeps user files and custom annotations', async () => {
    const dir = project();
    await generateBundle({ ...FIXTURE_OPTIONS, manifests: fixtureManifests(), projectDir: dir });
    writeFileSync(join(dir, 'bundle/manifests/stale_v1_configmap.yaml'), 'kind: ConfigMap\n');
    writeFileSync(join(dir, 'bundle/metadata/dependencies.yaml'), 'dependencies: []\n');
    const annPath = join(dir, 'bundle/metadata/annotations.yaml');
    writeFileSync(annPath, `${readFileSync(annPath, 'utf8')}  com.redhat.openshift.versions: v4.14-v4.18\n`);
    await generateBundle({ ...FIXTURE_OPTIONS, manifests: fixtureManifests(), projectDir: dir });
    expect(existsSync(join(dir, 'bundle/manifests/stale_v1_configmap.yaml'))).toBe(false);
    expect(readFileSync(join(dir, 'bundle/metadata/dependencies.yaml'), 'utf8')).toBe('dependencies: []\n');
    expect(readFileSync(annPath, 'utf8')).toContain('com.redhat.openshift.versions: v4.14-v4.18');
    expect(readFileSync(join(dir, 'bundle.Dockerfile'), 'utf8')).toContain(
      'LABEL com.redhat.openshift.versions=v4.14-v4.18',
    );
  });

  it('changes neither the bundle nor bundle.Dockerfile when one of them cannot be written', async () => {
    const dir = project();
    await generateBundle({ ...FIXTURE_OPTIONS, manifests: fixtureManifests(), projectDir: dir });
    writeFileSync(join(dir, 'bundle/manifests/stale_v1_configmap.yaml'), 'kind: ConfigMap\n');
    rmSync(join(dir, 'bundle.Dockerfile'));
    mkdirSync(join(dir, 'bundle.Dockerfile'));
    const before = hashTree(dir);
    const err = await generateBundle({
      ...FIXTURE_OPTIONS,
      version: '0.2.0',
      manifests: fixtureManifests(),
      projectDir: dir,
    }).catch((e: unknown) => e);
    expect(isUserError(err) && err.message).toBe(
      'cannot write the changes: bundle.Dockerfile is a folder, but it must be a file (EISDIR)',
    );
    expect(hashTree(dir)).toEqual(before);
  });

  it('writes into a custom output dir with matching COPY paths', async () => {
    const dir = project();
    const r = await generateBundle({
      ...FIXTURE_OPTIONS,
      manifests: fixtureManifests(),
      projectDir: dir,
      outputDir: 'out/bundle',
    });
    expect(r.outputDir).toBe(join(dir, 'out/bundle'));
    expect(readFileSync(join(dir, 'bundle.Dockerfile'), 'utf8')).toContain('COPY out/bundle/manifests /manifests/');
  });

  it('pins image digests when a resolver is given, and writes nothing when resolving fails', async () => {
    const dir = project();
    const digest = `sha256:${'c'.repeat(64)}`;
    await generateBundle({
      ...FIXTURE_OPTIONS,
      manifests: fixtureManifests(),
      projectDir: dir,
      resolveDigest: async () => digest,
    });
    const csv = readFileSync(join(dir, 'bundle/manifests/memcached-operator.clusterserviceversion.yaml'), 'utf8');
    expect(csv).toContain(`image: quay.io/example/memcached-operator@${digest}`);
    expect(csv).not.toContain('memcached-operator:v0.1.0');
    const other = project();
    const err = await generateBundle({
      ...FIXTURE_OPTIONS,
      manifests: fixtureManifests(),
      projectDir: other,
      resolveDigest: async () => {
        throw new UserError('offline');
      },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUserError(err)).toBe(true);
    expect(readdirSync(other)).toEqual(['config']);
  });

  it('leaves nothing behind on bad input', async () => {
    const cases: [string, () => Promise<unknown>, RegExp][] = [];
    const dir = project();
    const noBase = mkdtempSync(join(tmpdir(), 'olm-nobase-'));
    cases.push([
      'missing base',
      () => generateBundle({ ...FIXTURE_OPTIONS, manifests: fixtureManifests(), projectDir: noBase }),
      /no base ClusterServiceVersion/,
    ]);
    cases.push([
      'bad --base-csv',
      () =>
        generateBundle({
          ...FIXTURE_OPTIONS,
          manifests: fixtureManifests(),
          projectDir: dir,
          baseCsvFile: 'nope.yaml',
        }),
      /does not exist/,
    ]);
    cases.push([
      'no deployment',
      () =>
        generateBundle({
          ...FIXTURE_OPTIONS,
          manifests: fixtureManifests().filter((o) => o.kind !== 'Deployment'),
          projectDir: dir,
        }),
      /no Deployment/,
    ]);
    cases.push([
      'unbound SA',
      () =>
        generateBundle({
          ...FIXTURE_OPTIONS,
          manifests: fixtureManifests().filter((o: Obj) => !String(o.kind).endsWith('Binding')),
          projectDir: dir,
        }),
      /bound to no Role/,
    ]);
    cases.push([
      'bad version',
      () => generateBundle({ ...FIXTURE_OPTIONS, version: 'v1', manifests: fixtureManifests(), projectDir: dir }),
      /not a semantic version/,
    ]);
    const broken = fixtureManifests();
    (broken.find((o) => o.kind === 'CustomResourceDefinition') as Obj).spec.scope = 'Global';
    cases.push([
      'validation error',
      () => generateBundle({ ...FIXTURE_OPTIONS, manifests: broken, projectDir: dir }),
      /crd-scope/,
    ]);
    for (const [name, run, re] of cases) {
      const err = await run().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isUserError(err), name).toBe(true);
      expect((err as Error).message, name).toMatch(re);
    }
    expect(readdirSync(dir).sort()).toEqual(['config']);
    expect(readdirSync(noBase)).toEqual([]);
  });
});
