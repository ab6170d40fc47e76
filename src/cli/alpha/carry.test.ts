import { describe, expect, it } from 'vitest';
import { carryAcross, isAuthorCode, mergePackageJson, replacedFiles } from './carry.js';
import type { FileMap } from './file-tree.js';

const tree = (entries: Record<string, string>): FileMap =>
  new Map(Object.entries(entries).map(([k, v]) => [k, Buffer.from(v)]));
const text = (files: FileMap): Record<string, string> =>
  Object.fromEntries([...files].map(([k, v]) => [k, v.toString('utf8')]));

describe('isAuthorCode', () => {
  it('keeps what the author fills in and leaves the frame to the scaffold', () => {
    for (const path of [
      'src/api/v1/memcached.types.ts',
      'src/controllers/a.controller.ts',
      'src/webhooks/v1/a.webhook.ts',
      'test/envtest.test.ts',
      'README.md',
      'hack/boilerplate.ts.txt',
      'charts/webapp/values.yaml',
      'config/samples/cache_v1_a.yaml',
    ])
      expect(isAuthorCode(path), path).toBe(true);
    for (const path of [
      'src/main.ts',
      'Makefile',
      'Dockerfile',
      'config/default/kustomization.yaml',
      'package.json',
      'PROJECT',
      '.github/workflows/test.yml',
      'docs/README.md',
    ])
      expect(isAuthorCode(path), path).toBe(false);
  });
});

describe('carryAcross', () => {
  it("takes the author's code and own files, and the scaffold's frame", () => {
    const scaffold = tree({
      'src/main.ts': 'new main',
      'src/controllers/a.ts': 'template',
      Makefile: 'new make',
      'config/x.yaml': 'new',
      PROJECT: 'p2',
    });
    const author = tree({
      'src/main.ts': 'my main',
      'src/controllers/a.ts': 'my code',
      Makefile: 'old make',
      'docs/notes.md': 'mine',
      PROJECT: 'p1',
    });
    const result = carryAcross(scaffold, author);
    expect(text(result)).toEqual({
      'src/main.ts': 'new main',
      'src/controllers/a.ts': 'my code',
      Makefile: 'new make',
      'config/x.yaml': 'new',
      'docs/notes.md': 'mine',
      PROJECT: 'p2',
    });
    expect([...result.keys()]).toEqual([
      'Makefile',
      'PROJECT',
      'config/x.yaml',
      'docs/notes.md',
      'src/controllers/a.ts',
      'src/main.ts',
    ]);
    expect(replacedFiles(author, result)).toEqual(['src/main.ts', 'Makefile']);
  });
});

describe('mergePackageJson', () => {
  it("adds the author's dependencies, scripts and fields the scaffold lacks, and keeps their version", () => {
    const scaffold = JSON.stringify({
      name: 'p',
      version: '0.0.1',
      scripts: { build: 'tsc -b' },
      dependencies: { 'operator-ts': '0.2.0' },
    });
    const author = JSON.stringify({
      name: 'p',
      version: '1.4.0',
      author: 'me',
      scripts: { build: 'tsc', mine: 'x' },
      dependencies: { 'operator-ts': '0.1.0', zod: '4.0.0' },
    });
    expect(JSON.parse(mergePackageJson(scaffold, author))).toEqual({
      name: 'p',
      version: '1.4.0',
      scripts: { build: 'tsc -b', mine: 'x' },
      dependencies: { 'operator-ts': '0.2.0', zod: '4.0.0' },
      author: 'me',
    });
  });

  it('refuses a package.json npm could not read either', () => {
    expect(() => mergePackageJson('{}', '{ "name": ')).toThrow(/^package\.json: invalid JSON/);
  });
});
