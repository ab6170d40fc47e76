// Atomic writes through the BUILT CLI (run `npm run build` first): a write that fails in the middle of any
// command (injected ENOSPC / EACCES / ENOTDIR), and real refusals (a file where a folder must be, a folder
// where a file must be, a read-only folder), leave the project byte-identical, and the command works when
// re-run; concurrent create api runs all land.
import { execa } from 'execa';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIL_FS_ENV } from '../src/machinery/fault-injection.js';
import { hashTree } from '../src/machinery/fixtures/tree-hash.js';
import { LOCK_FILE } from '../src/machinery/project-lock.js';
import { FIXTURE_DIR } from '../src/manifests/olm/testdata/memcached-fixture.js';
import { runCli, runCliOk, type CliResult } from './helpers/cli.js';
import { cliBin, repoRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

const INIT = ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--skip-install'];
const api = (kind: string): string[] => ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', kind];
const SKIP = ['node_modules'];
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

let work = '';
let count = 0;
const bases: Record<'empty' | 'initialised' | 'withApi' | 'olm' | 'olmWithBundle', string> = {
  empty: '',
  initialised: '',
  withApi: '',
  olm: '',
  olmWithBundle: '',
};

function copyOf(base: string): string {
  const dir = join(work, `case-${count++}`, 'memcached-operator');
  mkdirSync(dir, { recursive: true });
  cpSync(base, dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

/** expectRefused checks a refused write: exit 1, one Error line naming the cause and a Hint with the fix, no internal error, no lock left. */
function expectRefused(r: CliResult, dir: string, message: RegExp): void {
  const context = `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`;
  expect(r.exitCode, context).toBe(1);
  expect(r.stderr, context).toMatch(message);
  expect(r.stderr, context).toMatch(/^Hint: .+/m);
  expect(r.stderr, context).not.toMatch(/internal error|please report/);
  expect(existsSync(join(dir, LOCK_FILE)), context).toBe(false);
}

beforeAll(async () => {
  work = await makeWorkdir('atomic');
  chmodSync(work, 0o755);
  bases.empty = join(work, 'base-empty');
  mkdirSync(bases.empty);
  bases.initialised = join(work, 'base-init', 'memcached-operator');
  mkdirSync(bases.initialised, { recursive: true });
  await runCliOk(INIT, bases.initialised);
  bases.withApi = join(work, 'base-api', 'memcached-operator');
  cpSync(bases.initialised, bases.withApi, { recursive: true });
  await runCliOk(api('Memcached'), bases.withApi);
  // generate resolves @kubernetes/client-node and operator-ts types the way the project's install would.
  symlinkSync(join(repoRoot, 'node_modules'), join(bases.withApi, 'node_modules'));
  bases.olm = join(work, 'base-olm', 'memcached-operator');
  mkdirSync(join(bases.olm, 'config/manifests/bases'), { recursive: true });
  mkdirSync(join(bases.olm, 'rendered'));
  cpSync(
    join(FIXTURE_DIR, 'base.clusterserviceversion.yaml'),
    join(bases.olm, 'config/manifests/bases/memcached-operator.clusterserviceversion.yaml'),
  );
  cpSync(join(FIXTURE_DIR, 'kustomize-output.yaml'), join(bases.olm, 'rendered/all.yaml'));
  writeFileSync(
    join(bases.olm, 'PROJECT'),
    'domain: example.com\nlayout:\n- typescript.operator-ts.io/v1\nprojectName: memcached-operator\nversion: "3"\n',
  );
  bases.olmWithBundle = join(work, 'base-olm-bundle', 'memcached-operator');
  cpSync(bases.olm, bases.olmWithBundle, { recursive: true });
  await runCliOk(BUNDLE, bases.olmWithBundle);
}, 300_000);

afterAll(async () => {
  if (work !== '') spawnSync('chmod', ['-R', 'u+w', work]);
  await removeWorkdir(work);
});

const BUNDLE = ['generate', 'bundle', '--version', '0.1.0', '--channels', 'stable', '--input-dir', 'rendered', '-q'];
const CATALOG = ['generate', 'catalog', '--bundle-image', 'quay.io/example/memcached-operator-bundle:v0.1.0'];

interface CommandCase {
  readonly name: string;
  readonly base: keyof typeof bases;
  readonly args: readonly string[];
  /** Faults that certainly fire for this command's change (it writes enough files and folders). */
  readonly faults: readonly string[];
}

const EVERY_KIND = ['writeFile:1:EACCES', 'mkdir:1:ENOTDIR', 'rename:2:ENOSPC', 'rename:1:EACCES'];
const COMMANDS: readonly CommandCase[] = [
  { name: 'init', base: 'empty', args: INIT, faults: EVERY_KIND },
  {
    name: 'create api',
    base: 'withApi',
    args: api('Redis'),
    faults: ['writeFile:3:ENOSPC', 'chmod:2:EACCES', 'rename:2:ENOTDIR', 'rename:9:ENOSPC'],
  },
  {
    name: 'create webhook',
    base: 'withApi',
    args: ['create', 'webhook', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached', '--defaulting'],
    faults: EVERY_KIND,
  },
  {
    name: 'edit',
    base: 'withApi',
    args: ['edit', '--multigroup'],
    faults: ['writeFile:1:ENOSPC', 'rename:1:EACCES', 'chmod:1:ENOTDIR'],
  },
  {
    name: 'generate',
    base: 'withApi',
    args: ['generate'],
    faults: ['writeFile:2:ENOSPC', 'mkdir:1:ENOTDIR', 'rename:2:EACCES'],
  },
  { name: 'generate bundle', base: 'olm', args: BUNDLE, faults: EVERY_KIND },
  {
    name: 'generate catalog',
    base: 'olmWithBundle',
    args: CATALOG,
    faults: ['writeFile:1:EACCES', 'mkdir:1:ENOSPC', 'rename:2:ENOTDIR'],
  },
];

describe('a write failing in the middle of a command leaves the project byte-identical', () => {
  it.each(COMMANDS.map((c) => [c.name, c] as const))(
    '%s: every injected failure rolls back, then a re-run works',
    async (_name, c) => {
      const dir = copyOf(bases[c.base]);
      const before = hashTree(dir, SKIP);
      for (const fault of c.faults) {
        const code = fault.split(':')[2] ?? '';
        const r = await runCli(c.args, dir, { [FAIL_FS_ENV]: fault });
        expectRefused(
          r,
          dir,
          new RegExp(
            `^Error: writing \\S+ failed \\(${code}: [a-z ]+\\); every change was rolled back, the project is as it was$`,
            'm',
          ),
        );
        expect(hashTree(dir, SKIP), `after ${fault}`).toEqual(before);
      }
      await runCliOk(c.args, dir);
      expect(hashTree(dir, SKIP)).not.toEqual(before);
    },
  );
});

describe('a real refusal is reported before anything is written', () => {
  it('init with a file where config/ goes (ENOTDIR), then again once it is moved', async () => {
    const dir = copyOf(bases.empty);
    writeFileSync(join(dir, 'config'), 'notes\n');
    const before = hashTree(dir);
    const r = await runCli(INIT, dir);
    expectRefused(
      r,
      dir,
      /^Error: cannot write the changes: config is a file, but it must be a folder \(ENOTDIR\), needed for (config\/default\/[\w.-]+\.yaml, ){2}config\/default\/[\w.-]+\.yaml and \d+ more$/m,
    );
    expect(r.stderr).toMatch(
      /^Hint: move or delete the file config: operator-ts needs a folder there; then re-run\. Nothing was written\.$/m,
    );
    expect(hashTree(dir)).toEqual(before);
    rmSync(join(dir, 'config'));
    await runCliOk(INIT, dir);
  });

  it('generate with a folder where the RBAC output goes (EISDIR) writes no CRD either', async () => {
    const dir = copyOf(bases.withApi);
    rmSync(join(dir, 'config/rbac/role.yaml'));
    mkdirSync(join(dir, 'config/rbac/role.yaml'));
    const before = hashTree(dir, SKIP);
    const r = await runCli(['generate'], dir);
    expectRefused(
      r,
      dir,
      /^Error: cannot write the changes: config\/rbac\/role\.yaml is a folder, but it must be a file \(EISDIR\)$/m,
    );
    expect(hashTree(dir, SKIP)).toEqual(before);
    expect(existsSync(join(dir, 'config/crd/bases'))).toBe(false);
    rmSync(join(dir, 'config/rbac/role.yaml'), { recursive: true });
    await runCliOk(['generate'], dir);
    expect(existsSync(join(dir, 'config/crd/bases/cache.example.com_memcacheds.yaml'))).toBe(true);
  });

  // Root writes through chmod; the CLI then runs as nobody, for whom the read-only folder is real.
  it('create api with a read-only src/ (chmod, EACCES): nothing written, PROJECT unchanged, re-run works', async () => {
    const dir = copyOf(bases.initialised);
    const asUser = isRoot ? { uid: NOBODY, gid: NOBODY } : {};
    if (isRoot) {
      for (let d = dir; d !== work; d = join(d, '..')) chmodSync(d, 0o755);
      spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dir]);
    }
    chmodSync(join(dir, 'src'), 0o555);
    const before = hashTree(dir);
    const run = (): Promise<CliResult> =>
      execa(process.execPath, [cliBin, ...api('Memcached')], {
        cwd: dir,
        reject: false,
        stdin: 'ignore',
        env: { NO_COLOR: '1' },
        ...asUser,
      }).then((r) => ({ exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) }));
    const r = await run();
    expectRefused(
      r,
      dir,
      /^Error: cannot write the changes: src is not writable \(EACCES\), needed for src\/api\/v1alpha1\/groupversion\.ts, src\/api\/v1alpha1\/memcached\.types\.ts, src\/api\/v1alpha1\/zz_generated\.resources\.ts and 3 more$/m,
    );
    expect(r.stderr).toMatch(
      /^Hint: make src writable for your user \(e\.g\. chmod u\+w src\), or run in a copy you own; then re-run\. Nothing was written\.$/m,
    );
    expect(hashTree(dir)).toEqual(before);
    chmodSync(join(dir, 'src'), 0o755);
    const again = await run();
    expect(again.exitCode, again.stderr).toBe(0);
    expect(readFileSync(join(dir, 'PROJECT'), 'utf8')).toContain('kind: Memcached');
    if (isRoot) chownSync(dir, 0, 0);
  });

  const canMount = isRoot && spawnSync('unshare', ['-m', 'true']).status === 0;
  if (!canMount) console.warn('atomic-writes: read-only bind mount variant SKIPPED (needs root and unshare -m)');
  it.skipIf(!canMount)('create api with src/ on a read-only mount (EROFS), in a private mount namespace', async () => {
    const dir = copyOf(bases.initialised);
    const before = hashTree(dir);
    const script =
      'mount --bind -o ro "$1/src" "$1/src" && cd "$1" && exec "$2" "$3" create api --group cache --version v1alpha1 --kind Memcached';
    const r = await execa('unshare', ['-m', 'sh', '-c', script, 'sh', dir, process.execPath, cliBin], {
      reject: false,
      stdin: 'ignore',
      env: { NO_COLOR: '1' },
    });
    expectRefused(
      { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) },
      dir,
      /^Error: cannot write the changes: src is on a read-only file system \(EROFS\), needed for src\/api\/v1alpha1\/groupversion\.ts/m,
    );
    expect(String(r.stderr)).toMatch(
      /^Hint: src is on a read-only file system: run in a writable copy of the project, or remount it read-write/m,
    );
    expect(hashTree(dir)).toEqual(before);
    await runCliOk(api('Memcached'), dir);
  });
});

