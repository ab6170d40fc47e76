import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The runtime ships inside every operator: it must not pull in the CLI side of the package (commander,
// handlebars, ts-morph, the generator, the machinery) through any import of a non-test module.
const runtimeDir = dirname(fileURLToPath(import.meta.url));
const forbiddenPackages = ['commander', 'handlebars', 'ts-morph', 'execa', 'json-schema-to-typescript', 'yaml'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testdata' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    specifiers.push((m[1] ?? m[2]) as string);
  }
  return specifiers;
}

describe('runtime import boundary', () => {
  const files = sourceFiles(runtimeDir);

  it('finds the runtime sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('imports nothing outside src/runtime and no CLI-side package', () => {
    const offences: string[] = [];
    for (const file of files) {
      for (const spec of importsOf(file)) {
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (relative(runtimeDir, target).startsWith('..')) offences.push(`${relative(runtimeDir, file)} -> ${spec}`);
        } else if (forbiddenPackages.some((p) => spec === p || spec.startsWith(`${p}/`))) {
          offences.push(`${relative(runtimeDir, file)} -> ${spec}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
