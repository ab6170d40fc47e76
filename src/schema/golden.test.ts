import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { findInputFiles } from '../compiler/input-files.js';
import { preloadSourceFiles } from '../compiler/load-sources.js';
import { type GenerateOptions, runGenerate } from '../generate/run.js';
import { formatDiagnostic } from '../errors/diagnostic.js';

// Golden tests: every folder of testdata/ is an API (a version folder, or several), every folder of
// testdata/errors/ a mistake. UPDATE_GOLDEN=1 rewrites the expected files; review the diff before committing.
const TESTDATA = fileURLToPath(new URL('./testdata', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

// One type checker for all cases: loading @kubernetes/client-node's declarations is the slow part.
beforeAll(() => {
  preloadSourceFiles(findInputFiles(TESTDATA, ['**/*.ts']));
});

function caseOptions(dir: string): Partial<GenerateOptions> {
  const p = join(dir, 'options.json');
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as Partial<GenerateOptions>) : {};
}

function cases(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n !== 'errors' && statSync(join(dir, n)).isDirectory())
    .sort();
}

describe('schema golden cases', () => {
  for (const name of cases(TESTDATA)) {
    it(
      name,
      () => {
        const dir = join(TESTDATA, name);
        const result = runGenerate({
          root: dir,
          paths: ['**/*.ts'],
          generators: ['crd', 'rbac', 'webhook'],
          ...caseOptions(dir),
        });
        expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, dir))).toEqual(
          [],
        );
        const expectedDir = join(dir, 'expected');
        const actual = new Map([...result.files].map(([p, c]) => [basename(p), c]));
        // Warnings are part of the output: a case that expects some keeps them in expected/diagnostics.txt.
        if (result.diagnostics.length > 0)
          actual.set('diagnostics.txt', `${result.diagnostics.map((d) => formatDiagnostic(d, dir)).join('\n')}\n`);
        if (UPDATE) {
          rmSync(expectedDir, { recursive: true, force: true });
          mkdirSync(expectedDir, { recursive: true });
          for (const [f, c] of actual) writeFileSync(join(expectedDir, f), c);
        }
        const expectedFiles = existsSync(expectedDir) ? readdirSync(expectedDir).sort() : [];
        expect([...actual.keys()].sort()).toEqual(expectedFiles);
        for (const f of expectedFiles) expect(actual.get(f), f).toBe(readFileSync(join(expectedDir, f), 'utf8'));
      },
      120_000,
    );
  }
});

describe('schema error cases', () => {
  const errorsDir = join(TESTDATA, 'errors');
  for (const name of cases(errorsDir)) {
    it(
      name,
      () => {
        const dir = join(errorsDir, name);
        const result = runGenerate({ root: dir, paths: ['**/*.ts'], ...caseOptions(dir) });
        const text = `${result.diagnostics.map((d) => formatDiagnostic(d, dir)).join('\n')}\n`;
        const expectedFile = join(dir, 'expected.txt');
        if (UPDATE) writeFileSync(expectedFile, text);
        expect(result.diagnostics.length).toBeGreaterThan(0);
        expect(text).toBe(readFileSync(expectedFile, 'utf8'));
      },
      120_000,
    );
  }
});
