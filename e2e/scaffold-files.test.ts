// Parts of the scaffold that need no install, checked on a copy of golden project single-group: the
// .gitignore keeps dist/install.yaml (kubebuilder commits it) and ignores the rest of dist/ and bin/, and
// `make docker-buildx` runs only the first (builder) stage on the build platform.
import { execa } from 'execa';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

describe('scaffolded project files', () => {
  let work = '';
  let dir = '';

  beforeAll(async () => {
    work = await makeWorkdir('scaffold-files');
    dir = join(work, 'project');
    await cp(join(goldenRoot, 'single-group'), dir, { recursive: true });
  });

  afterAll(async () => {
    await removeWorkdir(work);
  });

  it('git keeps dist/install.yaml and ignores the compiled manager, bin/ and Dockerfile.cross', async () => {
    await execa('git', ['init', '-q'], { cwd: dir });
    await mkdir(join(dir, 'dist'), { recursive: true });
    const ignored = async (path: string) =>
      (await execa('git', ['check-ignore', '-q', path], { cwd: dir, reject: false })).exitCode === 0;
    expect(await ignored('dist/install.yaml')).toBe(false);
    expect(await ignored('dist/main.js')).toBe(true);
    expect(await ignored('dist/bundle/main.mjs')).toBe(true);
    expect(await ignored('bin/kustomize-v5.8.1')).toBe(true);
    expect(await ignored('Dockerfile.cross')).toBe(true);
  });

  it('make docker-buildx builds the bundling stage on the build platform and the final stage per platform', async () => {
    // The recipe's first line writes Dockerfile.cross; run only it, as make would.
    const dry = await execa('make', ['-n', 'docker-buildx', 'IMG=example.com/memcached-operator:0.0.1'], { cwd: dir });
    const awk = dry.stdout.split('\n').find((line) => line.startsWith('awk '));
    expect(awk).toBeDefined();
    await execa('bash', ['-c', awk ?? ''], { cwd: dir });
    const original = (await readFile(join(dir, 'Dockerfile'), 'utf8')).split('\n');
    const cross = (await readFile(join(dir, 'Dockerfile.cross'), 'utf8')).split('\n');
    const froms = (lines: string[]) => lines.filter((l) => l.startsWith('FROM '));
    expect(froms(cross)).toEqual([
      'FROM --platform=${BUILDPLATFORM} node:24-bookworm-slim AS builder',
      ...froms(original).slice(1),
    ]);
    expect(cross.length).toBe(original.length);
    expect(dry.stdout).toContain(
      'buildx build --push --platform=linux/arm64,linux/amd64 --tag example.com/memcached-operator:0.0.1 -f Dockerfile.cross .',
    );
    await writeFile(join(dir, 'Dockerfile.cross'), '');
  });
});
