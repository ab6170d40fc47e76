import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUserError } from '../errors/user-error.js';
import { findBinaryAssets, isBinaryAssets } from './binaries.js';
import { startControlPlane } from './control-plane.js';
import { processExists, reservePort, type PortReservation } from './ports.js';
import { startTestEnv, type TestEnv } from './test-env.js';

// These tests run the real kube-apiserver and etcd; without them they are skipped (and say why).
const assets = findBinaryAssets();
const missing = isBinaryAssets(assets) ? undefined : assets.missing;
if (missing !== undefined) console.warn(`operator-ts/testing control-plane tests SKIPPED:\n${missing}`);
const START_BUDGET_MS = 120_000;

const scratch = mkdtempSync(join(tmpdir(), 'envtest-env-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
});

function script(name: string, body: string): string {
  const path = join(scratch, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** running ignores zombies: the killed processes are orphans once their parent exited, reaped by init eventually. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return processExists(pid);
  }
}

/** gone waits up to timeoutMs for a process to stop running. */
async function gone(pid: number, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50)))
    if (!running(pid)) return true;
  return !running(pid);
}

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe.skipIf(missing !== undefined)('startTestEnv: one environment', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv();
  }, START_BUDGET_MS);
  afterAll(async () => {
    await env?.stop();
  });

  it('serves the admin user (system:masters) through the returned KubeConfig', async () => {
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    const ns = await core.readNamespace({ name: 'default' });
    expect(ns.metadata?.name).toBe('default');
    expect(env.kubeConfig.getCurrentContext()).toBe('envtest');
    expect(env.config.host).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(env.config.caData).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it('writes the same kubeconfig to kubeconfigPath, usable by other clients', async () => {
    const kc = new KubeConfig();
    kc.loadFromFile(env.kubeconfigPath);
    const list = await kc.makeApiClient(CoreV1Api).listNamespace();
    expect(list.items.map((n) => n.metadata?.name)).toContain('kube-system');
    if (isBinaryAssets(assets) && assets.kubectl !== undefined) {
      const { stdout } = await promisify(execFile)(assets.kubectl, [
        '--kubeconfig',
        env.kubeconfigPath,
        'get',
        'namespace',
        'default',
        '-o',
        'name',
      ]);
      expect(stdout.trim()).toBe('namespace/default');
    }
  });

  it('adds users that are subject to RBAC', async () => {
    const user = await env.addUser({ name: 'jane', groups: ['team-a'] });
    expect(user.kubeConfig.getCurrentUser()?.name).toBe('envtest');
    const err = await caught(user.kubeConfig.makeApiClient(CoreV1Api).listNamespace());
    expect((err as { code?: number }).code).toBe(403);
    expect(err.message).toMatch(/User \\+"jane\\+" cannot list resource/);
    const admins = await env.addUser({ name: 'root', groups: ['system:masters'] });
    expect(
      (await admins.kubeConfig.makeApiClient(CoreV1Api).readNamespace({ name: 'kube-system' })).metadata?.name,
    ).toBe('kube-system');
  });

  it('prepares a webhook serving directory and port even without webhook options', () => {
    const w = env.webhookInstallOptions;
    expect(w.localServingHost).toBe('127.0.0.1');
    expect(w.localServingPort).toBeGreaterThan(0);
    expect(readdirSync(w.localServingCertDir).sort()).toEqual(['tls.crt', 'tls.key']);
    expect(w.caData).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it(
    'restarts kube-apiserver on the same port and etcd, keeping the data and the credentials',
    async () => {
      const core = env.kubeConfig.makeApiClient(CoreV1Api);
      await core.createNamespace({ body: { metadata: { name: 'survives-restart' } } });
      const before = env.pids.kubeApiserver;
      let downAnswered: unknown;
      await env.restartAPIServer({
        downtimeMs: 100,
        whileDown: async () => {
          downAnswered = await core.readNamespace({ name: 'default' }).then(
            () => 'answered',
            (err: unknown) => err,
          );
        },
      });
      expect(downAnswered, 'the API server must be unreachable while down').toBeInstanceOf(Error);
      expect(processExists(before)).toBe(false);
      expect(env.pids.kubeApiserver).not.toBe(before);
      expect(processExists(env.pids.kubeApiserver)).toBe(true);
      const ns = await env.kubeConfig.makeApiClient(CoreV1Api).readNamespace({ name: 'survives-restart' });
      expect(ns.metadata?.name).toBe('survives-restart');

      // A crash: SIGKILL, no graceful shutdown.
      const crashed = env.pids.kubeApiserver;
      await env.restartAPIServer({ graceful: false });
      expect(processExists(crashed)).toBe(false);
      expect(
        (await env.kubeConfig.makeApiClient(CoreV1Api).readNamespace({ name: 'survives-restart' })).metadata?.name,
      ).toBe('survives-restart');
    },
    START_BUDGET_MS,
  );

  it('stops both processes and removes its files; stop is idempotent', async () => {
    const { etcd, kubeApiserver } = env.pids;
    expect(processExists(etcd) && processExists(kubeApiserver)).toBe(true);
    const workDir = dirname(env.kubeconfigPath);
    expect(existsSync(workDir)).toBe(true);
    await env.stop();
    expect(processExists(etcd)).toBe(false);
    expect(processExists(kubeApiserver)).toBe(false);
    expect(existsSync(workDir)).toBe(false);
    await env.stop();
  });
});

describe.skipIf(missing !== undefined)('startTestEnv: two environments at once', () => {
  it(
    'runs them side by side on separate ports and data',
    async () => {
      const [a, b] = await Promise.all([startTestEnv(), startTestEnv()]);
      try {
        expect(a.config.host).not.toBe(b.config.host);
        expect(a.webhookInstallOptions.localServingPort).not.toBe(b.webhookInstallOptions.localServingPort);
        expect(dirname(a.kubeconfigPath)).not.toBe(dirname(b.kubeconfigPath));
        await a.kubeConfig.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: 'only-in-a' } } });
        const inB = await b.kubeConfig.makeApiClient(CoreV1Api).listNamespace();
        expect(inB.items.map((n) => n.metadata?.name)).not.toContain('only-in-a');
        const inA = await a.kubeConfig.makeApiClient(CoreV1Api).listNamespace();
        expect(inA.items.map((n) => n.metadata?.name)).toContain('only-in-a');
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
      for (const pid of [a.pids.etcd, a.pids.kubeApiserver, b.pids.etcd, b.pids.kubeApiserver])
        expect(processExists(pid)).toBe(false);
    },
    2 * START_BUDGET_MS,
  );
});

