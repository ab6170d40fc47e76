// `operator-ts import crd` through the BUILT bin (run `npm run build` first): imported files type-check
// under strict, re-runs are byte-identical, an invalid CRD is a located error with nothing written, a
// hand-written file in the way is not overwritten, --from-cluster reads the same CRD from a real
// kube-apiserver, and json-schema-to-typescript is loaded by this command only.
import { execa } from 'execa';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { runCli, runCliOk } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from '../helpers/workdir.js';

const DATA = join(repoRoot, 'e2e/import-crd/testdata');
const CORPUS = [join(DATA, 'corpus'), join(DATA, 'third-party')];
// Inside the repository, so that the imported files resolve @kubernetes/client-node and operator-ts.
const WORK = join(repoRoot, 'e2e/.work/import-cli');
let tmp = '';

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  tmp = await makeWorkdir('import');
});

afterAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  await removeWorkdir(tmp);
});

describe('import crd', () => {
  const dir = join(WORK, 'project');

  it('imports the corpus, and the files type-check under strict', async () => {
    mkdirSync(dir, { recursive: true });
    const r = await runCliOk(['import', 'crd', ...CORPUS], dir);
    expect(r.stdout).toContain('CREATE src/api/external/gateway.networking.k8s.io/v1/httproute.types.ts');
    expect(r.stdout).toContain('CREATE src/api/external/storage.corpus.test/v1/backup.resource.ts');
    expect(r.stderr).toContain('imported Backup (backups.storage.corpus.test): v1alpha1, v1beta1, v1');
    expect(r.stderr).toMatch(/spec: oneOf: no marker says it here; kept in \+operator-ts:schema/);
    const use = [
      "import { type Client } from 'operator-ts/runtime';",
      "import { BackupResource } from './api/external/storage.corpus.test/v1/backup.resource.js';",
      "import { HTTPRouteResource } from './api/external/gateway.networking.k8s.io/v1/httproute.resource.js';",
      'export async function read(client: Client) {',
      "  const b = await client.get(BackupResource, { namespace: 'default', name: 'nightly' });",
      "  const r = await client.get(HTTPRouteResource, { namespace: 'default', name: 'web' });",
      '  return [b.spec?.schedule.trim(), b.status?.conditions?.[0]?.reason, r.spec?.parentRefs?.[0]?.name, BackupResource.apiVersion] as const;',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'src/use.ts'), use);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2023',
          skipLibCheck: true,
          types: [],
        },
        include: ['src/**/*.ts'],
      }),
    );
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'import-check', private: true, type: 'module' }));
    // The project depends on operator-ts as an installed package would.
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    symlinkSync(repoRoot, join(dir, 'node_modules/operator-ts'));
    const tsc = await execa(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'],
      { cwd: dir, reject: false },
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.exitCode).toBe(0);
  });

  it('is byte-identical when run again', async () => {
    const before = await snapshotTree(join(dir, 'src/api'));
    const r = await runCliOk(['import', 'crd', ...CORPUS], dir);
    expect(r.stdout).not.toMatch(/^(CREATE|UPDATE)/m);
    expect(await snapshotTree(join(dir, 'src/api'))).toEqual(before);
  });

  it('reports an invalid CRD at its file, line and column and writes nothing', async () => {
    const fresh = join(tmp, 'invalid');
    mkdirSync(fresh, { recursive: true });
    const good = readFileSync(join(DATA, 'corpus/backups.yaml'), 'utf8');
    writeFileSync(
      join(fresh, 'crds.yaml'),
      `${good}---\n${good.replace('name: backups.storage.corpus.test', 'name: jobs.storage.corpus.test').replace('kind: Backup\n', 'kind: Job\n').replace('plural: backups', 'plural: jobs').replace('type: integer, format: int32, minimum: 1, default: 7', 'type: int, minimum: 1')}`,
    );
    const r = await runCli(['import', 'crd', 'crds.yaml'], fresh);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^crds\.yaml:\d+:\d+: error: schema node spec.keep has type "int"\n {2}hint: use one of object, array/m,
    );
    expect(r.stderr).toContain('Error: import crd found 1 error; no file was written');
    expect([...(await snapshotTree(fresh)).keys()]).toEqual(['crds.yaml']);
    const yaml = await runCli(['import', 'crd', '-'], fresh);
    expect(yaml.exitCode).toBe(1);
  });

  it('does not overwrite a file it did not write, unless --force', async () => {
    const fresh = join(tmp, 'in-the-way');
    const target = join(fresh, 'src/api/external/ops.corpus.test/v2/run.types.ts');
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(target, '// my own Run types\n');
    const r = await runCli(['import', 'crd', join(DATA, 'corpus/schedules.yaml')], fresh);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('Error: src/api/external/ops.corpus.test/v2/run.types.ts already exists');
    expect(r.stderr).toContain('--force');
    expect([...(await snapshotTree(fresh)).keys()]).toEqual(['src/api/external/ops.corpus.test/v2/run.types.ts']);
    await runCliOk(['import', 'crd', join(DATA, 'corpus/schedules.yaml'), '--force'], fresh);
    expect(readFileSync(target, 'utf8')).toMatch(/^\/\/ Code generated by operator-ts import crd/);
  });
});

