// A new user's whole journey against a real control plane: scaffold with the built CLI, write a
// reconciler and webhooks, generate manifests, install them into envtest, run the operator as its own
// process with `npm start`, and watch it work through the real API server.
import { execa, type ResultPromise } from 'execa';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1Deployment } from '@kubernetes/client-node';
import {
  ApiError,
  builtin,
  defineResource,
  isNotFound,
  type Client,
  type KubernetesObject,
} from '../../dist/src/runtime/index.js';
import { RestClient, KubeTransport } from '../../dist/src/runtime/rest/index.js';
import { newClient } from '../../dist/src/runtime/client/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { makeBundle } from '../helpers/bundle.js';
import { runCliOk } from '../helpers/cli.js';
import { packOperatorTs } from '../helpers/pack.js';
import { freePort } from '../helpers/ports.js';
import { waitFor } from '../helpers/wait.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

interface Memcached extends KubernetesObject {
  spec: { size?: number; containerPort?: number };
  status?: { conditions?: { type: string; status: string; reason: string }[] };
}
const Memcached = defineResource<Memcached>({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const assets = findBinaryAssets();
const namespace = 'default';

describe.skipIf(!isBinaryAssets(assets))('new user journey on a real control plane', () => {
  let work = '';
  let project = '';
  let env: TestEnv | undefined;
  let operator: ResultPromise | undefined;
  let operatorOutput = '';
  let operatorExited = false;
  let client: Client;

  /** stopOperator signals the operator's whole process group (npm, its shell and node). */
  function stopOperator(signal: NodeJS.Signals): void {
    const pid = operator?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }

  beforeAll(async () => {
    work = await makeWorkdir('journey');
    const tarball = await packOperatorTs(join(work, 'pack'));
    project = join(work, 'memcached-operator');
    await mkdir(project);

    await runCliOk(
      ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--operator-ts-version', tarball],
      project,
    );
    await runCliOk(['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'], project);
    await runCliOk(
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
      project,
    );

    // What the user writes by hand.
    await copyFile(join(fixtures, 'memcached.types.ts'), join(project, 'src/api/v1alpha1/memcached.types.ts'));
    await copyFile(join(fixtures, 'memcached.controller.ts'), join(project, 'src/controllers/memcached.controller.ts'));
    await copyFile(join(fixtures, 'memcached.webhook.ts'), join(project, 'src/webhooks/v1alpha1/memcached.webhook.ts'));

    const npm = (...args: string[]) => execa('npm', args, { cwd: project, stdin: 'ignore', all: true });
    await npm('run', 'manifests');
    await npm('run', 'generate');
    await npm('run', 'build');

    env = await startTestEnv({
      crdDirectoryPaths: [join(project, 'config/crd/bases')],
      webhookInstallOptions: { paths: [join(project, 'config/webhook')] },
      errorIfCRDPathMissing: true,
    });
    const transport = new KubeTransport(env.kubeConfig, { userAgent: 'journey-test' });
    client = newClient({ rest: new RestClient(transport), fieldManager: 'journey-test' });

    const probePort = await freePort();
    const serving = env.webhookInstallOptions;
    operator = execa(
      'npm',
      [
        'start',
        '--',
        `--webhook-port=${serving.localServingPort}`,
        `--webhook-cert-path=${serving.localServingCertDir}`,
        `--health-probe-bind-address=127.0.0.1:${probePort}`,
        '--metrics-bind-address=0',
      ],
      // Own process group: stopping it signals npm and the node process under it together, as Ctrl-C in a
      // terminal does (npm does not forward SIGTERM through the shell it runs scripts in).
      {
        cwd: project,
        env: { KUBECONFIG: env.kubeconfigPath },
        stdin: 'ignore',
        all: true,
        reject: false,
        detached: true,
      },
    );
    void operator.then(() => {
      operatorExited = true;
    });
    operator.all?.on('data', (chunk: Buffer) => {
      operatorOutput += chunk.toString();
    });
    await waitFor(
      'the operator to report ready on /readyz',
      async () => {
        if (operatorExited) throw new Error(`operator exited:\n${operatorOutput}`);
        const res = await fetch(`http://127.0.0.1:${probePort}/readyz`).catch(() => undefined);
        return res?.ok === true ? true : undefined;
      },
      120_000,
    );
  });

  afterAll(async () => {
    if (operator !== undefined) {
      stopOperator('SIGKILL');
      await operator;
    }
    await env?.stop();
    await removeWorkdir(work);
  });

  it('reconciles a CR into an owned Deployment and an Available condition', async () => {
    const created = await client.create(Memcached, {
      apiVersion: Memcached.apiVersion,
      kind: 'Memcached',
      metadata: { name: 'journey', namespace },
      spec: { size: 2 },
    });
    const deployment = await waitFor('the Deployment of Memcached journey', () =>
      client
        .get(builtin.Deployment, { namespace, name: 'journey' }, { live: true })
        .catch((err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err))),
    );
    const owner = deployment.metadata?.ownerReferences?.find((r) => r.controller === true);
    expect(owner).toMatchObject({
      apiVersion: 'cache.example.com/v1alpha1',
      kind: 'Memcached',
      name: 'journey',
      uid: created.metadata?.uid,
    });
    expect((deployment as V1Deployment).spec?.replicas).toBe(2);

    const available = await waitFor('the Available condition', async () => {
      const m = await client.get(Memcached, { namespace, name: 'journey' }, { live: true });
      return m.status?.conditions?.find((c) => c.type === 'Available' && c.status === 'True');
    });
    expect(available.reason).toBe('DeploymentCreated');
  }, 120_000);

  it('fills spec.containerPort through the defaulting webhook, called by the API server', async () => {
    const m = await client.get(Memcached, { namespace, name: 'journey' }, { live: true });
    expect(m.spec.containerPort).toBe(11211);
  });

  it('rejects a CR that violates a marker validation with the marker message', async () => {
    const bad = (name: string, spec: Memcached['spec']) =>
      client
        .create(Memcached, { apiVersion: Memcached.apiVersion, kind: 'Memcached', metadata: { name, namespace }, spec })
        .then(
          () => new Error(`${name} was accepted`),
          (err: unknown) => err,
        );
    const tooBig = await bad('too-big', { size: 10 });
    expect(tooBig).toBeInstanceOf(ApiError);
    expect((tooBig as ApiError).message).toContain('spec.size');
    expect((tooBig as ApiError).message).toContain('less than or equal to 5');

    const lowPort = await bad('low-port', { size: 1, containerPort: 80 });
    expect((lowPort as ApiError).message).toContain('containerPort must be 1024 or higher');

    const denied = await bad('size-four', { size: 4 });
    expect((denied as ApiError).message).toContain('spec.size 4 is not supported');
  });

  it('runs the finalizer cleanup when the CR is deleted', async () => {
    await client.delete(Memcached, { namespace, name: 'journey' });
    await waitFor('the Deployment to be cleaned up', async () =>
      client.get(builtin.Deployment, { namespace, name: 'journey' }, { live: true }).then(
        () => undefined,
        (err: unknown) => (isNotFound(err) ? true : Promise.reject(err)),
      ),
    );
    await waitFor('the Memcached object to be gone', async () =>
      client.get(Memcached, { namespace, name: 'journey' }, { live: true }).then(
        () => undefined,
        (err: unknown) => (isNotFound(err) ? true : Promise.reject(err)),
      ),
    );
    expect(operatorOutput).toContain('cleaning up');
  }, 120_000);

  it('packages the operator as a valid OLM bundle (make bundle)', async () => {
    const bundle = await makeBundle(project, '0.1.0');
    const manifests = await readdir(join(bundle, 'manifests'));
    expect(manifests).toContain('memcached-operator.clusterserviceversion.yaml');
    expect(manifests).toContain('cache.example.com_memcacheds.yaml');
  }, 120_000);

  it('stops cleanly on SIGTERM', async () => {
    stopOperator('SIGTERM');
    const result = await operator;
    operator = undefined;
    expect(operatorOutput).toContain('manager stopped');
    expect(result?.signal ?? 'none', operatorOutput.slice(-3000)).not.toBe('SIGKILL');
  }, 60_000);
});

describe.skipIf(isBinaryAssets(assets))('new user journey (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
