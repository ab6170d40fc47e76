import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { isUserError } from '../../../errors/user-error.js';
import { buildBundle } from '../bundle/build-bundle.js';
import { hashTree } from '../../../machinery/fixtures/tree-hash.js';
import { readTree } from '../fs/tree.js';
import { FIXTURE_OPTIONS, fixtureBaseCsv, fixtureManifests } from '../testdata/memcached-fixture.js';
import type { Obj } from '../model/objects.js';
import type { CsvOptions } from '../csv/build-csv.js';
import type { CatalogContent } from './fbc.js';
import { generateCatalog } from './generate-catalog.js';
import { validateCatalog, validateCatalogContent, validateReplacesGraph } from './validate-catalog.js';

const IMAGE = (v: string): string => `quay.io/example/memcached-operator-bundle:v${v}`;

function writeBundle(root: string, version: string, extra: Partial<CsvOptions> = {}): string {
  const dir = join(root, `bundle-${version}`);
  const b = buildBundle({
    manifests: fixtureManifests(),
    baseCsv: fixtureBaseCsv(),
    options: { ...FIXTURE_OPTIONS, version, ...extra },
  });
  for (const [path, content] of b.files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

async function grown(): Promise<{ root: string; catalogDir: string }> {
  const root = mkdtempSync(join(tmpdir(), 'olm-catalog-'));
  const catalogDir = join(root, 'catalog');
  await generateCatalog({ catalogDir, bundleDir: writeBundle(root, '0.1.0'), bundleImage: IMAGE('0.1.0') });
  await generateCatalog({ catalogDir, bundleDir: writeBundle(root, '0.2.0'), bundleImage: IMAGE('0.2.0') });
  return { root, catalogDir };
}

function blobsOf(file: string): Obj[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS() as Obj);
}

async function rejects(p: Promise<unknown>): Promise<Error> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isUserError(err)) throw new Error(`expected a UserError, got ${String(err)}`);
  return err;
}

