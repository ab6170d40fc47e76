import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtin } from '../runtime/builtin.js';
import type { Client } from '../runtime/client/client.js';
import { isNotFound } from '../runtime/rest/api-error.js';
import { findBinaryAssets, isBinaryAssets } from './binaries.js';
import { MISSING_CONTROLLER_MANAGER_HINT } from './controller-manager.js';
import { directClient } from './direct-client.js';
import { consistently, eventually } from './eventually.js';
import { processExists } from './ports.js';
import { startTestEnv, type TestEnv } from './test-env.js';

// These tests run the real kube-apiserver, etcd and kube-controller-manager; without them they are skipped (and say why).
const assets = findBinaryAssets();
const missing = !isBinaryAssets(assets)
  ? assets.missing
  : assets.kubeControllerManager === undefined
    ? `kube-controller-manager not found: ${MISSING_CONTROLLER_MANAGER_HINT}`
    : undefined;
if (missing !== undefined) console.warn(`operator-ts/testing controllers tests SKIPPED:\n${missing}`);
const START_BUDGET_MS = 180_000;
// The garbage collector starts by discovering every resource and syncing an informer for each.
const CONTROLLER_BUDGET_MS = 60_000;
const { ConfigMap, Namespace } = builtin;

const scratch = mkdtempSync(join(tmpdir(), 'envtest-controllers-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** running ignores zombies: killed processes are orphans once their parent exited, reaped by init eventually. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return processExists(pid);
  }
}

async function gone(pid: number, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50)))
    if (!running(pid)) return true;
  return !running(pid);
}

async function absent(read: Promise<unknown>): Promise<boolean> {
  try {
    await read;
    return false;
  } catch (err) {
    if (isNotFound(err)) return true;
    throw err;
  }
}

/** ownerAndDependent creates a ConfigMap and a second one it owns (blocking the owner's foreground deletion). */
async function ownerAndDependent(client: Client, namespace: string, name: string): Promise<void> {
  const owner = await client.create(ConfigMap, {
    metadata: { name: `${name}-owner`, namespace },
    data: { role: 'owner' },
  });
  await client.create(ConfigMap, {
    metadata: {
      name: `${name}-dependent`,
      namespace,
      ownerReferences: [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          name: owner.metadata!.name!,
          uid: owner.metadata!.uid!,
          blockOwnerDeletion: true,
        },
      ],
    },
    data: { role: 'dependent' },
  });
}

