// An untouched scaffold is clean under its own linter and formatter, with the BUILT CLI (run `npm run build`
// first): `init` a project against the packed operator-ts (init runs npm install, which brings eslint,
// typescript-eslint and prettier), then `npm run lint` and `npm run format:check` must pass after init,
// after the create commands (webhook types added one run at a time, a built-in kind too), and after
// `generate`. Every committed golden project (e2e/golden/*) must pass them too: each is copied next to that
// project and borrows its node_modules (one install for the whole file). Fixing a finding means fixing the
// template, not relaxing a rule.
import { execa } from 'execa';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliOk } from './helpers/cli.js';
import { packOperatorTs } from './helpers/pack.js';
import { goldenRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

// actionlint (a Go module) checks the scaffolded GitHub workflows; without Go the check is skipped.
const ACTIONLINT = 'github.com/rhysd/actionlint/cmd/actionlint@v1.7.12';
const WORKFLOWS = ['lint', 'test', 'test-e2e'].map((w) => `.github/workflows/${w}.yml`);

/** actionlint runs actionlint on a project's scaffolded workflows. */
async function actionlint(dir: string): Promise<NpmResult> {
  const r = await execa('go', ['run', ACTIONLINT, ...WORKFLOWS], { cwd: dir, reject: false, all: true });
  return { exitCode: r.exitCode ?? -1, output: String(r.all) };
}
const hasGo = spawnSync('go', ['version']).status === 0;

interface NpmResult {
  exitCode: number;
  output: string;
}

async function npmRun(dir: string, script: string): Promise<NpmResult> {
  const r = await execa('npm', ['run', script], {
    cwd: dir,
    reject: false,
    stdin: 'ignore',
    all: true,
    env: { NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { exitCode: r.exitCode ?? -1, output: String(r.all) };
}

/** expectClean runs the project's lint, format check and type check, failing with their findings. */
async function expectClean(dir: string, stage: string): Promise<void> {
  for (const script of ['lint', 'format:check', 'typecheck']) {
    const r = await npmRun(dir, script);
    expect(r.exitCode, `npm run ${script} after ${stage}:\n${r.output}`).toBe(0);
  }
}

/** GOLDEN_PROJECTS are the committed golden projects (e2e/golden/<name>/), every flavour the scaffold has. */
const GOLDEN_PROJECTS = readdirSync(goldenRoot, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

let work = '';
let dir = '';

// One `init` with its npm install serves the whole file: the golden projects borrow its node_modules.
beforeAll(async () => {
  work = await makeWorkdir('lint');
  const tarball = await packOperatorTs(join(work, 'pack'));
  dir = join(work, 'memcached-operator');
  await mkdir(dir);
  await runCliOk(
    ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--operator-ts-version', tarball],
    dir,
  );
});

afterAll(async () => {
  await removeWorkdir(work);
});

describe('a scaffolded project passes its own eslint and prettier', () => {
  it('after init', async () => {
    await expectClean(dir, 'init');
  });

  it('after create api and create webhook, one webhook type per run', async () => {
    const gvk = ['--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'];
    await runCliOk(['create', 'api', ...gvk], dir);
    await runCliOk(['create', 'webhook', ...gvk, '--defaulting'], dir);
    await expectClean(dir, 'create webhook --defaulting');
    await runCliOk(['create', 'webhook', ...gvk, '--programmatic-validation'], dir);
    // The validator's types come in their own import, as the file was scaffolded for the defaulter only.
    const webhook = await readFile(join(dir, 'src/webhooks/v1alpha1/memcached.webhook.ts'), 'utf8');
    expect(webhook).toContain("import type { CustomValidator, Warnings } from 'operator-ts/runtime';");
    await runCliOk(
      ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false'],
      dir,
    );
    await runCliOk(['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--defaulting'], dir);
    // The sidecar injector joins the Pod webhook file scaffolded for the defaulter, with its own imports.
    await runCliOk(
      ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--sidecar-injection'],
      dir,
    );
    expect(await readFile(join(dir, 'src/webhooks/v1/pod.webhook.ts'), 'utf8')).toContain(
      "import { SidecarInjector } from 'operator-ts/runtime/webhook';",
    );
    await expectClean(dir, 'the create commands');
  });

  it('after generate', async () => {
    await runCliOk(['generate'], dir);
    await expectClean(dir, 'generate');
  });

  it('lint finds a floating promise (the rules are type-aware)', async () => {
    const file = join(dir, 'src/floating.ts');
    await writeFile(
      file,
      'export async function work(): Promise<void> {}\n\nexport function caller(): void {\n  work();\n}\n',
    );
    try {
      const r = await npmRun(dir, 'lint');
      expect(r.exitCode).not.toBe(0);
      expect(r.output).toContain('@typescript-eslint/no-floating-promises');
    } finally {
      await rm(file);
    }
  });

  it.skipIf(!hasGo)('the CI workflows pass actionlint', async () => {
    const r = await actionlint(dir);
    expect(r.exitCode, r.output).toBe(0);
  });
});

describe('every golden project passes its own lint, format check, type check, build, tests and actionlint', () => {
  it('there are golden projects of every flavour', () => {
    expect(GOLDEN_PROJECTS).toEqual(
      expect.arrayContaining(['conversion', 'helm-hybrid', 'mesh', 'multigroup', 'namespaced', 'single-group']),
    );
  });

  it.each(GOLDEN_PROJECTS)('%s', async (name) => {
    const copy = join(work, 'golden', name);
    await cp(join(goldenRoot, name), copy, { recursive: true });
    const devDependencies = async (root: string): Promise<unknown> =>
      (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { devDependencies: unknown }).devDependencies;
    expect(await devDependencies(copy)).toEqual(await devDependencies(dir));
    // The same dependencies as the installed project (the golden package.json differs only in the operator-ts spec).
    await symlink(join(dir, 'node_modules'), join(copy, 'node_modules'), 'dir');
    // test runs the project's own unit and envtest suites against a real kube-apiserver and etcd.
    for (const script of ['lint', 'format:check', 'typecheck', 'build', 'test']) {
      const r = await npmRun(copy, script);
      expect(r.exitCode, `npm run ${script} in golden project ${name}:\n${r.output}`).toBe(0);
      if (script === 'test') expect(r.output, 'the envtest suite ran').not.toContain('envtest suite skipped');
    }
    if (hasGo) {
      const r = await actionlint(copy);
      expect(r.exitCode, `actionlint in golden project ${name}:\n${r.output}`).toBe(0);
    }
  });
});
