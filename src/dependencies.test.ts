import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What an operator installs in production is operator-ts's `dependencies`: they must be exactly the packages
// the shipped entry points (operator-ts/runtime, /testing, /types) load. Packages only the CLI side loads are
// `generatorDependencies` (pinned in devDependencies), which a generated project keeps in its own
// devDependencies; one put in `dependencies` would ship in every operator, one forgotten in both places would
// break `npx operator-ts`.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shippedDirs = ['src/runtime', 'src/testing', 'src/types'];
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  generatorDependencies: string[];
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return ['testdata', 'fixtures', 'node_modules'].includes(e.name) ? [] : sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** packagesOf lists the packages a module loads at run time (type-only imports load nothing). */
function packagesOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs: string[] = [];
  const statements = /^\s*(import|export)\s+(type\s)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statements)) if (m[2] === undefined) specs.push((m[3] ?? m[4]) as string);
  for (const m of text.matchAll(
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)|createRequire\([^)]*\)\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 7), m.index);
    if (!before.endsWith('typeof ')) specs.push((m[1] ?? m[2]) as string);
  }
  return specs
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && s !== 'operator-ts' && !s.startsWith('operator-ts/'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] as string)));
}

function usedBy(files: readonly string[]): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files)
    for (const name of packagesOf(file)) if (!used.has(name)) used.set(name, relative(root, file));
  return used;
}

const all = [...sources(join(root, 'src')), ...sources(join(root, 'plugins'))];
const shippedFiles = all.filter((f) => shippedDirs.some((d) => f.startsWith(join(root, d) + '/')));
const shipped = usedBy(shippedFiles);
const cliSide = usedBy(all.filter((f) => !shippedFiles.includes(f)));

describe('package dependencies', () => {
  it('finds the imports of both sides', () => {
    expect([...shipped.keys()]).toContain('@kubernetes/client-node');
    expect([...cliSide.keys()]).toContain('ts-morph');
  });

  it('lists in dependencies exactly the packages the runtime, testing and types entry points load', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...shipped.keys()].sort());
  });

  it('lists every other package the CLI loads as a generator dependency pinned in devDependencies', () => {
    const generator = [...cliSide.keys()].filter((name) => !(name in pkg.dependencies)).sort();
    expect([...pkg.generatorDependencies].sort()).toEqual(generator);
    expect(pkg.generatorDependencies.filter((name) => pkg.devDependencies[name] === undefined)).toEqual([]);
  });
});
