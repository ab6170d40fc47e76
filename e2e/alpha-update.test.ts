// `operator-ts alpha update` across a CLI change: a project is scaffolded with an "older" operator-ts (the
// built checkout with version 0.0.9 and a changed controller and Makefile template, see
// helpers/older-cli.ts), edited by its author, then updated with the BUILT CLI (run `npm run build` first).
import { execa } from 'execa';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { otherCliVersion } from './helpers/older-cli.js';
import { goldenRoot } from './helpers/paths.js';
import { expectSameProject } from './helpers/replay-order.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from './helpers/workdir.js';

const OLD_VERSION = '0.0.9';
const CONTROLLER = 'src/controllers/memcached.controller.ts';
const NEW_LINE = '   * More info: https://pkg.go.dev/sigs.k8s.io/controller-runtime/pkg/reconcile (the same model).\n';
const OLD_LINE = '   * More info: the controller-runtime documentation.\n';
const NEW_MAKEFILE_LINE = '# Image URL to use for all building/pushing image targets\n';
const OLD_MAKEFILE_LINE = '# Image to build and push\n';

// The golden single-group project's commands.
const STEPS = [
  ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--skip-install'],
  ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'],
  [
    'create',
    'webhook',
    '--group',
    'cache',
    '--version',
    'v1alpha1',
    '--kind',
    'Memcached',
    '--defaulting',
    '--programmatic-validation',
  ],
  ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false'],
  ['generate'],
];

// The author's edits away from the lines the CLI change touches.
const EDITS: Record<string, [string, string]> = {
  [CONTROLLER]: [
    '    // TODO(user): your logic here. The event recorder is available as this.recorder.\n',
    "    ctx.log.info({}, 'my logic');\n",
  ],
  Makefile: ['KUBECTL ?= kubectl\n', 'KUBECTL ?= /opt/bin/kubectl\n'],
};

let work = '';
let oldCli = '';

/** scaffoldWithOldCli makes the project as the older release would have, in a new folder. */
async function scaffoldWithOldCli(name: string): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir);
  for (const step of STEPS) {
    const r = await execa(process.execPath, [join(oldCli, 'bin/operator-ts.js'), ...step], { cwd: dir, reject: false });
    if (r.exitCode !== 0) throw new Error(`old operator-ts ${step.join(' ')}: ${String(r.stderr)}`);
  }
  return dir;
}

async function edit(dir: string, path: string, from: string, to: string): Promise<void> {
  const text = await readFile(join(dir, path), 'utf8');
  expect(text, path).toContain(from);
  await writeFile(
    join(dir, path),
    text.replace(from, () => to),
  );
}

beforeAll(async () => {
  work = await makeWorkdir('alpha-update');
  oldCli = await otherCliVersion(join(work, 'operator-ts-old'), OLD_VERSION, [
    { template: 'typescript/create-api/kind.controller.ts.hbs', from: NEW_LINE, to: OLD_LINE },
    { template: 'typescript/init/Makefile.hbs', from: NEW_MAKEFILE_LINE, to: OLD_MAKEFILE_LINE },
  ]);
});
afterAll(async () => {
  await removeWorkdir(work);
});

describe('alpha update with edits away from the CLI change', () => {
  let dir = '';

  beforeAll(async () => {
    dir = await scaffoldWithOldCli('clean');
    expect(await readFile(join(dir, 'PROJECT'), 'utf8')).toContain(`cliVersion: ${OLD_VERSION}`);
    for (const [path, [from, to]] of Object.entries(EDITS)) await edit(dir, path, from, to);
    await mkdir(join(dir, 'src/lib'));
    await writeFile(join(dir, 'src/lib/mine.ts'), 'export const MINE = 1;\n');
  });

  it("merges the new scaffold into the author's files without conflict and records the new version", async () => {
    const r = await runCli(['alpha', 'update', '--from', oldCli], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain(`alpha update: operator-ts ${OLD_VERSION} -> 0.1.0`);
    expect(r.stdout).toMatch(/^ {2}merged {3}src\/controllers\/memcached\.controller\.ts$/m);
    expect(r.stdout).toMatch(/^ {2}merged {3}Makefile$/m);
    const controller = await readFile(join(dir, CONTROLLER), 'utf8');
    expect(controller).toContain(NEW_LINE);
    expect(controller).not.toContain(OLD_LINE);
    expect(controller).toContain("ctx.log.info({}, 'my logic');");
    const makefile = await readFile(join(dir, 'Makefile'), 'utf8');
    expect(makefile).toContain(NEW_MAKEFILE_LINE);
    expect(makefile).toContain('KUBECTL ?= /opt/bin/kubectl\n');
    // The other controller had no edits: it is the new scaffold's.
    expect(await readFile(join(dir, 'src/controllers/deployment.controller.ts'), 'utf8')).toContain(NEW_LINE);
    expect(await readFile(join(dir, 'src/lib/mine.ts'), 'utf8')).toBe('export const MINE = 1;\n');
    expect(await readFile(join(dir, 'PROJECT'), 'utf8')).toContain('cliVersion: 0.1.0');
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies['operator-ts']).toBe('0.1.0');
    // Byte for byte: the project this CLI scaffolds (the golden project) with the author's edits on top.
    const want = await snapshotTree(join(goldenRoot, 'single-group'));
    for (const [path, [from, to]] of Object.entries(EDITS))
      want.set(
        path,
        (want.get(path) ?? '').replace(from, () => to),
      );
    want.set('src/lib/mine.ts', 'export const MINE = 1;\n');
    expect(await snapshotTree(dir)).toEqual(want);
  });

  it('changes nothing when run again, with or without --from', async () => {
    const before = await snapshotTree(dir);
    for (const args of [
      ['alpha', 'update', '--from', oldCli],
      ['alpha', 'update'],
    ]) {
      const r = await runCli(args, dir);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toContain('Changed 0 files');
      expect(await snapshotTree(dir)).toEqual(before);
    }
  });
});

