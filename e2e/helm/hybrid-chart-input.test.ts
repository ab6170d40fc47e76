// What `create api --plugins helm-hybrid/v1 --helm-chart` accepts, through the built CLI and the real Helm
// CLI (no cluster): a packaged chart made by `helm package` gives the same project as the chart directory
// it unpacks to, binary files included (a packaged sub-chart too, which git is told to keep), and a chart
// with a values.schema.json gives a spec typed from that schema; both projects type-check and `generate`
// writes their CRDs.
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliOk } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from '../helpers/workdir.js';
import { helmRun } from './chart-helpers.js';
import { ensureHelm } from './helm-binary.mjs';

const schemaChart = fileURLToPath(new URL('../golden-helm/single-group/', import.meta.url));

/** project runs init and `create api --plugins helm-hybrid/v1` over the chart in a new directory. */
async function project(dir: string, chart: string, kind = 'WebApp', group = 'web'): Promise<void> {
  await mkdir(dir);
  await runCliOk(['init', '--domain', 'example.com', '--project-name', 'webapp-operator', '--skip-install'], dir);
  await runCliOk(
    [
      'create',
      'api',
      '--plugins',
      'helm-hybrid/v1',
      '--group',
      group,
      '--version',
      'v1alpha1',
      '--kind',
      kind,
      '--helm-chart',
      chart,
    ],
    dir,
  );
}

