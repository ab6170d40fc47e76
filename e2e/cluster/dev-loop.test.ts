// The generated project's dev loop and its Kind e2e suite, with the BUILT CLI (run `npm run build` first), on a
// real control plane (envtest): the manager's --help and --version; `npm run dev` starts the manager with
// readable logs, restarts it when a source changes and runs generate when an API type changes; and the steps of
// test/e2e that need no kubelet (`make deploy` with `kustomize edit set image`, the metrics-reader binding, a
// service-account token, scraping /metrics) run against envtest, with the manager running as its own service
// account so that its RBAC is what is tested.
import { execa, type ResultPromise } from 'execa';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { runCliOk } from '../helpers/cli.js';
import { ensureKustomize } from '../helpers/kustomize.js';
import { packOperatorTs } from '../helpers/pack.js';
import { freePort } from '../helpers/ports.js';
import { waitFor } from '../helpers/wait.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

const assets = findBinaryAssets();
const NAMESPACE = 'memcached-operator-system';
const IMG = 'example.com/memcached-operator:v0.0.1';
const SIDECAR = 'registry.example.com/sidecar:1.0';

/** Running is a long-lived child in its own process group, with everything it printed so far. */
interface Running {
  child: ResultPromise;
  output: () => string;
  exited: () => boolean;
}

function start(command: string, args: string[], cwd: string, env: Record<string, string>): Running {
  // Own process group: stopping it signals npm, the CLI, tsx and the manager together, as Ctrl-C does.
  const child = execa(command, args, { cwd, env, stdin: 'ignore', all: true, reject: false, detached: true });
  let output = '';
  let exited = false;
  child.all?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  void child.then(() => {
    exited = true;
  });
  return { child, output: () => output, exited: () => exited };
}