describe('alpha update when the author changed the lines the CLI changed', () => {
  let dir = '';
  let before = new Map<string, string>();

  beforeAll(async () => {
    dir = await scaffoldWithOldCli('conflict');
    await edit(dir, CONTROLLER, OLD_LINE, '   * More info: our team wiki.\n');
    before = await snapshotTree(dir);
  });

  it('writes nothing and names the conflicting file', async () => {
    const r = await runCli(['alpha', 'update', '--from', oldCli], dir);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/^ {2}conflict src\/controllers\/memcached\.controller\.ts$/m);
    expect(r.stderr).toContain('1 files conflict');
    expect(r.stderr).toContain('nothing was written');
    expect(r.stderr).toContain('--force');
    expect(await snapshotTree(dir)).toEqual(before);
  });

  it('with --force writes the merge with git conflict markers and still fails until they are resolved', async () => {
    const r = await runCli(['alpha', 'update', '--from', oldCli, '--force'], dir);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`1 files hold conflict markers: ${CONTROLLER}`);
    const controller = await readFile(join(dir, CONTROLLER), 'utf8');
    expect(controller).toContain(
      '<<<<<<< ours\n   * More info: our team wiki.\n' +
        `||||||| ancestor (operator-ts ${OLD_VERSION})\n${OLD_LINE}` +
        `=======\n${NEW_LINE}>>>>>>> theirs (operator-ts 0.1.0)\n`,
    );
    // Files without conflicts are merged all the same.
    expect(await readFile(join(dir, 'Makefile'), 'utf8')).toContain(NEW_MAKEFILE_LINE);
    expect(await readFile(join(dir, 'PROJECT'), 'utf8')).toContain('cliVersion: 0.1.0');
  });

  it('refuses to merge over unresolved markers, and reports them until they are gone', async () => {
    const again = await runCli(['alpha', 'update', '--from', oldCli, '--force'], dir);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('still hold conflict markers of an earlier update');
    const current = await runCli(['alpha', 'update'], dir);
    expect(current.exitCode).toBe(1);
    expect(current.stderr).toContain(`1 files hold conflict markers: ${CONTROLLER}`);
  });
});

describe.each(['single-group', 'multigroup', 'namespaced', 'conversion', 'mesh', 'helm-hybrid'])(
  'alpha update of golden project %s',
  (name) => {
    it('carries an edit to a controller across the CLI change and comes out as the golden project', async () => {
      // The project as the older release scaffolds it from the golden PROJECT, then edited by its author.
      const dir = join(work, `golden-${name}`);
      const made = await execa(
        process.execPath,
        [
          join(oldCli, 'bin/operator-ts.js'),
          'alpha',
          'generate',
          '--input-dir',
          join(goldenRoot, name),
          '--output-dir',
          dir,
        ],
        { cwd: work, reject: false },
      );
      expect(made.exitCode, String(made.stderr)).toBe(0);
      const controller = [...(await snapshotTree(dir)).keys()].find((p) => p.endsWith('.controller.ts')) ?? '';
      const mine = 'export const MY_SETTING = 1;\n';
      await writeFile(join(dir, controller), `${await readFile(join(dir, controller), 'utf8')}${mine}`);
      const r = await runCli(['alpha', 'update', '--from', oldCli], dir);
      expect(r.exitCode, r.stderr).toBe(0);
      const want = await snapshotTree(join(goldenRoot, name));
      want.set(controller, `${want.get(controller) ?? ''}${mine}`);
      expectSameProject(await snapshotTree(dir), want);
    });
  },
);