describe('startTestEnv: failures', () => {
  it('explains missing binaries (KUBEBUILDER_ASSETS pointing at an empty directory)', async () => {
    const empty = join(scratch, 'empty-assets');
    mkdirSync(empty, { recursive: true });
    vi.stubEnv('KUBEBUILDER_ASSETS', empty);
    const err = await caught(startTestEnv());
    expect(isUserError(err)).toBe(true);
    expect(err.message).toContain(`KUBEBUILDER_ASSETS=${empty} has no executable kube-apiserver`);
    expect(err.message).toContain('npx operator-ts envtest use <version>');
    expect(err.message).toContain('npm run envtest:build');
    expect((err as { hint?: string }).hint).toContain('npx operator-ts envtest use 1.37.x');
  });

  it('names a missing CRD path before starting anything when errorIfCRDPathMissing is set', async () => {
    const err = await caught(
      startTestEnv({ crdDirectoryPaths: [join(scratch, 'no-such-dir')], errorIfCRDPathMissing: true }),
    );
    expect(isUserError(err)).toBe(true);
    expect(err.message).toBe(`CRD path ${join(scratch, 'no-such-dir')} does not exist`);
  });

  it.skipIf(missing !== undefined)(
    'reports a kube-apiserver that exits at start with its output, leaving no process or directory',
    async () => {
      const fake = script(
        'fake-apiserver',
        'echo "fake kube-apiserver: cannot start, flags were: $*"\necho "second line" >&2\nexit 1',
      );
      const privateTmp = join(scratch, 'tmp-exit');
      mkdirSync(privateTmp, { recursive: true });
      vi.stubEnv('TEST_ASSET_KUBE_APISERVER', fake);
      vi.stubEnv('TMPDIR', privateTmp);
      const err = await caught(startTestEnv({ apiServerFlags: { 'advertise-address': null, v: '2' } }));
      expect(isUserError(err)).toBe(true);
      expect(err.message).toMatch(/^kube-apiserver exited during start-up \(exit code 1\)/);
      expect(err.message).toContain(
        'fake kube-apiserver: cannot start, flags were: --allow-privileged=true --authorization-mode=RBAC',
      );
      expect(err.message).toContain('--service-cluster-ip-range=10.0.0.0/24 --v=2');
      expect(err.message).not.toContain('--advertise-address');
      expect(err.message).toContain('second line');
      const etcdPid = Number(/etcd \(pid (\d+)/.exec(err.message)?.[1]);
      expect(etcdPid).toBeGreaterThan(0);
      expect(processExists(etcdPid)).toBe(false);
      expect(readdirSync(privateTmp)).toEqual([]);
    },
    START_BUDGET_MS,
  );

  it.skipIf(missing !== undefined)(
    'times out on a process that never becomes ready, with its output, and cleans up',
    async () => {
      const fake = script(
        'fake-etcd',
        'case "$1" in --help) echo "usage: etcd"; exit 0;; esac\necho "fake etcd: pretending to start"\nexec sleep 60',
      );
      const privateTmp = join(scratch, 'tmp-timeout');
      mkdirSync(privateTmp, { recursive: true });
      vi.stubEnv('TEST_ASSET_ETCD', fake);
      vi.stubEnv('TMPDIR', privateTmp);
      const err = await caught(startTestEnv({ controlPlaneStartTimeoutMs: 1_000 }));
      expect(isUserError(err)).toBe(true);
      expect(err.message).toMatch(/^etcd did not become ready within 1s \(last health answer: .*ECONNREFUSED/);
      expect(err.message).toContain('fake etcd: pretending to start');
      expect((err as { hint?: string }).hint).toContain('KUBEBUILDER_CONTROLPLANE_START_TIMEOUT');
      const pid = Number(/etcd \(pid (\d+)/.exec(err.message)?.[1]);
      expect(processExists(pid)).toBe(false);
      expect(readdirSync(privateTmp)).toEqual([]);
    },
    START_BUDGET_MS,
  );
});

describe.skipIf(missing !== undefined)('startControlPlane: port races', () => {
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    // A port thief that accepts and drops connections, like an unrelated program would not answer HTTP.
    busy = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  const options = (reserve: () => Promise<PortReservation>) => {
    const workDir = mkdtempSync(join(scratch, 'plane-'));
    return {
      workDir,
      options: {
        assets: assets as Exclude<typeof assets, { missing: string }>,
        workDir,
        attachOutput: false,
        timeouts: { startMs: 60_000, stopMs: 20_000 },
        reservePort: reserve,
      },
    };
  };

  it(
    'retries the whole start when a port was taken before kube-apiserver could bind it',
    async () => {
      let calls = 0;
      // The third reservation of the first attempt is kube-apiserver's secure port: hand out the busy one.
      const reserve = async (): Promise<PortReservation> =>
        ++calls === 3 ? { port: busyPort, release() {} } : reservePort();
      const { workDir, options: o } = options(reserve);
      const plane = await startControlPlane(o);
      try {
        expect(plane.attempts).toBe(2);
        expect(plane.host).not.toContain(`:${busyPort}`);
        expect(readdirSync(workDir)).toEqual(['control-plane-2']);
      } finally {
        await plane.stop();
      }
      expect(readdirSync(workDir)).toEqual([]);
    },
    START_BUDGET_MS,
  );

  it(
    'gives up after five port races with the output that shows the conflict',
    async () => {
      const { workDir, options: o } = options(async () => ({ port: busyPort, release() {} }));
      const err = await caught(startControlPlane(o));
      expect(isUserError(err)).toBe(true);
      expect(err.message).toMatch(/^etcd exited during start-up/);
      expect(err.message).toContain('after 5 attempts, each lost a port race');
      expect(err.message).toMatch(/address already in use/);
      expect(readdirSync(workDir)).toEqual([]);
    },
    START_BUDGET_MS,
  );
});

describe.skipIf(missing !== undefined)('a test run that exits without stop()', () => {
  it(
    'still leaves no control-plane process or directory behind',
    async () => {
      // Node cannot import this repo's .ts files by their .js specifiers on its own: map them on the fly.
      const hooks = join(scratch, 'ts-hooks.mjs');
      writeFileSync(
        hooks,
        `export async function resolve(specifier, context, next) {
  try { return await next(specifier, context); } catch (err) {
    if (specifier.startsWith('.') && specifier.endsWith('.js')) return next(specifier.slice(0, -3) + '.ts', context);
    throw err;
  }
}\n`,
      );
      const child = join(scratch, 'crash.mjs');
      writeFileSync(
        child,
        `import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(hooks).href)});
const { startTestEnv } = await import(${JSON.stringify(new URL('./test-env.ts', import.meta.url).href)});
const env = await startTestEnv();
process.stdout.write(JSON.stringify({ pids: env.pids, dir: env.webhookInstallOptions.localServingCertDir }));
process.exit(0);\n`,
      );
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--experimental-strip-types', '--no-warnings', child],
        { cwd: process.cwd() },
      );
      const result = JSON.parse(stdout) as { pids: { etcd: number; kubeApiserver: number }; dir: string };
      expect(result.pids.etcd).toBeGreaterThan(0);
      // The exit hook sends SIGKILL; the kernel ends a process busy in a system call (etcd's fsync on a loaded
      // disk) only once the call returns, so give the processes a few seconds to be gone.
      for (const pid of [result.pids.etcd, result.pids.kubeApiserver])
        expect(await gone(pid, 10_000), `pid ${pid} still runs 10 s after its parent exited`).toBe(true);
      expect(existsSync(dirname(result.dir))).toBe(false);
    },
    START_BUDGET_MS,
  );
});