describe.skipIf(missing !== undefined)("startTestEnv({ controllers: ['garbagecollector', 'namespace'] })", () => {
  let env: TestEnv;
  let client: Client;
  beforeAll(async () => {
    env = await startTestEnv({ controllers: ['garbagecollector', 'namespace'] });
    client = directClient(env);
  }, START_BUDGET_MS);
  afterAll(async () => {
    await env?.stop();
  }, START_BUDGET_MS);

  it(
    'garbage-collects the dependents of an owner deleted in the background',
    async () => {
      await ownerAndDependent(client, 'default', 'background');
      await client.delete(
        ConfigMap,
        { namespace: 'default', name: 'background-owner' },
        { propagationPolicy: 'Background' },
      );
      expect(await absent(client.get(ConfigMap, { namespace: 'default', name: 'background-owner' }))).toBe(true);
      await eventually(
        async () =>
          expect(await absent(client.get(ConfigMap, { namespace: 'default', name: 'background-dependent' }))).toBe(
            true,
          ),
        {
          timeout: CONTROLLER_BUDGET_MS,
          interval: 100,
        },
      );
    },
    CONTROLLER_BUDGET_MS + 10_000,
  );

  it(
    'deletes the dependents first, then the owner, in a foreground deletion',
    async () => {
      await ownerAndDependent(client, 'default', 'foreground');
      const owner = { namespace: 'default', name: 'foreground-owner' };
      await client.delete(ConfigMap, owner, { propagationPolicy: 'Foreground' });
      // The API server keeps the owner, marked with the foregroundDeletion finalizer, until the collector removes it.
      const kept = await client
        .get(ConfigMap, owner)
        .catch((err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err)));
      if (kept !== undefined) expect(kept.metadata?.finalizers).toContain('foregroundDeletion');
      await eventually(async () => expect(await absent(client.get(ConfigMap, owner))).toBe(true), {
        timeout: CONTROLLER_BUDGET_MS,
        interval: 100,
      });
      // The owner goes only after its blocking dependents.
      expect(await absent(client.get(ConfigMap, { namespace: 'default', name: 'foreground-dependent' }))).toBe(true);
    },
    CONTROLLER_BUDGET_MS + 10_000,
  );

  it(
    'finishes deleting a namespace and everything in it',
    async () => {
      await client.create(Namespace, { metadata: { name: 'doomed' } });
      await client.create(ConfigMap, { metadata: { name: 'content', namespace: 'doomed' }, data: { a: 'b' } });
      await client.delete(Namespace, { name: 'doomed' });
      await eventually(async () => expect(await absent(client.get(Namespace, { name: 'doomed' }))).toBe(true), {
        timeout: CONTROLLER_BUDGET_MS,
        interval: 100,
      });
    },
    CONTROLLER_BUDGET_MS + 10_000,
  );

  it(
    'runs kube-controller-manager as a child process that stop() ends, leaving no files',
    async () => {
      const other = await startTestEnv({ controllers: ['garbagecollector'] });
      const pid = other.pids.kubeControllerManager;
      expect(pid).toBeGreaterThan(0);
      expect(running(pid!)).toBe(true);
      const workDir = dirname(other.kubeconfigPath);
      expect(existsSync(join(workDir, 'controller-manager', 'kubeconfig'))).toBe(true);
      await other.stop();
      expect(await gone(pid!, 10_000)).toBe(true);
      expect(existsSync(workDir)).toBe(false);
    },
    START_BUDGET_MS,
  );
});

describe.skipIf(missing !== undefined)('startTestEnv without controllers', () => {
  let env: TestEnv;
  let client: Client;
  beforeAll(async () => {
    env = await startTestEnv();
    client = directClient(env);
  }, START_BUDGET_MS);
  afterAll(async () => {
    await env?.stop();
  }, START_BUDGET_MS);

  it('runs no kube-controller-manager: dependents stay and a deleted namespace stays Terminating, as in envtest', async () => {
    expect(env.pids.kubeControllerManager).toBeUndefined();
    await ownerAndDependent(client, 'default', 'plain');
    await client.delete(ConfigMap, { namespace: 'default', name: 'plain-owner' }, { propagationPolicy: 'Background' });
    await client.create(Namespace, { metadata: { name: 'stuck' } });
    await client.delete(Namespace, { name: 'stuck' });
    await consistently(
      async () => {
        expect((await client.get(ConfigMap, { namespace: 'default', name: 'plain-dependent' })).data).toEqual({
          role: 'dependent',
        });
        expect((await client.get(Namespace, { name: 'stuck' })).status?.phase).toBe('Terminating');
      },
      { duration: 3000, interval: 200 },
    );
  }, 60_000);
});

describe.skipIf(missing !== undefined)('a test run with controllers that exits without stop()', () => {
  it(
    'leaves no kube-controller-manager behind',
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
const env = await startTestEnv({ controllers: ['namespace'] });
process.stdout.write(JSON.stringify({ pids: env.pids, dir: env.kubeconfigPath }));
process.exit(0);\n`,
      );
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--experimental-strip-types', '--no-warnings', child],
        { cwd: process.cwd() },
      );
      const result = JSON.parse(stdout) as {
        pids: { etcd: number; kubeApiserver: number; kubeControllerManager: number };
        dir: string;
      };
      expect(result.pids.kubeControllerManager).toBeGreaterThan(0);
      for (const pid of [result.pids.kubeControllerManager, result.pids.kubeApiserver, result.pids.etcd]) {
        expect(await gone(pid, 10_000), `pid ${pid} still runs 10 s after its parent exited`).toBe(true);
      }
      expect(existsSync(dirname(result.dir))).toBe(false);
    },
    START_BUDGET_MS,
  );
});
