import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, FIXTURE_OPTIONS, fixtureBaseCsv, fixtureManifests } from '../testdata/memcached-fixture.js';
import { buildBundle } from './build-bundle.js';

const GOLDEN = join(FIXTURE_DIR, 'golden');

function readGolden(): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(GOLDEN, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out.set(
        relative(GOLDEN, join(e.parentPath, e.name)).split('\\').join('/'),
        readFileSync(join(e.parentPath, e.name), 'utf8'),
      );
  }
  return out;
}

function generate(): Map<string, string> {
  const b = buildBundle({ manifests: fixtureManifests(), baseCsv: fixtureBaseCsv(), options: FIXTURE_OPTIONS });
  const files = new Map([...b.files].map(([k, v]) => [`bundle/${k}`, v]));
  files.set('bundle.Dockerfile', b.dockerfile);
  return files;
}

describe('buildBundle golden (memcached-operator)', () => {
  it('matches the golden files', () => {
    const files = generate();
    if (process.env.UPDATE_GOLDEN === '1') {
      rmSync(GOLDEN, { recursive: true, force: true });
      for (const [path, content] of files) {
        mkdirSync(dirname(join(GOLDEN, path)), { recursive: true });
        writeFileSync(join(GOLDEN, path), content);
      }
    }
    const golden = readGolden();
    expect([...files.keys()].sort()).toEqual([...golden.keys()].sort());
    for (const [path, content] of files) expect(content, path).toBe(golden.get(path));
  });

  it('is byte-identical on re-runs and independent of input order', () => {
    const first = generate();
    const reversed = buildBundle({
      manifests: fixtureManifests().reverse(),
      baseCsv: fixtureBaseCsv(),
      options: FIXTURE_OPTIONS,
    });
    expect(generate()).toEqual(first);
    expect([...reversed.files.values()]).toEqual(
      [...first.entries()].filter(([k]) => k.startsWith('bundle/')).map(([, v]) => v),
    );
  });
});