describe('import crd --from-cluster', () => {
  let env: TestEnv | undefined;
  beforeAll(async () => {
    env = await startTestEnv({ crdDirectoryPaths: [join(DATA, 'corpus/backups.yaml')] });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('reads the CRD through the kubeconfig and writes what the file import writes', async () => {
    const fromFile = join(tmp, 'from-file');
    const fromCluster = join(tmp, 'from-cluster');
    mkdirSync(fromFile, { recursive: true });
    mkdirSync(fromCluster, { recursive: true });
    await runCliOk(['import', 'crd', join(DATA, 'corpus/backups.yaml')], fromFile);
    const r = await runCliOk(['import', 'crd', '--from-cluster', 'backups.storage.corpus.test'], fromCluster, {
      KUBECONFIG: (env as TestEnv).kubeconfigPath,
    });
    expect(r.stderr).toContain('imported Backup (backups.storage.corpus.test)');
    expect(await snapshotTree(fromCluster)).toEqual(await snapshotTree(fromFile));
    const missing = await runCli(['import', 'crd', '--from-cluster', 'nopes.example.com'], fromCluster, {
      KUBECONFIG: (env as TestEnv).kubeconfigPath,
    });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('Error: the cluster has no CustomResourceDefinition nopes.example.com');
  });
});

describe('module loading', () => {
  const hook = (argsList: string[][]): string => `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
    const { main } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, 'dist/src/cli/main.js')).href)});
    const io = { out: () => {}, err: (t) => process.stderr.write(t) };
    for (const args of ${JSON.stringify(argsList)})
      if (await main(['node', 'operator-ts', ...args], io) !== 0) throw new Error('failed: ' + args.join(' '));
    process.stdout.write(JSON.stringify(seen));
  `;
  const HEAVY = /\/node_modules\/(json-schema-to-typescript|prettier)\//;

  it('--help, init, create api, create webhook and generate never load json-schema-to-typescript', async () => {
    const dir = join(tmp, 'lean');
    mkdirSync(dir, { recursive: true });
    const script = hook([
      ['--help'],
      ['import', 'crd', '--help'],
      ['init', '--domain', 'example.com', '--project-name', 'lean', '--skip-install'],
      ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'],
      ['create', 'webhook', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached', '--defaulting'],
      ['generate'],
    ]);
    const r = await execa(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, reject: false });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const loaded = JSON.parse(String(r.stdout)) as string[];
    expect(
      loaded.some((u) => u.includes('/dist/src/cli/commands/import.js')),
      'the hook saw the import command',
    ).toBe(true);
    // The scaffolder knows where imported files go (importer/external-api, output-files); the importer proper is not loaded.
    expect(
      loaded.filter(
        (u) =>
          HEAVY.test(u) ||
          /\/dist\/src\/importer\/(run-import|render-types|type-plan|read-crd|source-documents)\.js/.test(u),
      ),
    ).toEqual([]);
  });

  it('import crd loads it', async () => {
    const dir = join(tmp, 'heavy');
    mkdirSync(dir, { recursive: true });
    cpSync(join(DATA, 'corpus/schedules.yaml'), join(dir, 'schedules.yaml'));
    const r = await execa(
      process.execPath,
      ['--input-type=module', '-e', hook([['import', 'crd', 'schedules.yaml']])],
      { cwd: dir, reject: false },
    );
    expect(r.exitCode, String(r.stderr)).toBe(0);
    expect(
      (JSON.parse(String(r.stdout)) as string[]).some((u) => /\/node_modules\/json-schema-to-typescript\//.test(u)),
    ).toBe(true);
  });
});

describe('create api for a kind another project owns', () => {
  const CERTS = join(DATA, 'example/certificates.yaml');
  const external = ['create', 'api', '--group', 'cert-manager', '--version', 'v1', '--kind', 'Certificate'];
  let project = '';

  beforeAll(async () => {
    project = join(tmp, 'external');
    mkdirSync(project, { recursive: true });
    await runCliOk(['init', '--domain', 'example.com', '--project-name', 'external', '--skip-install'], project);
  });

  it('refuses --external-api-domain without --resource=false, and a CRD of another group, writing nothing', async () => {
    const before = await snapshotTree(project);
    const a = await runCli([...external, '--external-api-domain', 'io'], project);
    expect(a.exitCode).toBe(1);
    expect(a.stderr).toContain('Error: --external-api-domain is for a kind another project owns');
    expect(a.stderr).toContain('Hint: add --resource=false');
    const b = await runCli(
      [...external, '--resource=false', '--external-api-domain', 'example.org', '--external-api-crd', CERTS],
      project,
    );
    expect(b.exitCode).toBe(1);
    expect(b.stderr).toContain(
      'has no CRD for kind Certificate in group cert-manager.example.org (it holds Certificate (cert-manager.io))',
    );
    expect(await snapshotTree(project)).toEqual(before);
  });

  it('scaffolds placeholder types without a CRD, which import crd then replaces', async () => {
    const r = await runCliOk([...external, '--resource=false', '--external-api-domain', 'io'], project);
    expect(r.stderr).toContain('holds placeholder types; run operator-ts import crd <crd.yaml> for typed fields');
    const types = join(project, 'src/api/external/cert-manager.io/v1/certificate.types.ts');
    expect(readFileSync(types, 'utf8')).toMatch(/^\/\/ Placeholder types written by operator-ts create api/);
    expect(readFileSync(join(project, 'src/controllers/certificate.controller.ts'), 'utf8')).toContain(
      '+kubebuilder:rbac:groups=cert-manager.io,resources=certificates,verbs=',
    );
    const imported = await runCliOk(['import', 'crd', CERTS], project);
    expect(imported.stdout).toContain('UPDATE src/api/external/cert-manager.io/v1/certificate.types.ts');
    expect(readFileSync(types, 'utf8')).toContain('export interface CertificateSpec {');
    const gen = await runCliOk(['generate'], project);
    expect(gen.stdout).not.toContain('config/crd/bases');
  });
});
