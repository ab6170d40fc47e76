import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { emitYaml } from './yaml-emit.js';
import { toYaml, toYamlByLibrary } from './yaml.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.') || e.name === 'dist') continue;
    // A Helm chart's templates are Go templates that only become YAML when Helm renders them.
    if (e.name === 'templates' && existsSync(join(dir, 'Chart.yaml'))) continue;
    const p = join(dir, e.name);
    // A Helm chart's templates are Go templates that render to YAML, not YAML documents themselves.
    if (e.isDirectory() && e.name === 'templates' && existsSync(join(dir, 'Chart.yaml'))) continue;
    if (e.isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(e.name)) out.push(p);
  }
  return out;
}

/** A small deterministic PRNG (mulberry32), so a failing case can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pieces chosen to hit every branch of the library's string rules: indicators, `: `, ` #`, quotes, edge
// whitespace, newlines (block literals and their chomping), document markers and typed-looking words.
const PIECES = [
  'a',
  'spec',
  'x-kubernetes-list-type',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\t',
  ':',
  ': ',
  '#',
  ' #',
  '-',
  '- ',
  '?',
  '? ',
  "'",
  '"',
  '`',
  '|',
  '>',
  '%',
  '@',
  '&',
  '*',
  '!',
  '[',
  ']',
  '{',
  '}',
  ',',
  '---',
  '...',
  'true',
  'False',
  'null',
  '~',
  'NULL',
  '0',
  '12',
  '-3',
  '+4',
  '0x1f',
  '0o17',
  '1.5',
  '.inf',
  '.NaN',
  '1e3',
  '1.',
  '.5',
  '+.inf',
  '-.Inf',
  '1e',
  'e3',
  '0o8',
  '0xZ',
  '+0x1',
  '00',
  '1_0',
  'é',
  '💡',
  'y',
  'no',
  'on',
  '\\',
  '\r',
  '\u0007',
  '\u0085',
  '\u2028',
];

function randomString(r: () => number): string {
  const n = Math.floor(r() * 5);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(r() * PIECES.length)];
  return s;
}

function randomValue(r: () => number, depth: number): unknown {
  const pick = r();
  if (depth > 3 || pick < 0.45) {
    const k = r();
    if (k < 0.6) return randomString(r);
    if (k < 0.75) return [0, -0, 1, -7, 1.25, 1e21, 2 ** 53, 0.1][Math.floor(r() * 8)];
    if (k < 0.85) return r() < 0.5;
    if (k < 0.95) return null;
    return undefined;
  }
  if (pick < 0.72) {
    const arr: unknown[] = [];
    const n = Math.floor(r() * 4);
    for (let i = 0; i < n; i++) arr.push(randomValue(r, depth + 1));
    return arr;
  }
  const obj: Record<string, unknown> = {};
  const n = Math.floor(r() * 4);
  for (let i = 0; i < n; i++) obj[r() < 0.7 ? `k${Math.floor(r() * 9)}` : randomString(r)] = randomValue(r, depth + 1);
  return obj;
}

describe('emitYaml', () => {
  it('writes the bytes of the yaml library for every YAML document in the repository', () => {
    let docs = 0;
    const bailed: string[] = [];
    for (const file of yamlFiles(repo)) {
      for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
        if (!('toJS' in doc) || doc.errors.length > 0) continue;
        const value: unknown = doc.toJS();
        for (const sortKeys of [false, true]) {
          const fast = emitYaml(value, sortKeys);
          if (typeof value !== 'object' || value === null) continue;
          docs++;
          if (fast === undefined) bailed.push(relative(repo, file));
          else expect(fast, `${relative(repo, file)} sortKeys=${sortKeys}`).toBe(toYamlByLibrary(value, { sortKeys }));
        }
      }
    }
    expect(docs).toBeGreaterThan(300);
    // Generated manifests are JSON-shaped: the fast path must serve nearly all of them.
    expect(bailed.length / docs).toBeLessThan(0.02);
  });

  it('renders a mapping met again (shared by documents, or twice in one) as the library does, at any position', () => {
    const shared = { b: { c: 'x\ny', d: [1, { e: 'f' }] }, a: 'z' };
    const doc = {
      one: shared,
      list: [shared, { nested: shared }],
      two: { deeper: shared, deepest: { again: shared } },
    };
    for (let i = 0; i < 3; i++)
      for (const sortKeys of [false, true]) expect(emitYaml(doc, sortKeys)).toBe(toYamlByLibrary(doc, { sortKeys }));
    expect(emitYaml({ top: shared }, true)).toBe(toYamlByLibrary({ top: shared }, { sortKeys: true }));
  });

  it('agrees with the yaml library on 20,000 random values (both key orders) or leaves them to it', () => {
    let fastCount = 0;
    for (let seed = 1; seed <= 20_000; seed++) {
      const value = randomValue(rng(seed), 0);
      for (const sortKeys of [false, true]) {
        const fast = emitYaml(value, sortKeys);
        if (fast === undefined) continue;
        fastCount++;
        expect(fast, `seed ${seed} sortKeys=${sortKeys}: ${JSON.stringify(value)}`).toBe(
          toYamlByLibrary(value, { sortKeys }),
        );
      }
    }
    expect(fastCount).toBeGreaterThan(12_000);
  });

  it('leaves values it cannot reproduce to the library', () => {
    expect(emitYaml({ a: 'bell\u0007' }, false)).toBeUndefined();
    expect(emitYaml({ a: 'kept\n\n' }, false)).toBeUndefined();
    expect(emitYaml({ a: Number.NaN }, false)).toBeUndefined();
    expect(emitYaml({ a: new Date(0) }, false)).toBeUndefined();
    expect(emitYaml('scalar', false)).toBeUndefined();
    expect(toYaml({ a: Number.NaN })).toBe('a: .nan\n');
  });

  it('renders the shapes generators write', () => {
    const value = {
      spec: {
        description: 'line one\nline two',
        items: [{ name: 'a', ports: [] }, ['x', 'y']],
        empty: {},
        on: 'true',
        n: 3,
      },
    };
    expect(emitYaml(value, false)).toBe(
      [
        'spec:',
        '  description: |-',
        '    line one',
        '    line two',
        '  items:',
        '  - name: a',
        '    ports: []',
        '  - - x',
        '    - y',
        '  empty: {}',
        '  on: "true"',
        '  n: 3',
        '',
      ].join('\n'),
    );
  });
});
