// Differential test of the plural implementation against the real flect, the inflector kubebuilder and
// controller-gen use: a small Go program (testdata/flect-oracle, flect pinned at the version controller-tools
// v0.23.0 requires) pluralises a few thousand words both ways (kubebuilder's and controller-gen's) and
// singularises them, and every answer must agree. The words are every kind of the golden projects and parity fixtures, every
// Kubernetes kind client-node has a model for, English words taken from the TypeScript and client-node
// declaration files, flect's own dictionary and suffixes, and compounds of them. Skipped when Go is absent.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FLECT_DICTIONARY, FLECT_SUFFIXES } from './flect-data.js';
import { crdPluralOf, flectSingularize, regularPlural } from './plural.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const oracleDir = fileURLToPath(new URL('./testdata/flect-oracle', import.meta.url));
const go = spawnSync('go', ['version'], { encoding: 'utf8' });
const goMissing =
  go.error !== undefined || go.status !== 0
    ? 'Go is not installed (no `go` on PATH): the differential test against flect is skipped'
    : undefined;
if (goMissing !== undefined) console.warn(goMissing);

function filesUnder(dir: string, match: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && match(e.name))
    .map((e) => join(e.parentPath, e.name));
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** corpus collects the words to compare, deduplicated and sorted so that a failure is reproducible. */
function corpus(): string[] {
  const words = new Set<string>();
  for (const file of filesUnder(join(repo, 'e2e/golden'), (n) => n === 'PROJECT'))
    for (const m of readFileSync(file, 'utf8').matchAll(/^\s+kind: (\w+)$/gm)) words.add(m[1] ?? '');
  for (const file of filesUnder(join(repo, 'e2e/generate-parity/fixtures'), (n) => n.endsWith('.ts')))
    for (const m of readFileSync(file, 'utf8').matchAll(/export (?:interface|type) ([A-Z]\w*)/g)) words.add(m[1] ?? '');
  const models = join(repo, 'node_modules/@kubernetes/client-node/dist/gen/models');
  for (const file of filesUnder(models, (n) => n.endsWith('.d.ts'))) {
    const model = file.slice(models.length + 1, -'.d.ts'.length);
    const kind = /^(?:[A-Z][a-z]+)*V\d+(?:(?:alpha|beta)\d+)?([A-Z]\w*)$/.exec(model)?.[1];
    if (kind !== undefined) words.add(kind);
  }
  const english = new Set<string>();
  const texts = [
    ...filesUnder(join(repo, 'node_modules/typescript/lib'), (n) => /^lib\.es\d+.*\.d\.ts$|^lib\.es5\.d\.ts$/.test(n)),
    ...filesUnder(models, (n) => n.endsWith('.d.ts')).slice(0, 400),
  ];
  for (const file of texts) for (const m of readFileSync(file, 'utf8').matchAll(/\b[a-z]{2,18}\b/g)) english.add(m[0]);
  for (const word of english) {
    words.add(word);
    words.add(capitalized(word));
  }
  for (const entry of FLECT_DICTIONARY) {
    for (const form of [entry.singular, entry.plural, entry.alternative]) {
      if (form === undefined) continue;
      words.add(form);
      words.add(capitalized(form));
      words.add(`My${capitalized(form)}`);
      words.add(`my${form}`);
    }
  }
  for (const [singular, plural] of FLECT_SUFFIXES)
    for (const form of [singular, plural]) {
      words.add(`x${form}`);
      words.add(`Foo${capitalized(form)}`);
      words.add(`Foo${form}`);
    }
  for (const odd of [
    'DNS',
    'ID',
    'UserID',
    'APIService',
    'HTTPRoute',
    'IPAddress',
    'PodS',
    'FooX',
    'my-kind',
    'my_kind',
    'A',
    'Ab',
    'OK',
    'JSONPatch',
    'CIDRBlock',
  ])
    words.add(odd);
  words.delete('');
  return [...words].sort();
}

/** flectModuleVersion reads the flect version a go.mod requires. */
function flectModuleVersion(goMod: string): string | undefined {
  return /github\.com\/gobuffalo\/flect (v[\w.-]+)/.exec(goMod)?.[1];
}

describe.skipIf(goMissing !== undefined)('plurals against the real flect', () => {
  it('pins the flect version controller-tools v0.23.0 requires', { timeout: 600_000 }, () => {
    const res = spawnSync('go', ['mod', 'download', '-json', 'sigs.k8s.io/controller-tools@v0.23.0'], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(res.status, res.stderr).toBe(0);
    const info = JSON.parse(res.stdout) as { GoMod: string };
    const pinned = flectModuleVersion(readFileSync(join(oracleDir, 'go.mod'), 'utf8'));
    expect(pinned).toBeDefined();
    expect(flectModuleVersion(readFileSync(info.GoMod, 'utf8'))).toBe(pinned);
  });

  // `go run` compiles the oracle first: with a cold Go build cache on a busy 2-core machine that takes over a minute.
  it(
    'agrees with flect on every word, both as kubebuilder and as controller-gen pluralise, and singularised',
    { timeout: 600_000 },
    () => {
      const words = corpus();
      expect(words.length).toBeGreaterThan(3000);
      const res = spawnSync('go', ['run', '.'], {
        cwd: oracleDir,
        input: `${words.join('\n')}\n`,
        encoding: 'utf8',
        timeout: 300_000,
        maxBuffer: 64 << 20,
      });
      expect(res.status, res.stderr).toBe(0);
      const lines = res.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(words.length);
      const disagreements: string[] = [];
      for (const line of lines) {
        const [word = '', kubebuilder = '', controllerGen = '', singular = ''] = line.split('\t');
        const ours = [regularPlural(word), crdPluralOf(word), flectSingularize(word)];
        if (ours[0] !== kubebuilder || ours[1] !== controllerGen || ours[2] !== singular)
          disagreements.push(
            `${word}: flect ${kubebuilder} / ${controllerGen} / ${singular}, operator-ts ${ours.join(' / ')}`,
          );
      }
      expect(disagreements, `${disagreements.length} of ${words.length} words differ`).toEqual([]);
    },
  );
});