describe('generateCatalog', () => {
  it('grows a catalog release by release', async () => {
    const { root, catalogDir } = await grown();
    const blobs = blobsOf(join(catalogDir, 'memcached-operator/index.yaml'));
    expect(blobs.map((b) => `${b.schema as string}:${b.name as string}`)).toEqual([
      'olm.package:memcached-operator',
      'olm.channel:stable',
      'olm.bundle:memcached-operator.v0.1.0',
      'olm.bundle:memcached-operator.v0.2.0',
    ]);
    expect(blobs[0]?.defaultChannel).toBe('stable');
    expect(blobs[1]?.entries).toEqual([
      { name: 'memcached-operator.v0.1.0' },
      { name: 'memcached-operator.v0.2.0', replaces: 'memcached-operator.v0.1.0' },
    ]);
    const bundle = blobs[3] as Obj;
    expect(bundle.image).toBe(IMAGE('0.2.0'));
    expect(bundle.properties.filter((p: Obj) => p.type !== 'olm.csv.metadata')).toEqual([
      { type: 'olm.gvk', value: { group: 'cache.example.com', kind: 'Memcached', version: 'v1alpha1' } },
      { type: 'olm.package', value: { packageName: 'memcached-operator', version: '0.2.0' } },
    ]);
    expect(bundle.relatedImages.map((r: Obj) => r.image)).toContain(IMAGE('0.2.0'));
    expect(await validateCatalog(catalogDir)).toEqual([]);
    expect(readFileSync(join(root, 'catalog.Dockerfile'), 'utf8')).toContain('ADD catalog /configs');
  });

  it('leaves the index as it was when catalog.Dockerfile cannot be written', async () => {
    const { root, catalogDir } = await grown();
    rmSync(join(root, 'catalog.Dockerfile'));
    mkdirSync(join(root, 'catalog.Dockerfile/in-the-way'), { recursive: true });
    const bundleDir = writeBundle(root, '0.3.0');
    const before = hashTree(root);
    const err = await rejects(generateCatalog({ catalogDir, bundleDir, bundleImage: IMAGE('0.3.0') }));
    expect(err.message).toBe(
      'cannot write the changes: catalog.Dockerfile is a folder, but it must be a file (EISDIR)',
    );
    expect(hashTree(root)).toEqual(before);
    expect(readFileSync(join(catalogDir, 'memcached-operator/index.yaml'), 'utf8')).not.toContain('0.3.0');
  });

  it('is idempotent for the same release', async () => {
    const { root, catalogDir } = await grown();
    const before = await readTree(root);
    await generateCatalog({ catalogDir, bundleDir: join(root, 'bundle-0.2.0'), bundleImage: IMAGE('0.2.0') });
    expect(await readTree(root)).toEqual(before);
  });

  it('keeps skips and skipRange from the CSV and adds new channels', async () => {
    const { root, catalogDir } = await grown();
    await generateCatalog({
      catalogDir,
      bundleDir: writeBundle(root, '0.3.0', {
        skipRange: '>=0.1.0 <0.3.0',
        skips: ['memcached-operator.v0.2.0'],
        replaces: 'memcached-operator.v0.1.0',
      }),
      bundleImage: IMAGE('0.3.0'),
      channels: ['stable', 'fast'],
    });
    const blobs = blobsOf(join(catalogDir, 'memcached-operator/index.yaml'));
    const stable = blobs.find((b) => b.schema === 'olm.channel' && b.name === 'stable') as Obj;
    expect(stable.entries[2]).toEqual({
      name: 'memcached-operator.v0.3.0',
      replaces: 'memcached-operator.v0.1.0',
      skipRange: '>=0.1.0 <0.3.0',
      skips: ['memcached-operator.v0.2.0'],
    });
    expect(blobs.find((b) => b.name === 'fast')?.entries).toHaveLength(1);
    expect(await validateCatalog(catalogDir)).toEqual([]);
  });

  describe('bad input leaves the catalog untouched', () => {
    it('default channel missing from the catalog', async () => {
      const { root, catalogDir } = await grown();
      const before = await readTree(root);
      const err = await rejects(
        generateCatalog({
          catalogDir,
          bundleDir: writeBundle(root, '0.3.0'),
          bundleImage: IMAGE('0.3.0'),
          defaultChannel: 'beta',
        }),
      );
      expect(err.message).toMatch(/defaultChannel "beta" not found/);
      const after = await readTree(root);
      after.forEach((_v, k) => {
        if (k.startsWith('bundle-0.3.0/')) after.delete(k);
      });
      expect(after).toEqual(before);
    });
    it('a replaces cycle', async () => {
      const { root, catalogDir } = await grown();
      const before = await readTree(join(root, 'catalog'));
      const err = await rejects(
        generateCatalog({
          catalogDir,
          bundleDir: join(root, 'bundle-0.1.0'),
          bundleImage: IMAGE('0.1.0'),
          replaces: 'memcached-operator.v0.2.0',
        }),
      );
      expect(err.message).toMatch(/fbc-channel-head.*cycle/);
      expect(await readTree(join(root, 'catalog'))).toEqual(before);
    });
    it('a release older than the channel head', async () => {
      const { root, catalogDir } = await grown();
      const err = await rejects(
        generateCatalog({ catalogDir, bundleDir: writeBundle(root, '0.1.5'), bundleImage: IMAGE('0.1.5') }),
      );
      expect(err.message).toMatch(/not newer than memcached-operator.v0.2.0/);
    });
    it('a package name mismatch and a missing bundle dir', async () => {
      const { root, catalogDir } = await grown();
      expect(
        (
          await rejects(
            generateCatalog({
              catalogDir,
              bundleDir: join(root, 'bundle-0.2.0'),
              bundleImage: IMAGE('0.2.0'),
              packageName: 'other',
            }),
          )
        ).message,
      ).toMatch(/does not match/);
      expect(
        (await rejects(generateCatalog({ catalogDir, bundleDir: join(root, 'nope'), bundleImage: 'x' }))).message,
      ).toMatch(/empty or missing/);
    });
  });
});