async function stop(running: Running | undefined, signal: NodeJS.Signals): Promise<void> {
  const pid = running?.child.pid;
  if (running === undefined || pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
  await running.child;
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe.skipIf(!isBinaryAssets(assets))('the generated project: dev loop and e2e suite steps on envtest', () => {
  let work = '';
  let project = '';
  let env: TestEnv | undefined;
  let dev: Running | undefined;
  let manager: Running | undefined;
  const npm = (...args: string[]) =>
    execa('npm', args, { cwd: project, stdin: 'ignore', all: true, env: { NO_COLOR: '1' } });

  beforeAll(async () => {
    work = await makeWorkdir('dev-loop');
    const tarball = await packOperatorTs(join(work, 'pack'));
    project = join(work, 'memcached-operator');
    await execa('mkdir', [project]);
    await runCliOk(
      ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--operator-ts-version', tarball],
      project,
    );
    await runCliOk(['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'], project);
    await npm('run', 'manifests');
    await npm('run', 'build');
    env = await startTestEnv({ crdDirectoryPaths: [join(project, 'config/crd/bases')], errorIfCRDPathMissing: true });
  });

  afterAll(async () => {
    await stop(dev, 'SIGKILL');
    await stop(manager, 'SIGKILL');
    await env?.stop();
    await removeWorkdir(work);
  });

  it('the manager prints its flags with --help and its version with --version', async () => {
    const help = await npm('start', '--silent', '--', '--help');
    expect(help.stdout).toContain('Usage: node dist/main.js [flags]');
    expect(help.stdout).toMatch(/^ {2}--zap-devel {2,}development logs/m);
    expect(help.stdout).toMatch(/^ {2}-v, --version {2,}print the manager version/m);
    expect(help.stdout).toContain('ENABLE_WEBHOOKS=false');
    const version = await npm('start', '--silent', '--', '--version');
    expect(version.stdout).toBe(
      `memcached-operator 0.0.1 (node ${(await execa(join(project, 'node_modules/.bin/node'), ['--version'])).stdout})`,
    );
  });

  it('the e2e suite compiles with the project (tsc) and npm test leaves it out', async () => {
    await npm('exec', '--', 'tsc', '--noEmit');
    const listed = await npm('exec', '--', 'vitest', 'list', '--filesOnly');
    expect(listed.stdout).not.toContain('test/e2e/');
    const e2e = await npm('exec', '--', 'vitest', 'list', '--filesOnly', '--config', 'test/e2e/vitest.config.ts');
    expect(e2e.stdout).toContain('test/e2e/e2e.test.ts');
  });

  it('npm run dev starts the manager with readable logs and restarts it when a source changes', async () => {
    if (env === undefined) throw new Error('no control plane');
    const probePort = await freePort();
    dev = start('npm', ['run', 'dev', '--', `--health-probe-bind-address=127.0.0.1:${probePort}`], project, {
      KUBECONFIG: env.kubeconfigPath,
      ENABLE_WEBHOOKS: 'false',
      NO_COLOR: '1',
    });
    const running = dev;
    const starts = async (n: number): Promise<true | undefined> => {
      if (running.exited()) throw new Error(`npm run dev exited:\n${running.output()}`);
      return count(running.output(), 'starting manager') >= n ? true : undefined;
    };
    await waitFor('the manager started by npm run dev', () => starts(1), 120_000);
    // Development logs: `<time> INFO  <message>  key=value`, not JSON records.
    expect(running.output()).toMatch(/^\S+ INFO +starting manager/m);
    expect(running.output()).not.toMatch(/^\{"level"/m);

    const controller = join(project, 'src/controllers/memcached.controller.ts');
    await writeFile(controller, `${await readFile(controller, 'utf8')}\n// edited while npm run dev runs\n`);
    await waitFor('the manager restarted after a source change', () => starts(2), 120_000);
  });

  it('npm run dev runs generate when an API type changes, and goes on after a marker error', async () => {
    const running = dev;
    if (running === undefined) throw new Error('npm run dev is not running');
    const types = join(project, 'src/api/v1alpha1/memcached.types.ts');
    const text = await readFile(types, 'utf8');
    const at = text.indexOf('export interface MemcachedSpec {');
    expect(at).toBeGreaterThanOrEqual(0);
    const open = text.indexOf('{', at) + 1;
    await writeFile(types, `${text.slice(0, open)}\n  /** Tier of the cache. */\n  tier?: string;${text.slice(open)}`);
    const crd = join(project, 'config/crd/bases/cache.example.com_memcacheds.yaml');
    await waitFor(
      'generate to add the new field to the CRD',
      async () => ((await readFile(crd, 'utf8')).includes('tier:') ? true : undefined),
      120_000,
    );
    expect(running.output()).toContain(
      'operator-ts dev: src/api/v1alpha1/memcached.types.ts changed, running generate',
    );
    // A marker mistake while typing is reported, and the loop goes on.
    await writeFile(
      types,
      `${text.slice(0, open)}\n  /** +kubebuilder:validation:Minimun=1 */\n  tier?: int32;${text.slice(open)}`,
    );
    await waitFor(
      'generate to report the marker error',
      async () => (running.output().includes('generate failed') ? true : undefined),
      120_000,
    );
    expect(running.exited()).toBe(false);
    await writeFile(types, text);

    await stop(running, 'SIGINT');
    expect(running.exited()).toBe(true);
    dev = undefined;
  });

  it('the e2e suite steps deploy with make deploy and serve metrics to the metrics reader, the manager running as its service account', async (ctx) => {
    const kustomize = await ensureKustomize();
    if (kustomize === undefined || env === undefined || !isBinaryAssets(assets) || assets.kubectl === undefined) {
      ctx.skip();
      return;
    }
    const kubectl = assets.kubectl;
    const driver = join(project, 'envtest-steps.ts');
    await writeFile(
      driver,
      [
        "import { deploy, grantMetricsReader, NAMESPACE, PROJECT_NAME, scrapeMetrics, serviceAccountToken } from './test/e2e/steps.js';",
        "const kubeconfig = process.env['E2E_KUBECONFIG'];",
        'const [mode, a = "", b = ""] = process.argv.slice(2);',
        "if (mode === 'deploy') {",
        `  await deploy('${IMG}', kubeconfig);`,
        '  await grantMetricsReader(kubeconfig, NAMESPACE, `${PROJECT_NAME}-controller-manager`);',
        "} else if (mode === 'token') {",
        '  process.stdout.write(await serviceAccountToken(kubeconfig, NAMESPACE, a));',
        '} else {',
        '  const res = await scrapeMetrics(a, b);',
        '  process.stdout.write(JSON.stringify(res));',
        '}',
        '',
      ].join('\n'),
    );
    const steps = (...args: string[]) =>
      execa(join(project, 'node_modules/.bin/tsx'), [driver, ...args], {
        cwd: project,
        stdin: 'ignore',
        env: { E2E_KUBECONFIG: env?.kubeconfigPath ?? '', KUBECTL: kubectl, KUSTOMIZE: kustomize },
      });

    // A sidecar the user added keeps its image: only the manager's is set.
    const managerYaml = join(project, 'config/manager/manager.yaml');
    const docs = parseAllDocuments(await readFile(managerYaml, 'utf8'));
    const manifests = docs.map(
      (d) => d.toJS() as { kind: string; spec?: { template: { spec: { containers: unknown[] } } } },
    );
    manifests
      .find((m) => m.kind === 'Deployment')
      ?.spec?.template.spec.containers.push({ name: 'sidecar', image: SIDECAR });
    await writeFile(managerYaml, manifests.map((m) => stringify(m)).join('---\n'));

    await steps('deploy');
    // kustomize edit set image changed the manager image, and only it.
    const deployment = await execa(kubectl, [
      '--kubeconfig',
      env.kubeconfigPath,
      '-n',
      NAMESPACE,
      'get',
      'deployment',
      'memcached-operator-controller-manager',
      '-o',
      'json',
    ]);
    const containers = (
      JSON.parse(deployment.stdout) as { spec: { template: { spec: { containers: { image: string }[] } } } }
    ).spec.template.spec.containers;
    expect(containers.map((c) => c.image)).toEqual([IMG, SIDECAR]);
    expect(await readFile(join(project, 'config/manager/kustomization.yaml'), 'utf8')).toContain(
      'newName: example.com/memcached-operator',
    );

    // The manager runs as the service account make deploy created, with the RBAC make deploy applied.
    const token = (await steps('token', 'memcached-operator-controller-manager')).stdout;
    await execa(kubectl, ['--kubeconfig', env.kubeconfigPath, '-n', NAMESPACE, 'create', 'serviceaccount', 'outsider']);
    const outsider = (await steps('token', 'outsider')).stdout;
    const admin = parse(await readFile(env.kubeconfigPath, 'utf8')) as { users: { name: string; user: unknown }[] };
    const saKubeconfig = join(work, 'manager.kubeconfig');
    await writeFile(
      saKubeconfig,
      stringify({ ...admin, users: admin.users.map((u) => ({ name: u.name, user: { token } })) }),
    );
    const metricsPort = await freePort();
    const probePort = await freePort();
    manager = start(
      'npm',
      [
        'start',
        '--',
        `--metrics-bind-address=127.0.0.1:${metricsPort}`,
        `--health-probe-bind-address=127.0.0.1:${probePort}`,
      ],
      project,
      { KUBECONFIG: saKubeconfig, ENABLE_WEBHOOKS: 'false' },
    );
    const running = manager;
    await waitFor(
      'the manager, as its service account, to be ready',
      async () => {
        if (running.exited()) throw new Error(`manager exited:\n${running.output()}`);
        const res = await fetch(`http://127.0.0.1:${probePort}/readyz`).catch(() => undefined);
        return res?.ok === true ? true : undefined;
      },
      120_000,
    );
    // It watches its kind with its own RBAC: a sample is reconciled.
    await execa(kubectl, [
      '--kubeconfig',
      env.kubeconfigPath,
      '-n',
      'default',
      'apply',
      '-f',
      join(project, 'config/samples/cache_v1alpha1_memcached.yaml'),
    ]);
    await waitFor(
      'the sample to be reconciled',
      async () => (running.output().includes('reconciling Memcached') ? true : undefined),
      60_000,
    );

    const url = `https://127.0.0.1:${metricsPort}`;
    const scrape = async (bearer: string) =>
      JSON.parse((await steps('scrape', url, bearer)).stdout) as { status: number; body: string };
    const read = await scrape(token);
    expect(read.status).toBe(200);
    expect(read.body).toContain('controller_runtime_reconcile_total');
    expect((await scrape(outsider)).status).toBe(403);
    expect(running.output()).not.toMatch(/forbidden/i);
  });
});
