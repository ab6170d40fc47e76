// What an operator installs in production, and `npx operator-ts` without a project, with the BUILT CLI (run
// `npm run build` first) packed as the registry would ship it. The generator's packages (ts-morph and the
// TypeScript compiler it bundles, handlebars, commander, json-schema-to-typescript with prettier) are
// devDependencies of a generated project: `npm ci --omit=dev` leaves them out and the manager still runs.
// Where they are missing, the CLI runs itself again through `npm exec` with them; that path downloads them
// from the npm registry when npm's cache does not have them.
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliOk } from './helpers/cli.js';
import { packOperatorTs } from './helpers/pack.js';
import { freePort } from './helpers/ports.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

const GENERATOR_PACKAGES = [
  'ts-morph',
  '@ts-morph/common',
  'typescript',
  'handlebars',
  'commander',
  'json-schema-to-typescript',
  'prettier',
  're2js',
];
const quiet = { NO_COLOR: '1', FORCE_COLOR: '0' };

/** npm runs npm in dir and fails the test with its output when it fails. */
async function npm(dir: string, ...args: string[]): Promise<string> {
  const r = await execa('npm', args, { cwd: dir, reject: false, stdin: 'ignore', all: true, env: quiet });
  if (r.exitCode !== 0) throw new Error(`npm ${args.join(' ')} exited ${r.exitCode} in ${dir}\n${String(r.all)}`);
  return String(r.all);
}

/** installedPackages lists every package folder under node_modules, nested ones included, by package name. */
async function installedPackages(nodeModules: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? (await readdir(join(nodeModules, entry.name))).map((n) => `${entry.name}/${n}`)
      : [entry.name];
    for (const name of names) {
      out.push(name);
      const nested = join(nodeModules, name, 'node_modules');
      if (existsSync(nested)) out.push(...(await installedPackages(nested)));
    }
  }
  return out;
}

/** diskUsage is what `du -sk` reports: KiB of allocated blocks, each file counted once. */
async function diskUsage(path: string, seen = new Set<string>()): Promise<number> {
  const s = await stat(path).catch(() => undefined);
  if (s === undefined || seen.has(`${s.dev}:${s.ino}`)) return 0;
  seen.add(`${s.dev}:${s.ino}`);
  let blocks = s.blocks;
  if (s.isDirectory()) for (const name of await readdir(path)) blocks += (await diskUsage(join(path, name), seen)) * 2;
  return blocks / 2;
}

describe("a generated project's production install leaves the generator out", () => {
  let work = '';
  let dir = '';

  beforeAll(async () => {
    work = await makeWorkdir('lean');
    const tarball = await packOperatorTs(join(work, 'pack'));
    dir = join(work, 'memcached-operator');
    await mkdir(dir);
    await runCliOk(
      ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--operator-ts-version', tarball],
      dir,
    );
    await runCliOk(['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'], dir);
    // The full install has the generator: the project's own operator-ts runs without fetching anything.
    expect(await npm(dir, 'run', 'manifests')).not.toContain('npm exec');
    await npm(dir, 'run', 'build');
    await npm(dir, 'ci', '--omit=dev', '--no-audit', '--no-fund');
  });

  afterAll(async () => {
    await removeWorkdir(work);
  });

  it('lists the generator in devDependencies with the versions operator-ts pins', async () => {
    const own = JSON.parse(await readFile(join(dir, 'node_modules/operator-ts/package.json'), 'utf8')) as {
      generatorDependencies: string[];
      devDependencies: Record<string, string>;
    };
    const project = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(own.generatorDependencies).toEqual(
      expect.arrayContaining(['commander', 'handlebars', 'json-schema-to-typescript', 'ts-morph']),
    );
    for (const name of own.generatorDependencies) {
      expect(project.devDependencies[name], name).toBe(own.devDependencies[name]);
      expect(project.dependencies[name], name).toBeUndefined();
    }
  });

  it('installs none of the generator packages with npm ci --omit=dev', async () => {
    const installed = await installedPackages(join(dir, 'node_modules'));
    expect(installed).toContain('operator-ts');
    expect(installed).toContain('@kubernetes/client-node');
    expect(installed.filter((name) => GENERATOR_PACKAGES.includes(name))).toEqual([]);
    const kib = await diskUsage(join(dir, 'node_modules'));
    console.info(`production install of a generated project: ${kib} KiB in node_modules, ${installed.length} packages`);
  });

  it('starts the built manager and loads every entry point an operator imports', async () => {
    const help = await execa(process.execPath, ['dist/main.js', '--help'], { cwd: dir, reject: false, env: quiet });
    expect(help.exitCode, String(help.stderr)).toBe(0);
    expect(String(help.stdout)).toContain('--leader-elect');
    const script =
      "for (const p of ['operator-ts/runtime', 'operator-ts/types', 'operator-ts/testing']) await import(p);";
    const load = await execa(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
      reject: false,
      env: quiet,
    });
    expect(load.exitCode, String(load.stderr)).toBe(0);
  });

  it('says what failed when the CLI cannot fetch its generator (an unreachable registry)', async () => {
    const registry = `http://127.0.0.1:${await freePort()}/`;
    const r = await execa(process.execPath, ['node_modules/operator-ts/bin/operator-ts.js', 'version'], {
      cwd: dir,
      reject: false,
      stdin: 'ignore',
      env: {
        ...quiet,
        npm_config_registry: registry,
        npm_config_cache: join(work, 'empty-cache'),
        npm_config_fetch_retries: '0',
      },
    });
    expect(r.exitCode).toBe(1);
    expect(String(r.stderr)).toContain('running the command again through npm exec');
    expect(String(r.stderr)).toContain('Error: npm exec could not install the generator dependencies of operator-ts');
    expect(String(r.stderr)).toMatch(/Hint: .*npm install --save-dev operator-ts@\S+ commander@\S+/);
  });
});

describe('npx operator-ts outside a project', () => {
  let work = '';
  let tarball = '';

  beforeAll(async () => {
    work = await makeWorkdir('npx');
    tarball = await packOperatorTs(join(work, 'pack'));
  });

  afterAll(async () => {
    // npm exec keeps each tree it installs under its cache; these name a tarball that is gone after the test.
    const npx = join(process.env['npm_config_cache'] ?? join(homedir(), '.npm'), '_npx');
    for (const hash of existsSync(npx) ? await readdir(npx) : []) {
      const manifest = await readFile(join(npx, hash, 'package.json'), 'utf8').catch(() => '');
      if (manifest.includes(tarball)) await rm(join(npx, hash), { recursive: true, force: true });
    }
    await removeWorkdir(work);
  });

  it('runs init from a bare npm exec of the package, fetching the generator through a second npm exec', async () => {
    const dir = join(work, 'empty');
    await mkdir(dir);
    const r = await execa(
      'npm',
      [
        'exec',
        '--yes',
        `--package=${tarball}`,
        '--',
        'operator-ts',
        'init',
        '--domain',
        'example.com',
        '--repo',
        'example.com/x',
        '--skip-install',
        '--operator-ts-version',
        tarball,
      ],
      {
        cwd: dir,
        reject: false,
        stdin: 'ignore',
        env: quiet,
      },
    );
    expect(r.exitCode, `${String(r.stdout)}\n${String(r.stderr)}`).toBe(0);
    expect(String(r.stderr)).toContain(
      'are not installed next to operator-ts; running the command again through npm exec',
    );
    const project = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(Object.keys(project.devDependencies)).toEqual(
      expect.arrayContaining(['commander', 'handlebars', 'ts-morph']),
    );
    expect(existsSync(join(dir, 'src/main.ts'))).toBe(true);
  });
});