/** typecheck links this checkout's packages into the project (operator-ts is the build) and runs tsc. */
async function typecheck(dir: string): Promise<void> {
  await mkdir(join(dir, 'node_modules'));
  for (const name of await readdir(join(repoRoot, 'node_modules'))) {
    if (name !== 'operator-ts') await symlink(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name));
  }
  await symlink(repoRoot, join(dir, 'node_modules', 'operator-ts'));
  const tsc = await execa(
    process.execPath,
    [join(repoRoot, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
    { cwd: dir, reject: false, stdin: 'ignore', all: true },
  );
  expect(tsc.exitCode, String(tsc.all)).toBe(0);
}

describe('create api --plugins helm-hybrid/v1 --helm-chart', () => {
  let helm = '';
  let work = '';
  const blob = randomBytes(4096);

  beforeAll(async () => {
    const found = ensureHelm();
    if ('missing' in found) throw new Error(`the Helm CLI is needed for the Helm-hybrid tests: ${found.missing}`);
    helm = found.path;
    work = await makeWorkdir('helm-hybrid-input');
    const made = await helmRun(helm, ['create', 'webapp'], work);
    expect(made.exitCode, made.stderr).toBe(0);
    // A file that is not UTF-8 text: a copy that decodes it would change its bytes.
    await mkdir(join(work, 'webapp/files'));
    await writeFile(
      join(work, 'webapp/files/blob.bin'),
      Buffer.concat([Buffer.from([0x1f, 0x8b, 0xff, 0xfe, 0x80]), blob]),
    );
    const packaged = await helmRun(helm, ['package', 'webapp', '--destination', 'pkg'], work);
    expect(packaged.exitCode, packaged.stderr).toBe(0);
    await mkdir(join(work, 'unpacked'));
    await execa('tar', ['-xzf', join(work, 'pkg/webapp-0.1.0.tgz'), '-C', join(work, 'unpacked')], { stdin: 'ignore' });
  }, 120_000);

  afterAll(async () => {
    if (work !== '') await removeWorkdir(work);
  });

  it('a chart packaged by helm package gives the project its unpacked directory gives, bytes included', async () => {
    const fromDir = join(work, 'from-dir');
    const fromTgz = join(work, 'from-tgz');
    await project(fromDir, join(work, 'unpacked/webapp'));
    await project(fromTgz, join(work, 'pkg/webapp-0.1.0.tgz'));
    const want = await snapshotTree(fromDir);
    const got = await snapshotTree(fromTgz);
    expect([...got.keys()]).toEqual([...want.keys()]);
    for (const [path, text] of want) expect(got.get(path), path).toBe(text);
    expect([...got.keys()].filter((p) => p.startsWith('charts/webapp/'))).toContain(
      'charts/webapp/templates/deployment.yaml',
    );
    const original = await readFile(join(work, 'webapp/files/blob.bin'));
    for (const dir of [fromDir, fromTgz])
      expect((await readFile(join(dir, 'charts/webapp/files/blob.bin'))).equals(original)).toBe(true);
    // The copy is a chart Helm renders.
    const rendered = await helmRun(helm, ['template', 'shop', 'charts/webapp'], fromTgz);
    expect(rendered.exitCode, rendered.stderr).toBe(0);
    expect(rendered.stdout).toContain('kind: Deployment');
    await typecheck(fromTgz);
    await runCliOk(['generate'], fromTgz);
    expect(await readFile(join(fromTgz, 'config/crd/bases/web.example.com_webapps.yaml'), 'utf8')).toContain(
      'x-kubernetes-preserve-unknown-fields: true',
    );
  }, 300_000);

  it('copies a packaged sub-chart under charts/ byte for byte, and lets git see it', async () => {
    const chart = join(work, 'with-sub/webapp');
    await cp(join(work, 'unpacked/webapp'), chart, { recursive: true });
    expect((await helmRun(helm, ['create', 'sub'], work)).exitCode).toBe(0);
    const sub = await helmRun(helm, ['package', 'sub', '--destination', join(chart, 'charts')], work);
    expect(sub.exitCode, sub.stderr).toBe(0);
    const dir = join(work, 'from-dir-with-sub');
    await project(dir, chart);
    const copied = join(dir, 'charts/webapp/charts/sub-0.1.0.tgz');
    expect((await readFile(copied)).equals(await readFile(join(chart, 'charts/sub-0.1.0.tgz')))).toBe(true);
    const rendered = await helmRun(helm, ['template', 'shop', 'charts/webapp'], dir);
    expect(rendered.exitCode, rendered.stderr).toBe(0);
    expect(rendered.stdout).toContain('name: shop-sub');
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toContain('*.tgz\n!charts/**/*.tgz\n');
    await execa('git', ['init', '-q'], { cwd: dir, stdin: 'ignore' });
    const check = ['check-ignore', '-q', 'charts/webapp/charts/sub-0.1.0.tgz'];
    const ignored = await execa('git', check, { cwd: dir, reject: false, stdin: 'ignore' });
    expect(ignored.exitCode).toBe(1);
  }, 300_000);

  it('refuses a packaged chart with a path that leaves the chart folder, writing nothing', async () => {
    const dir = join(work, 'evil');
    await mkdir(dir);
    await runCliOk(['init', '--domain', 'example.com', '--project-name', 'evil-operator', '--skip-install'], dir);
    await mkdir(join(work, 'evil-src/webapp'), { recursive: true });
    await writeFile(join(work, 'evil-src/webapp/Chart.yaml'), 'apiVersion: v2\nname: webapp\nversion: 0.1.0\n');
    await writeFile(join(work, 'evil-src/outside.yaml'), 'x: 1\n');
    await execa(
      'tar',
      ['-czPf', join(work, 'evil.tgz'), '-C', join(work, 'evil-src'), 'webapp/Chart.yaml', 'webapp/../outside.yaml'],
      { stdin: 'ignore' },
    );
    const before = await snapshotTree(dir);
    const r = await runCli(
      [
        'create',
        'api',
        '--plugins',
        'helm-hybrid/v1',
        '--group',
        'web',
        '--version',
        'v1alpha1',
        '--kind',
        'WebApp',
        '--helm-chart',
        join(work, 'evil.tgz'),
      ],
      dir,
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('holds webapp/../outside.yaml, a path that leaves the chart folder');
    expect(await snapshotTree(dir)).toEqual(before);
  }, 120_000);

  it('a chart with values.schema.json gives a spec typed from the schema; the project type-checks and generates', async () => {
    const dir = join(work, 'from-schema');
    await project(dir, schemaChart, 'MemcachedRelease', 'ops');
    const types = await readFile(join(dir, 'src/api/v1alpha1/memcachedrelease.types.ts'), 'utf8');
    expect(types).toContain('compiled from its\n// values.schema.json');
    // Only the schema knows these: an enum, and a description values.yaml's comments do not have.
    expect(types).toMatch(/pullPolicy\?: '' \| 'Always' \| 'IfNotPresent' \| 'Never';/);
    expect(types).toContain('Number of manager pods; with more than one, leader election keeps one active.');
    expect(types).toMatch(/replicas\?: int64;/);
    await typecheck(dir);
    await runCliOk(['generate'], dir);
    const crd = await readFile(join(dir, 'config/crd/bases/ops.example.com_memcachedreleases.yaml'), 'utf8');
    expect(crd).toContain('kind: MemcachedRelease');
  }, 300_000);
});