describe('concurrent commands on one project', () => {
  it('three create api runs at once all land in PROJECT and in the code', async () => {
    const dir = copyOf(bases.initialised);
    const kinds = ['Memcached', 'Redis', 'Postgres'];
    const plurals: Record<string, string> = { Memcached: 'memcacheds', Redis: 'redis', Postgres: 'postgres' };
    const results = await Promise.all(kinds.map((k) => runCli(api(k), dir)));
    for (const r of results) expect(r.exitCode, r.stderr).toBe(0);
    expect(results.map((r) => r.stderr).join('')).toMatch(
      /Waiting for `operator-ts create api` \(pid \d+\) to finish with this project/,
    );
    const project = readFileSync(join(dir, 'PROJECT'), 'utf8');
    const main = readFileSync(join(dir, 'src/main.ts'), 'utf8');
    const crds = readFileSync(join(dir, 'config/crd/kustomization.yaml'), 'utf8');
    for (const kind of kinds) {
      expect(project).toContain(`kind: ${kind}`);
      expect(main).toContain(`${kind}Reconciler`);
      expect(existsSync(join(dir, `src/api/v1alpha1/${kind.toLowerCase()}.types.ts`))).toBe(true);
      expect(crds).toContain(`cache.example.com_${plurals[kind] ?? ''}.yaml`);
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('generate waits for a create api that holds the lock and then sees its kind', async () => {
    const dir = copyOf(bases.withApi);
    const creating = runCli(api('Redis'), dir);
    // Start generate only once create api holds the lock, so the order is certain.
    for (const end = Date.now() + 30_000; !existsSync(join(dir, LOCK_FILE));) {
      if (Date.now() > end) throw new Error('create api never took the lock');
      await new Promise((r) => setTimeout(r, 10));
    }
    const [created, generated] = await Promise.all([creating, runCli(['generate'], dir)]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(generated.exitCode, generated.stderr).toBe(0);
    expect(existsSync(join(dir, 'config/crd/bases/cache.example.com_redis.yaml'))).toBe(true);
  });
});