describe('alpha update --branch', () => {
  const gitEnv = {
    GIT_AUTHOR_NAME: 'A',
    GIT_AUTHOR_EMAIL: 'a@example.com',
    GIT_COMMITTER_NAME: 'A',
    GIT_COMMITTER_EMAIL: 'a@example.com',
  };
  const git = async (dir: string, ...args: string[]): Promise<string> =>
    String((await execa('git', args, { cwd: dir, env: gitEnv, stdin: 'ignore' })).stdout);
  let dir = '';

  beforeAll(async () => {
    dir = await scaffoldWithOldCli('branch');
    for (const [path, [from, to]] of Object.entries(EDITS)) await edit(dir, path, from, to);
    await git(dir, 'init', '--quiet', '--initial-branch', 'main');
    await git(dir, 'add', '-A');
    await git(dir, 'commit', '--quiet', '-m', 'the project');
    await writeFile(join(dir, 'notes.txt'), 'not committed\n');
  });

  it('refuses while tracked files have uncommitted changes, and writes nothing', async () => {
    await writeFile(join(dir, 'README.md'), 'changed\n');
    const before = await snapshotTree(dir);
    const r = await runCli(['alpha', 'update', '--from', oldCli, '--branch'], dir, gitEnv);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('uncommitted changes');
    expect(await snapshotTree(dir)).toEqual(before);
    await git(dir, 'checkout', '--', 'README.md');
  });

  it('commits the update on a new branch, leaving other untracked files alone', async () => {
    const r = await runCli(['alpha', 'update', '--from', oldCli, '--branch'], dir, gitEnv);
    expect(r.exitCode, r.stderr).toBe(0);
    const branch = `operator-ts-update-from-${OLD_VERSION}-to-0.1.0`;
    expect(r.stdout).toContain(`Committed on branch ${branch}.`);
    expect(await git(dir, 'branch', '--show-current')).toBe(branch);
    expect(await git(dir, 'log', '-1', '--format=%s')).toBe(
      `Upgrade the scaffold from operator-ts ${OLD_VERSION} to 0.1.0`,
    );
    expect(await git(dir, 'status', '--porcelain')).toBe('?? notes.txt');
    const changed = (await git(dir, 'diff', '--name-only', 'main', 'HEAD')).split('\n');
    expect(changed).toEqual(expect.arrayContaining(['PROJECT', 'Makefile', CONTROLLER, 'package.json']));
    expect(await readFile(join(dir, CONTROLLER), 'utf8')).toContain(NEW_LINE);
  });
});

describe('alpha update from a packed release', () => {
  it('installs the tarball once into the cache and merges as with the folder', async () => {
    const packs = join(work, 'packs');
    await mkdir(packs);
    await execa('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], { cwd: oldCli, stdin: 'ignore' });
    const tarball = join(packs, `operator-ts-${OLD_VERSION}.tgz`);
    const dir = await scaffoldWithOldCli('from-tarball');
    for (const [path, [from, to]] of Object.entries(EDITS)) await edit(dir, path, from, to);
    const env = { OPERATOR_TS_CLI_CACHE: join(work, 'cli-cache') };
    const r = await runCli(['alpha', 'update', '--from', tarball], dir, env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`installing ${tarball}`);
    expect(r.stdout).toContain(`alpha update: operator-ts ${OLD_VERSION} -> 0.1.0`);
    expect(await readFile(join(dir, CONTROLLER), 'utf8')).toContain(NEW_LINE);
    expect(await readFile(join(dir, CONTROLLER), 'utf8')).toContain("ctx.log.info({}, 'my logic');");
    // Installed once: the next run finds it in the cache.
    const again = await runCli(['alpha', 'update', '--from', tarball], dir, env);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('installing');
  });
});

describe('alpha update refuses what it cannot use', () => {
  it('a --from that is neither a version nor an operator-ts package', async () => {
    const dir = await scaffoldWithOldCli('bad-from');
    const before = await snapshotTree(dir);
    const notVersion = await runCli(['alpha', 'update', '--from', 'latest-ish'], dir);
    expect(notVersion.exitCode).toBe(1);
    expect(notVersion.stderr).toContain('is neither a version nor a path');
    const notPackage = await runCli(['alpha', 'update', '--from', './src'], dir);
    expect(notPackage.exitCode).toBe(1);
    expect(notPackage.stderr).toContain('is not an operator-ts package');
    // A tarball npm cannot install leaves nothing in the cache.
    const cache = join(work, 'bogus-cache');
    await writeFile(join(work, 'bogus.tgz'), 'not a tarball\n');
    const bogus = await runCli(['alpha', 'update', '--from', join(work, 'bogus.tgz')], dir, {
      OPERATOR_TS_CLI_CACHE: cache,
    });
    expect(bogus.exitCode).toBe(1);
    expect(bogus.stderr).toContain('cannot install');
    expect(await readdir(cache)).toEqual([]);
    expect(await snapshotTree(dir)).toEqual(before);
  });
});