describe('validateCatalogContent (the rules of opm validate)', () => {
  const pkg = (extra: Obj = {}): Obj => ({ schema: 'olm.package', name: 'p', defaultChannel: 'stable', ...extra });
  const channel = (entries: Obj[], extra: Obj = {}): Obj => ({
    schema: 'olm.channel',
    package: 'p',
    name: 'stable',
    entries,
    ...extra,
  });
  const bundle = (v: string, extra: Obj = {}): Obj => ({
    schema: 'olm.bundle',
    package: 'p',
    name: `p.v${v}`,
    image: `quay.io/x/p-bundle:v${v}`,
    properties: [{ type: 'olm.package', value: { packageName: 'p', version: v } }],
    ...extra,
  });
  const ok = (): Obj[] => [
    pkg(),
    channel([{ name: 'p.v1.0.0' }, { name: 'p.v2.0.0', replaces: 'p.v1.0.0' }]),
    bundle('1.0.0'),
    bundle('2.0.0'),
  ];
  const run = (blobs: Obj[], unreadable: CatalogContent['unreadable'] = []): string[] =>
    validateCatalogContent({ blobs: blobs.map((obj) => ({ obj, file: 'p/index.yaml' })), unreadable }).map(
      (f) => f.check,
    );

  it('accepts a valid package', () => expect(run(ok())).toEqual([]));
  it('accepts valid deprecations', () =>
    expect(
      run([
        ...ok(),
        {
          schema: 'olm.deprecations',
          package: 'p',
          entries: [
            { reference: { schema: 'olm.bundle', name: 'p.v1.0.0' }, message: 'use 2.0.0' },
            { reference: { schema: 'olm.package' }, message: 'moving' },
          ],
        },
      ]),
    ).toEqual([]));

  const cases: [string, () => Obj[], string][] = [
    [
      'package name not a DNS-1123 label',
      () => ok().map((b) => (b.schema === 'olm.package' ? pkg({ name: 'P_x' }) : { ...b, package: 'P_x' })),
      'fbc-package-name',
    ],
    ['package declared twice', () => [...ok(), pkg()], 'fbc-package-duplicate'],
    ['default channel not set', () => [pkg({ defaultChannel: '' }), ...ok().slice(1)], 'fbc-package-default-channel'],
    [
      'default channel does not exist',
      () => [pkg({ defaultChannel: 'beta' }), ...ok().slice(1)],
      'fbc-package-default-channel',
    ],
    ['package without channels', () => [pkg(), bundle('1.0.0')], 'fbc-package-no-channels'],
    [
      'two bundles with one version',
      () => [...ok(), bundle('2.0.0', { name: 'p.v2.0.0-respin' })],
      'fbc-package-duplicate-version',
    ],
    [
      'channel of unknown package',
      () => [...ok(), channel([{ name: 'q.v1' }], { package: 'q' })],
      'fbc-channel-package-unknown',
    ],
    ['bundle of unknown package', () => [...ok(), bundle('3.0.0', { package: 'q' })], 'fbc-bundle-package-unknown'],
    ['bundle name declared twice', () => [...ok(), bundle('3.0.0', { name: 'p.v2.0.0' })], 'fbc-bundle-duplicate-name'],
    [
      'bundle with two olm.package properties',
      () => [
        ...ok().slice(0, 3),
        bundle('2.0.0', {
          properties: [
            { type: 'olm.package', value: { packageName: 'p', version: '2.0.0' } },
            { type: 'olm.package', value: { packageName: 'p', version: '2.0.1' } },
          ],
        }),
      ],
      'fbc-bundle-package-property',
    ],
    [
      'olm.package property of another package',
      () => [
        ...ok().slice(0, 3),
        bundle('2.0.0', { properties: [{ type: 'olm.package', value: { packageName: 'q', version: '2.0.0' } }] }),
      ],
      'fbc-bundle-package-property',
    ],
    [
      'bundle version not semver',
      () => [...ok().slice(0, 3), bundle('2.0', { name: 'p.v2.0.0' })],
      'fbc-bundle-version',
    ],
    [
      'bundle image invalid',
      () => [...ok().slice(0, 3), bundle('2.0.0', { image: 'Not An Image' })],
      'fbc-bundle-image',
    ],
    [
      'related image invalid',
      () => [...ok().slice(0, 3), bundle('2.0.0', { relatedImages: [{ name: 'x', image: 'UPPER/case' }] })],
      'fbc-bundle-related-image',
    ],
    ['bundle in no channel', () => [...ok(), bundle('3.0.0')], 'fbc-bundle-not-in-channel'],
    ['channel declared twice', () => [...ok(), channel([{ name: 'p.v2.0.0' }])], 'fbc-channel-name'],
    ['channel without entries', () => [...ok(), channel([], { name: 'fast' })], 'fbc-channel-empty'],
    [
      'duplicate channel entry',
      () => [pkg(), channel([{ name: 'p.v1.0.0' }, { name: 'p.v1.0.0' }]), bundle('1.0.0')],
      'fbc-channel-duplicate-entry',
    ],
    [
      'channel referencing a missing bundle',
      () => [pkg(), channel([{ name: 'p.v1.0.0' }, { name: 'p.v2.0.0', replaces: 'p.v1.0.0' }]), bundle('1.0.0')],
      'fbc-channel-missing-bundle',
    ],
    [
      'empty skips item',
      () => [
        pkg(),
        channel([{ name: 'p.v1.0.0' }, { name: 'p.v2.0.0', replaces: 'p.v1.0.0', skips: [''] }]),
        bundle('1.0.0'),
        bundle('2.0.0'),
      ],
      'fbc-entry-skips',
    ],
    [
      'invalid skipRange',
      () => [
        pkg(),
        channel([{ name: 'p.v1.0.0' }, { name: 'p.v2.0.0', replaces: 'p.v1.0.0', skipRange: 'soon' }]),
        bundle('1.0.0'),
        bundle('2.0.0'),
      ],
      'fbc-entry-skip-range',
    ],
    [
      'two channel heads',
      () => [pkg(), channel([{ name: 'p.v1.0.0' }, { name: 'p.v2.0.0' }]), bundle('1.0.0'), bundle('2.0.0')],
      'fbc-channel-head',
    ],
    [
      'replaces cycle',
      () => [
        pkg(),
        channel([
          { name: 'p.v1.0.0', replaces: 'p.v2.0.0' },
          { name: 'p.v2.0.0', replaces: 'p.v1.0.0' },
          { name: 'p.v3.0.0', replaces: 'p.v1.0.0' },
        ]),
        bundle('1.0.0'),
        bundle('2.0.0'),
        bundle('3.0.0'),
      ],
      'fbc-channel-cycle',
    ],
    [
      'stranded bundle',
      () => [
        pkg(),
        channel([
          { name: 'p.v1.0.0' },
          { name: 'p.v2.0.0' },
          { name: 'p.v2.1.0', replaces: 'p.v1.0.0' },
          { name: 'p.v3.0.0', replaces: 'p.v2.0.0', skips: ['p.v2.1.0'] },
        ]),
        bundle('1.0.0'),
        bundle('2.0.0'),
        bundle('2.1.0'),
        bundle('3.0.0'),
      ],
      'fbc-channel-stranded',
    ],
    ['blob without schema', () => [...ok(), { name: 'x' }], 'fbc-parse'],
    [
      'deprecation of a missing channel',
      () => [
        ...ok(),
        {
          schema: 'olm.deprecations',
          package: 'p',
          entries: [{ reference: { schema: 'olm.channel', name: 'beta' }, message: 'gone' }],
        },
      ],
      'fbc-deprecations',
    ],
    [
      'deprecation without message',
      () => [
        ...ok(),
        { schema: 'olm.deprecations', package: 'p', entries: [{ reference: { schema: 'olm.package' } }] },
      ],
      'fbc-deprecations',
    ],
  ];
  for (const [title, blobs, check] of cases) {
    it(`${check}: ${title}`, () => expect(run(blobs())).toContain(check));
  }

  it('reports unreadable files', () =>
    expect(run(ok(), [{ file: 'bad.yaml', message: 'oops' }])).toEqual(['fbc-parse']));

  it('lets the tail replace a missing entry and stops at a skipped replaces target', () => {
    expect(validateReplacesGraph([{ name: 'b', replaces: 'a-gone' }])).toEqual([]);
    expect(
      validateReplacesGraph([
        { name: 'c', replaces: 'b', skips: ['b'] },
        { name: 'b', replaces: 'a' },
        { name: 'a' },
      ]).map((f) => f.check),
    ).toEqual(['fbc-channel-stranded']);
  });
});
