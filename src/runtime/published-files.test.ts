import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The npm tarball ships dist/, which is what tsconfig.build.json compiles. Test doubles (the stub API
// server) and test files must not be compiled into it; the fakes an operator's own unit tests use are
// published on purpose, under operator-ts/runtime/fake.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function builtFiles(): string[] {
  const configPath = resolve(repoRoot, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, repoRoot, undefined, configPath);
  return parsed.fileNames.map((f) => relative(repoRoot, f));
}

describe('published runtime files', () => {
  const runtime = builtFiles().filter((f) => f.startsWith('src/runtime/') || f.startsWith('src/testing/'));

  it('finds the runtime sources the build compiles', () => {
    expect(runtime).toContain('src/runtime/index.ts');
  });

  it('compiles no test files and no test doubles', () => {
    expect(runtime.filter((f) => /\.test\.ts$|\/fixtures\/|\/testdata\/|stub-/.test(f))).toEqual([]);
  });
});
