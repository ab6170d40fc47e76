// What a generated project's container image runs, run as the image would run it. Docker is not available
// where these tests run, so the image is built by e2e/helpers/dockerfile.ts: the project's own Dockerfile,
// instruction by instruction, on the host (the builder stage's RUN lines are the project's one npm install
// and `npm run bundle`). The final stage's file system is a directory holding the bundle alone; its
// ENTRYPOINT runs on the pinned Node 24 against a real control plane, once with a YAML kubeconfig and once
// configured as in a pod (service account token, CA and namespace at the kubelet's path, RBAC and
// arguments from `kubectl kustomize config/default`).
import { execa, type ResultPromise } from 'execa';
import { chmod, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { KubeTransport, RestClient } from '../../dist/src/runtime/rest/index.js';
import { defineResource, type Client, type KubernetesObject } from '../../dist/src/runtime/index.js';
import { newClient } from '../../dist/src/runtime/client/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { MANAGER_NODE_FLAGS } from '../../plugins/typescript/manager-flags.js';
import { findKubectl } from '../helpers/bundle.js';
import { runCliOk } from '../helpers/cli.js';
import { buildImage, type BuiltImage } from '../helpers/dockerfile.js';
import { packOperatorTs } from '../helpers/pack.js';
import { freePort } from '../helpers/ports.js';
import { findPodLauncher, SERVICE_ACCOUNT_PATH } from '../helpers/service-account-mount.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

const Memcached = defineResource<KubernetesObject>({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});

type Doc = Record<string, any>;

const assets = findBinaryAssets();
const kubectlFound = findKubectl();
const launcher = findPodLauncher();
const isRoot = process.getuid?.() === 0;

/** ManagerRun is one started manager process and what it printed. */
interface ManagerRun {
  readonly pid: number;
  readonly probePort: number;
  output(): string;
  records(): Doc[];
  exited(): boolean;
  /** stop sends SIGTERM and resolves with the exit and how long it took. */
  stop(): Promise<{ exitCode: number | undefined; signal: string | undefined; ms: number }>;
  kill(): void;
}

function startProcess(
  argv: readonly string[],
  options: { cwd: string; env: Record<string, string>; probePort: number; user?: { uid: number; gid: number } },
): ManagerRun {
  const child: ResultPromise = execa(argv[0]!, argv.slice(1), {
    cwd: options.cwd,
    // A container sees only its image's and its pod's environment.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/home/nonroot', ...options.env },
    extendEnv: false,
    stdin: 'ignore',
    all: true,
    reject: false,
    ...(options.user === undefined ? {} : { uid: options.user.uid, gid: options.user.gid }),
  });
  let out = '';
  let done = false;
  child.all?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  void child.then(() => (done = true));
  return {
    pid: child.pid!,
    probePort: options.probePort,
    output: () => out,
    records: () =>
      out.split('\n').flatMap((line) => {
        try {
          return [JSON.parse(line) as Doc];
        } catch {
          return [];
        }
      }),
    exited: () => done,
    async stop() {
      const started = Date.now();
      child.kill('SIGTERM');
      const r = await child;
      return { exitCode: r.exitCode, signal: r.signal, ms: Date.now() - started };
    },
    kill: () => void child.kill('SIGKILL'),
  };
}

/** waitWhileRunning polls fn like waitFor, but fails at once with the manager's output when it exits. */
async function waitWhileRunning<T>(
  run: ManagerRun,
  what: string,
  fn: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (run.exited()) throw new Error(`manager exited while waiting for ${what}:\n${run.output()}`);
    const value = await fn().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; manager output:\n${run.output().slice(-3000)}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function waitReady(run: ManagerRun): Promise<void> {
  await waitWhileRunning(run, 'the manager to report ready on /readyz', async () => {
    const res = await fetch(`http://127.0.0.1:${run.probePort}/readyz`);
    return res.ok ? true : undefined;
  });
}

/** processUid is the real uid of a running process. */
function processUid(pid: number): number {
  return Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
}

/** settledRssMiB is the median VmRSS of a process over 3 s. */
async function settledRssMiB(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 12; i++) {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m !== null) samples.push(Number(m[1]) / 1024);
    await new Promise((r) => setTimeout(r, 250));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** httpsGet fetches a URL served with a self-signed certificate (ServiceMonitors set insecureSkipVerify alike). */
async function httpsGet(url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}` }, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? listFiles(join(dir, e.name), `${prefix}${e.name}/`) : Promise.resolve([`${prefix}${e.name}`]),
    ),
  );
  return nested.flat().sort();
}

/** withFreeBindPorts moves `--*-bind-address=[host]:port` flags to free loopback ports (8081/8443 are shared on a test machine). */
async function withFreeBindPorts(args: readonly string[]): Promise<{ args: string[]; ports: Map<string, number> }> {
  const ports = new Map<string, number>();
  const out: string[] = [];
  for (const arg of args) {
    const m = /^--([a-z-]+)-bind-address=(.*):(\d+)$/.exec(arg);
    if (m === null || m[3] === '0') {
      out.push(arg);
      continue;
    }
    const port = await freePort();
    ports.set(m[1]!, port);
    out.push(`--${m[1]}-bind-address=127.0.0.1:${port}`);
  }
  return { args: out, ports };
}

describe.skipIf(!isBinaryAssets(assets) || 'missing' in kubectlFound)(
  'the container image of a generated project',
  () => {
    let work = '';
    let project = '';
    let image: BuiltImage;
    let node24 = '';
    let env: TestEnv | undefined;
    let client: Client;
    let rendered: Doc[] = [];
    const running = new Set<ManagerRun>();
    const imageUser = { uid: 65532, gid: 65532 };

    /** kubectl runs the envtest kubectl as the admin user. */
    async function kubectl(args: string[], input?: string): Promise<string> {
      const bin = (kubectlFound as { kubectl: string }).kubectl;
      const r = await execa(bin, [`--kubeconfig=${env!.kubeconfigPath}`, ...args], {
        input,
        reject: false,
        stdin: input === undefined ? 'ignore' : 'pipe',
      });
      if (r.exitCode !== 0) throw new Error(`kubectl ${args.join(' ')} exited ${r.exitCode}:\n${String(r.stderr)}`);
      return String(r.stdout);
    }

    /** imageArgv is the container's argv on the host: the ENTRYPOINT (or the pod's command) with image paths mapped. */
    function imageArgv(entrypoint: readonly string[], args: readonly string[]): string[] {
      const mapped = entrypoint.map((a, i) =>
        i === 0 && a === '/nodejs/bin/node' ? node24 : a.startsWith('/') ? join(image.rootfs, a) : a,
      );
      return [...mapped, ...args];
    }

    function managerDeployment(): Doc {
      const d = rendered.find(
        (o) => o.kind === 'Deployment' && o.metadata?.labels?.['control-plane'] === 'controller-manager',
      );
      if (d === undefined) throw new Error('config/default renders no controller-manager Deployment');
      return d;
    }

    async function createMemcached(name: string): Promise<void> {
      await client.create(Memcached, {
        apiVersion: Memcached.apiVersion,
        kind: 'Memcached',
        metadata: { name, namespace: 'default' },
        spec: {},
      } as KubernetesObject);
    }

    async function waitForReconcile(run: ManagerRun, name: string): Promise<Doc> {
      return waitWhileRunning(run, `a reconcile of Memcached default/${name} in the manager's log`, async () =>
        run.records().find((r) => r.msg === 'reconciling Memcached' && r.namespace === 'default' && r.name === name),
      );
    }

    async function expectCleanStop(run: ManagerRun): Promise<void> {
      running.delete(run);
      const grace = Number(managerDeployment().spec.template.spec.terminationGracePeriodSeconds ?? 30);
      const stopped = await run.stop();
      expect({ exitCode: stopped.exitCode, signal: stopped.signal ?? null }, run.output().slice(-3000)).toEqual({
        exitCode: 0,
        signal: null,
      });
      // The kubelet sends SIGKILL once the pod's terminationGracePeriodSeconds have passed.
      expect(stopped.ms).toBeLessThan(grace * 1000);
      expect(run.records().some((r) => r.msg === 'manager stopped')).toBe(true);
    }

    beforeAll(async () => {
      work = await makeWorkdir('image');
      // The image's user must be able to reach the bundle, the Node binary and the files the test writes.
      await chmod(work, 0o755);
      const tarball = await packOperatorTs(join(work, 'pack'));
      project = join(work, 'memcached-operator');
      await mkdir(project);
      // The npm install is the image build's: one install keeps the test short.
      await runCliOk(
        [
          'init',
          '--domain',
          'example.com',
          '--project-name',
          'memcached-operator',
          '--operator-ts-version',
          tarball,
          '--skip-install',
        ],
        project,
      );
      await runCliOk(['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'], project);
      // package.json names the operator-ts tarball as `file:../pack/...`: the builder stage finds it at the
      // same place relative to its /workspace (an image of a published project installs from the registry).
      await mkdir(join(work, 'image/builder'), { recursive: true });
      await symlink(join(work, 'pack'), join(work, 'image/builder/pack'));

      image = await buildImage(project, join(work, 'image'));
      const workspace = join(image.stages.get('builder')!, 'workspace');
      node24 = join(workspace, 'node_modules/node/bin/node');
      // The user's own steps run in the project on the builder's node_modules.
      await symlink(join(workspace, 'node_modules'), join(project, 'node_modules'));
      await execa('npm', ['run', 'manifests'], { cwd: project, stdin: 'ignore' });
      const kustomized = await execa((kubectlFound as { kubectl: string }).kubectl, ['kustomize', 'config/default'], {
        cwd: project,
        stdin: 'ignore',
      });
      rendered = parseAllDocuments(String(kustomized.stdout))
        .map((d) => d.toJS() as Doc)
        .filter((d) => d !== null);

      env = await startTestEnv({ crdDirectoryPaths: [join(project, 'config/crd/bases')], errorIfCRDPathMissing: true });
      client = newClient({
        rest: new RestClient(new KubeTransport(env.kubeConfig, { userAgent: 'image-test' })),
        fieldManager: 'image-test',
      });
    });

    afterAll(async () => {
      for (const run of running) run.kill();
      await env?.stop();
      await removeWorkdir(work);
    });

    it('holds the bundle and its chunks only, started by the ENTRYPOINT with the manager flags as non-root', async () => {
      expect(image.ran.map((r) => r.command)).toContain('npm run bundle');
      const files = await listFiles(image.rootfs);
      expect(files.filter((f) => !/^manager-chunks\/[\w.-]+\.mjs$/.test(f))).toEqual(['manager.mjs']);
      // The OpenTelemetry SDK is in a chunk of its own, read only when tracing starts.
      expect(files.some((f) => f.startsWith('manager-chunks/otel-'))).toBe(true);
      expect(image.entrypoint).toEqual(['/nodejs/bin/node', ...MANAGER_NODE_FLAGS, '/manager.mjs']);
      expect(image.user).toBe(`${imageUser.uid}:${imageUser.gid}`);
      // A pod's `command` replaces the ENTRYPOINT, and with it the Node flags: the Deployment passes args only.
      const container = managerDeployment().spec.template.spec.containers[0];
      expect(container.command).toBeUndefined();
      expect(container.args).toContain('--leader-elect');
    });

    it('runs with a YAML kubeconfig: ready, reconciles, stops on SIGTERM', async () => {
      // A YAML kubeconfig (as kind or kubectl write them) is read by client-node, which the bundle must carry.
      const kubeconfig = join(work, 'kubeconfig.yaml');
      await writeFile(kubeconfig, stringify(JSON.parse(await readFile(env!.kubeconfigPath, 'utf8'))), { mode: 0o644 });
      expect((await readFile(kubeconfig, 'utf8')).trimStart().startsWith('{')).toBe(false);
      const probePort = await freePort();
      const run = startProcess(imageArgv(image.entrypoint, [`--health-probe-bind-address=127.0.0.1:${probePort}`]), {
        cwd: image.rootfs,
        env: { KUBECONFIG: kubeconfig },
        probePort,
        ...(isRoot ? { user: imageUser } : {}),
      });
      running.add(run);
      await waitReady(run);
      if (isRoot) expect(processUid(run.pid)).toBe(imageUser.uid);
      await createMemcached('from-kubeconfig');
      await waitForReconcile(run, 'from-kubeconfig');
      await expectCleanStop(run);
    }, 120_000);

    describe.skipIf('missing' in launcher)('in a pod', () => {
      it(`runs with the pod's service account and arguments (${'missing' in launcher ? '' : launcher.how}): ready, leader, reconciles, serves metrics, stops on SIGTERM`, async () => {
        const podLauncher = launcher as Exclude<typeof launcher, { missing: string }>;
        // What `make deploy` installs, except the CRDs (already served) and the Deployment (envtest has no kubelet).
        const installed = rendered.filter((o) => o.kind !== 'CustomResourceDefinition' && o.kind !== 'Deployment');
        await kubectl(['apply', '-f', '-'], installed.map((o) => stringify(o)).join('---\n'));
        const deployment = managerDeployment();
        const namespace: string = deployment.metadata.namespace;
        const podSpec = deployment.spec.template.spec;
        const container = podSpec.containers[0];
        const token = (
          await kubectl(['create', 'token', podSpec.serviceAccountName, '-n', namespace, '--duration=1h'])
        ).trim();

        // The kubelet's service account volume: token, the cluster CA and the pod's namespace.
        const runDir = join(work, 'pod-run');
        const sa = join(runDir, SERVICE_ACCOUNT_PATH.slice('/var/run/'.length));
        await mkdir(sa, { recursive: true, mode: 0o755 });
        await writeFile(join(sa, 'token'), token, { mode: 0o644 });
        await writeFile(join(sa, 'ca.crt'), env!.config.caData, { mode: 0o644 });
        await writeFile(join(sa, 'namespace'), namespace, { mode: 0o644 });
        await chmod(runDir, 0o755);

        const { args, ports } = await withFreeBindPorts(container.args as string[]);
        const probePort = ports.get('health-probe')!;
        const metricsPort = ports.get('metrics')!;
        expect(probePort, 'config/default passes --health-probe-bind-address').toBeDefined();
        expect(metricsPort, 'config/default passes --metrics-bind-address').toBeDefined();
        const apiServer = new URL(env!.config.host);
        const podEnv: Record<string, string> = {
          KUBERNETES_SERVICE_HOST: apiServer.hostname,
          KUBERNETES_SERVICE_PORT: apiServer.port,
        };
        for (const e of (container.env ?? []) as Doc[])
          podEnv[e.name] = e.value ?? (e.valueFrom?.fieldRef?.fieldPath === 'metadata.namespace' ? namespace : '');
        const argv = podLauncher.wrap(
          runDir,
          imageArgv(container.command ?? image.entrypoint, args),
          podLauncher.runsAsImageUser ? imageUser : undefined,
        );
        const run = startProcess(argv, { cwd: image.rootfs, env: podEnv, probePort });
        running.add(run);
        await waitReady(run);
        // The spawned process became the manager itself (unshare, sh and setpriv exec), as the image's user.
        expect(readFileSync(`/proc/${run.pid}/cmdline`, 'utf8').split('\0')[0]).toBe(node24);
        if (podLauncher.runsAsImageUser) expect(processUid(run.pid)).toBe(imageUser.uid);

        // Leader election found its namespace in the service account volume and took the Lease.
        const leases = JSON.parse(await kubectl(['get', 'leases', '-n', namespace, '-o', 'json'])) as { items: Doc[] };
        expect(leases.items.map((l) => l.spec?.holderIdentity).filter(Boolean)).toHaveLength(1);

        await createMemcached('in-cluster');
        await waitForReconcile(run, 'in-cluster');

        // Metrics over HTTPS with the self-signed certificate, scraped as Prometheus would be: a service
        // account bound to the metrics-reader role, its token checked by the manager with a TokenReview.
        const reader = rendered.find(
          (o) =>
            o.kind === 'ClusterRole' &&
            (o.rules as Doc[] | undefined)?.some((r) => r.nonResourceURLs?.includes('/metrics')),
        );
        await kubectl(['create', 'serviceaccount', 'scraper', '-n', namespace]);
        await kubectl([
          'create',
          'clusterrolebinding',
          'image-test-scraper',
          `--clusterrole=${reader?.metadata?.name}`,
          `--serviceaccount=${namespace}:scraper`,
        ]);
        const scraperToken = (await kubectl(['create', 'token', 'scraper', '-n', namespace])).trim();
        const scrape = await httpsGet(`https://127.0.0.1:${metricsPort}/metrics`, scraperToken);
        expect(scrape.status, scrape.body).toBe(200);
        expect(scrape.body).toMatch(/controller_runtime_reconcile_total\{[^}]*controller="memcached"/);

        await expectCleanStop(run);
      }, 120_000);
    });

    describe.skipIf(!('missing' in launcher))('in a pod (skipped)', () => {
      it.skip(`needs a private mount namespace: ${'missing' in launcher ? launcher.missing : ''}`, () => undefined);
    });

    it('uses no more memory bundled than the unbundled manager does, within a margin', async () => {
      // Same configuration for both (the JSON kubeconfig envtest writes); the unbundled one is `npm start`.
      await execa('npm', ['run', 'build'], { cwd: project, stdin: 'ignore' });
      const pkg = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as { scripts: { start: string } };
      const [nodeWord, ...startArgs] = pkg.scripts.start.split(' ');
      expect(nodeWord).toBe('node');
      const measure = async (argv: string[], cwd: string): Promise<number> => {
        const probePort = await freePort();
        const run = startProcess([...argv, `--health-probe-bind-address=127.0.0.1:${probePort}`], {
          cwd,
          env: { KUBECONFIG: env!.kubeconfigPath },
          probePort,
        });
        running.add(run);
        await waitReady(run);
        await new Promise((r) => setTimeout(r, 2000));
        const rss = await settledRssMiB(run.pid);
        await expectCleanStop(run);
        return rss;
      };
      const unbundled = await measure([node24, ...startArgs], project);
      const bundled = await measure(imageArgv(image.entrypoint, []), image.rootfs);
      const figures = `idle RSS: bundled ${bundled.toFixed(1)} MiB, unbundled ${unbundled.toFixed(1)} MiB, ratio ${(bundled / unbundled).toFixed(2)}`;
      process.stdout.write(`image.test.ts ${figures}\n`);
      // The bundle carries client-node's KubeConfig (parsed at start, never run here): about 10 % more.
      expect(bundled / unbundled, figures).toBeLessThan(1.3);
    }, 180_000);
  },
);

describe.skipIf(isBinaryAssets(assets) && !('missing' in kubectlFound))(
  'the container image of a generated project (skipped)',
  () => {
    it.skip(`needs envtest binaries and kubectl: ${isBinaryAssets(assets) ? '' : assets.missing} ${'missing' in kubectlFound ? kubectlFound.missing : ''}`, () =>
      undefined);
  },
);
