// CLI behaviour of the BUILT bin (run `npm run build` first), in fresh temp dirs: help and version, every
// kind of bad input (exit 1, one message naming the value and the fix, nothing written), internal errors,
// --dry-run, and the help path staying free of the heavy modules.
import { execa } from 'execa';
import { chmod, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';
import { runCli, runCliOk, type CliResult } from './helpers/cli.js';
import { changeLines } from './helpers/golden.js';
import { repoRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from './helpers/workdir.js';

const INIT = ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--skip-install'];
const API = ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'];
const WEBHOOK = ['create', 'webhook', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'];
const ISSUER = ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Issuer'];
const BUNDLE = ['generate', 'bundle', '--version', '0.1.0'];
const CATALOG = ['generate', 'catalog', '--bundle-image', 'quay.io/x/y:v1'];

let work = '';
let count = 0;

/** freshDir makes an empty project directory inside this file's work dir. */
async function freshDir(name = 'memcached-operator'): Promise<string> {
  const dir = join(work, String(count++), name);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** newProject makes a project with the sample API, as most bad-input cases start from. */
async function newProject(): Promise<string> {
  const dir = await freshDir();
  await runCliOk(INIT, dir);
  await runCliOk(API, dir);
  return dir;
}

/** expectUserError checks the shape of every user-facing failure: exit 1, one Error line with the value, one Hint line with the fix, no stack, nothing on stdout. */
function expectUserError(r: CliResult, value: string, fix: string | RegExp): void {
  const context = `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`;
  expect(r.exitCode, context).toBe(1);
  expect(r.stdout, context).toBe('');
  const lines = r.stderr.split('\n');
  expect(
    lines.filter((l) => l.startsWith('Error: ')),
    context,
  ).toHaveLength(1);
  expect(lines[0], context).toMatch(/^Error: /);
  expect(lines[0], context).toContain(value);
  const hint = lines.find((l) => l.startsWith('Hint: '));
  expect(hint, context).toBeDefined();
  if (typeof fix === 'string') expect(hint, context).toContain(fix);
  else expect(hint, context).toMatch(fix);
  expect(r.stderr, context).not.toMatch(/\n\s+at /);
}

/** commandPaths lists every command of the program as the words that reach it (`['create', 'api']`). */
function commandPaths(cmd: Command, prefix: string[] = []): string[][] {
  return cmd.commands.flatMap((sub) => [[...prefix, sub.name()], ...commandPaths(sub, [...prefix, sub.name()])]);
}

beforeAll(async () => {
  work = await makeWorkdir('cli');
});

afterAll(async () => {
  await removeWorkdir(work);
});

const fullProgram = await buildProgram({ cwd: repoRoot, out: () => undefined, err: () => undefined }, []);

describe('help and version', () => {
  const program = fullProgram;
  const paths = [[], ...commandPaths(program)];

  it('covers the scaffolding, generate and OLM commands', () => {
    const names = paths.map((p) => p.join(' '));
    expect(names).toEqual(
      expect.arrayContaining(['init', 'create', 'create api', 'create webhook', 'edit', 'version', 'generate']),
    );
  });

  it.each(paths.map((p) => [p.join(' ') || '(root)', p] as const))(
    '%s --help exits 0 and shows examples',
    async (_name, path) => {
      const r = await runCli([...path, '--help'], await freshDir());
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Usage: operator-ts/);
      expect(r.stdout).toContain('Examples:');
      expect(r.stdout).toMatch(/\n {2}operator-ts \S/);
      expect(r.stderr).toBe('');
    },
  );

  it('prints the version', async () => {
    const dir = await freshDir();
    const { version } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const r = await runCliOk(['version'], dir);
    expect(r.stdout).toMatch(
      new RegExp(`^operator-ts ${version.replace(/\./g, '\\.')} \\(node v\\d+\\.\\d+\\.\\d+, \\w+/\\w+\\)$`),
    );
    expect(await snapshotTree(dir)).toEqual(new Map());
  });

  it('prints the bare version with --version and -v, and lists --version in the help', async () => {
    const { version } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) expect((await runCliOk([flag], repoRoot)).stdout).toBe(version);
    expect((await runCliOk(['--help'], repoRoot)).stdout).toMatch(/-v, --version +print the operator-ts version/);
  });

  it('keeps --version after a command name for the command (the API version of create api)', async () => {
    const dir = await freshDir();
    await runCliOk(INIT, dir);
    const r = await runCliOk([...API, '--dry-run'], dir);
    expect(r.stdout).toContain('src/api/v1alpha1/memcached.types.ts');
  });
});

describe('bad input: exit 1, one message naming the value and the fix, nothing written', () => {
  let dir = '';
  let before = new Map<string, string>();

  beforeAll(async () => {
    dir = await newProject();
    before = await snapshotTree(dir);
  });

  it.each([
    ['an unknown flag', [...API, '--forse'], "unknown option '--forse'", 'did you mean --force?'],
    ['an unknown command', ['crate', 'api'], "unknown command 'crate'", '--help'],
    [
      'an invalid kind',
      ['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'memcached'],
      'invalid kind "memcached"',
      '--kind Memcached',
    ],
    [
      'an invalid group',
      ['create', 'api', '--group', 'Cache_Group', '--version', 'v1', '--kind', 'Redis'],
      'invalid group "Cache_Group"',
      '--group cache',
    ],
    [
      'an invalid version',
      ['create', 'api', '--group', 'cache', '--version', '1.0', '--kind', 'Redis'],
      'invalid version "1.0"',
      '--version v1alpha1',
    ],
    [
      'an invalid plural',
      ['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Redis', '--plural', 'Red_is'],
      'invalid plural "Red_is"',
      '--plural red-is',
    ],
    [
      'a bad boolean',
      ['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Redis', '--namespaced=maybe'],
      '"maybe"',
      '--help',
    ],
    [
      'a missing required flag',
      ['create', 'api', '--group', 'cache', '--kind', 'Redis'],
      'missing required flag --version',
      'operator-ts create api --group cache --version v1alpha1 --kind Memcached',
    ],
    ['create api for an existing resource', API, 'cache/v1alpha1 Memcached already exists in PROJECT', '--force'],
    [
      'create webhook for an unknown API',
      ['create', 'webhook', '--group', 'cache', '--version', 'v1', '--kind', 'Redis', '--defaulting'],
      'no API cache/v1 Redis in PROJECT',
      'operator-ts create api --group cache --version v1 --kind Redis',
    ],
    ['create webhook without a type', WEBHOOK, 'no webhook type selected for cache/v1alpha1 Memcached', '--defaulting'],
    [
      'a sidecar injector for a kind of the project',
      [...WEBHOOK, '--sidecar-injection'],
      'cache/v1alpha1 Memcached is not core/v1 Pod',
      '--group core --version v1 --kind Pod --sidecar-injection',
    ],
    [
      'a sidecar injector for a built-in kind other than Pod',
      ['create', 'webhook', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--sidecar-injection'],
      '--sidecar-injection injects into Pods; apps/v1 Deployment is not core/v1 Pod',
      'get the sidecar when their Pods are created',
    ],
    [
      'a second group in a single-group project',
      ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate'],
      'already uses group "cache"',
      'operator-ts edit --multigroup',
    ],
    [
      'init into a directory that already holds a project',
      INIT,
      'already holds an operator-ts project',
      'run init in an empty directory',
    ],
    ['an unknown plugin', [...API, '--plugins', 'helm/v9'], 'no plugin matches "helm/v9"', 'use one of:'],
    ['an unknown generator', ['generate', 'schema'], 'unknown generator "schema"', 'crd, rbac, webhook'],
  ] as const)('%s', async (_case, args, value, fix) => {
    expectUserError(await runCli(args, dir), value, fix);
    expect(await snapshotTree(dir)).toEqual(before);
  });

  // One bad value per flag, for every command that writes: each is refused before anything is read from a
  // cluster or registry or written, with the value and a fix.
  it.each([
    ['init --license', ['init', '--license', 'mit'], "argument 'mit' is invalid", '--help'],
    [
      'create api --external-api-domain',
      [...ISSUER, '--resource=false', '--external-api-domain', 'Bad_Domain'],
      'invalid --external-api-domain "Bad_Domain"',
      '--external-api-domain io',
    ],
    [
      'create api --external-api-crd without a domain',
      [...ISSUER, '--external-api-crd', 'crds.yaml'],
      '--external-api-crd names the CRD of a kind the project does not own',
      '--external-api-domain',
    ],
    [
      'create webhook --spoke without --conversion',
      [...WEBHOOK, '--defaulting', '--spoke', 'v2'],
      '--spoke only applies to conversion webhooks',
      '--conversion',
    ],
    ['edit --multigroup', ['edit', '--multigroup=maybe'], '"maybe"', '--help'],
    ['edit --plugins', ['edit', '--plugins', 'nope/v1'], 'no plugin matches "nope/v1"', 'use one of:'],
    [
      'generate --max-desc-len',
      ['generate', '--max-desc-len', '-1'],
      '--max-desc-len must be a non-negative integer, got "-1"',
      '--max-desc-len 0',
    ],
    [
      'generate --role-name',
      ['generate', '--role-name', 'a/b'],
      '--role-name "a/b" is not a valid ClusterRole name',
      '--role-name manager-role',
    ],
    [
      'generate --paths',
      ['generate', '--paths', 'nothing/**/*.ts'],
      'no TypeScript file matches --paths nothing/**/*.ts',
      '--paths "src/**/*.ts"',
    ],
    ['generate bundle --version', ['generate', 'bundle', '--version', 'v1'], '"v1"', ''],
    ['generate bundle --output-dir ""', [...BUNDLE, '--output-dir', ''], '--output-dir is empty', 'name a folder'],
    [
      'generate bundle --output-dir .',
      [...BUNDLE, '--output-dir', '.'],
      '--output-dir . is the project folder',
      '--output-dir bundle',
    ],
    [
      'generate bundle --output-dir src',
      [...BUNDLE, '--output-dir', 'src'],
      '--output-dir src holds files but no bundle',
      '--output-dir bundle',
    ],
    [
      'generate bundle --channels',
      [...BUNDLE, '--channels', ','],
      '--channels "," names no channel',
      '--channels alpha',
    ],
    [
      'generate bundle --skip-range',
      [...BUNDLE, '--skip-range', 'since 0.1'],
      '--skip-range "since 0.1" is not a semver range',
      '--skip-range ">=0.1.0 <0.2.0"',
    ],
    [
      'generate bundle --extra-service-accounts',
      [...BUNDLE, '--extra-service-accounts', 'Bad SA'],
      '"Bad SA" is not a valid service account name',
      '--extra-service-accounts',
    ],
    [
      'generate bundle --package',
      [...BUNDLE, '--package', 'Bad_Name'],
      'package name "Bad_Name" is not a DNS-1123 label',
      '--package <name>',
    ],
    [
      'generate bundle --base-csv',
      [...BUNDLE, '--base-csv', 'nothere.yaml'],
      'base CSV nothere.yaml does not exist',
      '--base-csv',
    ],
    [
      'generate bundle --apis-dir',
      [...BUNDLE, '--apis-dir', 'nothere'],
      '--apis-dir nothere is not a directory',
      'src/api',
    ],
    [
      'generate bundle --input-dir',
      [...BUNDLE, '--apis-dir', 'src/api', '--input-dir', 'nothere'],
      '--input-dir nothere is not a directory',
      'kubectl kustomize',
    ],
    [
      'generate catalog --bundle-image',
      ['generate', 'catalog', '--bundle-image', 'Not An Image'],
      '--bundle-image "Not An Image" is not a valid image reference',
      'quay.io/example',
    ],
    [
      'generate catalog --opm-image',
      [...CATALOG, '--opm-image', 'bad image!'],
      '--opm-image "bad image!" is not a valid image reference',
      '--opm-image quay.io/example',
    ],
    [
      'generate catalog --channels',
      [...CATALOG, '--channels', ''],
      '--channels "" names no channel',
      '--channels alpha',
    ],
    ['generate catalog --catalog-dir', [...CATALOG, '--catalog-dir', ''], '--catalog-dir is empty', 'name a folder'],
    ['import crd --output', ['import', 'crd', 'PROJECT', '--output', ''], '--output is empty', 'src/api/external'],
    [
      'import crd --from-cluster',
      ['import', 'crd', '--from-cluster', 'Bad Name'],
      '--from-cluster "Bad Name" is not a CustomResourceDefinition name',
      'certificates.cert-manager.io',
    ],
    ['chart version --bump', ['chart', 'version', '--bump', 'huge'], "argument 'huge' is invalid", '--help'],
    [
      'chart version --chart',
      ['chart', 'version', '--chart', 'nothere'],
      'nothere/Chart.yaml not found',
      '--chart <dir>',
    ],
    ['bundle validate -o', ['bundle', 'validate', 'bundle', '-o', 'yaml'], "argument 'yaml' is invalid", '--help'],
    [
      'bundle validate --json -o text',
      ['bundle', 'validate', 'src', '--json', '-o', 'text'],
      '--json and --output text ask for different formats',
      'drop one',
    ],
    ['completion', ['completion', 'tcsh'], "value 'tcsh' is invalid for argument 'shell'", '--help'],
  ] as const)('every flag checked before anything is written: %s', async (_flag, args, value, fix) => {
    expectUserError(await runCli(args, dir), value, fix);
    expect(await snapshotTree(dir)).toEqual(before);
  });

  it('an invalid project name at init, naming the value and a valid one', async () => {
    const fresh = await freshDir();
    expectUserError(
      await runCli(
        ['init', '--domain', 'example.com', '--project-name', 'Memcached_Operator', '--skip-install'],
        fresh,
      ),
      'invalid project name "Memcached_Operator"',
      '--project-name memcached-operator',
    );
    expect(await snapshotTree(fresh)).toEqual(new Map());
  });

  it.each([
    ['a path that does not exist', './no-such-build.tgz', 'does not exist'],
    ['a folder without a package.json', '.', 'is not a package (no package.json)'],
    ['text that is no version', 'not a version!', 'is neither a version, a range, a dist-tag nor a path'],
  ])('a bad --operator-ts-version at init (%s), refused before anything is written', async (_case, value, message) => {
    const fresh = await freshDir();
    const r = await runCli([...INIT, '--operator-ts-version', value], fresh);
    expectUserError(r, message, 'a .tgz made by `npm pack`');
    expect(await snapshotTree(fresh)).toEqual(new Map());
  });

  it('an invalid directory name used as the project name', async () => {
    const fresh = await freshDir('My_Operator');
    const r = await runCli(['init', '--domain', 'example.com', '--skip-install'], fresh);
    expectUserError(r, 'invalid project name "my_operator"', '--project-name my-operator');
    expect(r.stderr).toContain('directory name "My_Operator"');
    expect(await snapshotTree(fresh)).toEqual(new Map());
  });

  it('an invalid domain at init', async () => {
    const fresh = await freshDir();
    expectUserError(
      await runCli(['init', '--domain', 'Example.COM', '--skip-install'], fresh),
      'invalid domain "Example.COM"',
      '--domain example.com',
    );
    expect(await snapshotTree(fresh)).toEqual(new Map());
  });

  it('a command other than init outside a project', async () => {
    const fresh = await freshDir();
    expectUserError(await runCli(API, fresh), 'no PROJECT file', 'operator-ts init');
    expect(await snapshotTree(fresh)).toEqual(new Map());
  });

  it('a user-edited file whose scaffold marker was removed: names the file, the marker and the line to restore', async () => {
    const project = await newProject();
    const main = join(project, 'src/main.ts');
    await writeFile(main, (await readFile(main, 'utf8')).replace('  // +operator-ts:scaffold:controllers\n', ''));
    const edited = await snapshotTree(project);
    const r = await runCli(['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Redis'], project);
    expectUserError(
      r,
      'src/main.ts: scaffold marker "// +operator-ts:scaffold:controllers" is missing',
      'restore the line `// +operator-ts:scaffold:controllers` in src/main.ts',
    );
    expect(await snapshotTree(project)).toEqual(edited);
  });

  it('a hand-broken PROJECT file is a user error naming the entry, not a crash', async () => {
    const project = await newProject();
    const file = join(project, 'PROJECT');
    await writeFile(file, (await readFile(file, 'utf8')).replace('  kind: Memcached\n', '  kind: 42\n'));
    const edited = await snapshotTree(project);
    expectUserError(
      await runCli(['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Redis'], project),
      'resources[0].kind must be a string, found 42',
      'restore PROJECT from version control',
    );
    expect(await snapshotTree(project)).toEqual(edited);
  });

  // Root reads through any mode, so the CLI runs as nobody there, for whom the unreadable PROJECT is real.
  it('an unreadable PROJECT (EACCES) is a user error with the fix, not a crash', async () => {
    const project = await newProject();
    const isRoot = process.getuid?.() === 0;
    if (isRoot) {
      for (let d = project; d !== join(work, '..'); d = join(d, '..')) await chmod(d, 0o755);
      await execa('chown', ['-R', '65534:65534', project]);
    }
    await chmod(join(project, 'PROJECT'), 0o000);
    const r = await execa(process.execPath, [join(repoRoot, 'bin/operator-ts.js'), ...API], {
      cwd: project,
      reject: false,
      stdin: 'ignore',
      env: { NO_COLOR: '1' },
      ...(isRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    await chmod(join(project, 'PROJECT'), 0o644);
    expectUserError(
      { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) },
      'cannot read PROJECT in',
      'chmod u+r PROJECT',
    );
  });
});

describe('internal errors', () => {
  it('print one short report line with the versions, and the stack only with --verbose', async () => {
    const dir = await freshDir();
    const env = { OPERATOR_TS_TEST_INTERNAL_ERROR: '1' };
    const quiet = await runCli(INIT, dir, env);
    expect(quiet.exitCode).toBe(1);
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toMatch(
      /^internal error: forced by OPERATOR_TS_TEST_INTERNAL_ERROR=1 \(operator-ts \d+\.\d+\.\d+\S*, node v\d+\.\d+\.\d+: please report this bug; run with --verbose for the stack\)$/,
    );
    const verbose = await runCli([...INIT, '--verbose'], dir, env);
    expect(verbose.exitCode).toBe(1);
    expect(verbose.stderr).toMatch(/\n\s+at /);
    expect(await snapshotTree(dir)).toEqual(new Map());
  });
});

describe('--dry-run', () => {
  it('prints the change list of init and writes nothing', async () => {
    const dir = await freshDir();
    const r = await runCliOk([...INIT, '--dry-run'], dir);
    expect(changeLines(r.stdout)).toEqual(
      expect.arrayContaining(['CREATE PROJECT', 'CREATE src/main.ts', 'CREATE config/default/kustomization.yaml']),
    );
    expect(r.stdout).toMatch(/Dry run: nothing was written\.$/);
    expect(await snapshotTree(dir)).toEqual(new Map());
  });

  it('prints CREATE and UPDATE for create api and create webhook and writes nothing', async () => {
    const dir = await newProject();
    const before = await snapshotTree(dir);
    const api = await runCliOk(
      ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Redis', '--dry-run'],
      dir,
    );
    expect(changeLines(api.stdout)).toEqual(
      expect.arrayContaining(['CREATE src/controllers/redis.controller.ts', 'UPDATE src/main.ts', 'UPDATE PROJECT']),
    );
    const webhook = await runCliOk([...WEBHOOK, '--defaulting', '--dry-run'], dir);
    expect(changeLines(webhook.stdout)).toEqual(
      expect.arrayContaining(['CREATE src/webhooks/v1alpha1/memcached.webhook.ts', 'UPDATE src/main.ts']),
    );
    expect(await snapshotTree(dir)).toEqual(before);
  });
});

describe('the help path', () => {
  it('loads neither handlebars nor ts-morph', async () => {
    // Records every module the built CLI resolves while printing help, through a module resolve hook.
    const script = `
      import { registerHooks } from 'node:module';
      const seen = [];
      registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
      const { main } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, 'dist/src/cli/main.js')).href)});
      const io = { out: () => {}, err: () => {} };
      for (const args of [['--help'], ['create', 'api', '--help'], ['create', 'webhook', '--help'], ['init', '--help'], ['generate', '--help'], ['version']])
        if (await main(['node', 'operator-ts', ...args], io) !== 0) throw new Error('help failed: ' + args.join(' '));
      process.stdout.write(JSON.stringify(seen));
    `;
    const r = await execa(process.execPath, ['--input-type=module', '-e', script], {
      cwd: await freshDir(),
      reject: false,
    });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const loaded = JSON.parse(String(r.stdout)) as string[];
    expect(
      loaded.some((u) => u.includes('/node_modules/commander/')),
      'the hook saw commander',
    ).toBe(true);
    expect(loaded.filter((u) => /\/node_modules\/(handlebars|ts-morph|@ts-morph)\//.test(u))).toEqual([]);
    expect(loaded.filter((u) => /\/dist\/src\/(machinery\/render|generate\/run|schema\/)/.test(u))).toEqual([]);
  });

  it('generate and version load no plugin, even in a project', async () => {
    // `make manifests` runs generate on every build: the scaffolding plugins (and the YAML library they
    // bring to read PROJECT) are not loaded for it.
    const dir = await newProject();
    const script = `
      import { registerHooks } from 'node:module';
      const seen = [];
      registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
      const { main } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, 'dist/src/cli/main.js')).href)});
      const io = { out: () => {}, err: () => {} };
      for (const args of [['generate', '--help'], ['version'], ['generate', 'bundle', '--help']])
        if (await main(['node', 'operator-ts', ...args], io) !== 0) throw new Error('failed: ' + args.join(' '));
      process.stdout.write(JSON.stringify(seen));
    `;
    const r = await execa(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, reject: false });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const loaded = JSON.parse(String(r.stdout)) as string[];
    expect(
      loaded.some((u) => u.includes('/dist/src/cli/commands/generate.js')),
      'the hook saw the generate command',
    ).toBe(true);
    expect(
      loaded.filter((u) => /\/dist\/plugins\/|\/node_modules\/yaml\/|\/dist\/src\/cli\/scaffold-commands/.test(u)),
    ).toEqual([]);
  });
});

describe('the generate process', () => {
  it('runs with the memory settings of src/cli/relaunch.ts and passes its exit code and output on', async () => {
    // A preloaded module reports the settings of each process the bin runs (the launcher and the generate
    // process both load it, since the launcher passes its own Node.js flags on).
    const dir = await newProject();
    const probe = `process.stderr.write('PROBE ' + JSON.stringify({ execArgv: process.execArgv.filter((a) => !a.startsWith('--import')), malloc: process.env.MALLOC_MMAP_THRESHOLD_ ?? null }) + '\\n');`;
    const importFlag = `--import=data:text/javascript,${encodeURIComponent(probe)}`;
    const run = (args: string[]) =>
      execa(process.execPath, [importFlag, join(repoRoot, 'bin/operator-ts.js'), ...args], {
        cwd: dir,
        reject: false,
        stdin: 'ignore',
        env: { NO_COLOR: '1' },
      });
    const probes = (stderr: unknown) =>
      String(stderr)
        .split('\n')
        .filter((l) => l.startsWith('PROBE '))
        .map((l) => JSON.parse(l.slice(6)) as { execArgv: string[]; malloc: string | null });
    const { GENERATE_NODE_FLAGS, GENERATE_ENV } = await import('../src/cli/relaunch.js');

    const ok = await run(['generate', 'crd']);
    expect(ok.exitCode, String(ok.stderr)).toBe(0);
    expect(String(ok.stdout)).toMatch(/config\/crd\/bases\/cache\.example\.com_memcacheds\.yaml|everything up to date/);
    expect(probes(ok.stderr)).toEqual([
      { execArgv: [], malloc: null },
      { execArgv: [...GENERATE_NODE_FLAGS], malloc: GENERATE_ENV.MALLOC_MMAP_THRESHOLD_ },
    ]);

    const bad = await run(['generate', 'schema']);
    expect(bad.exitCode).toBe(1);
    expect(String(bad.stderr)).toMatch(/unknown generator "schema"/);

    const other = await run(['version']);
    expect(other.exitCode, String(other.stderr)).toBe(0);
    expect(probes(other.stderr)).toEqual([{ execArgv: [], malloc: null }]);
  });
});
