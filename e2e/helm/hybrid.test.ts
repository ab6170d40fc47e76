// A Helm-hybrid operator on a real control plane (etcd + kube-apiserver from the envtest binaries). The
// built CLI scaffolds a project with `create api --plugins helm-hybrid/v1` over a chart made by the real
// `helm create`, generates its CRD, and this test runs the project's own reconciler and mutation hook (the
// scaffolded TypeScript files, imported as they are) in a manager against envtest, with the real Helm CLI
// rendering the chart. envtest has no garbage collector and no controllers of built-in kinds: objects are
// deleted only by what the reconciler does itself (prune, and its finalizer when the custom resource goes),
// which is what this checks, also for what was applied before the API server refused an object;
// Deployments never get ReplicaSets or pods.
import { execa } from 'execa';
import { mkdir, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtin,
  createManager,
  defineResource,
  isNotFound,
  newLogger,
  type Condition,
  type KubernetesObject,
  type Manager,
  type Reconciler,
} from '../../dist/src/runtime/index.js';
import {
  consistently,
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type TestEnv,
} from '../../dist/src/testing/index.js';
import { runCliOk } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';
import { waitFor } from '../helpers/wait.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';
import { ensureHelm } from './helm-binary.mjs';

interface WebApp extends KubernetesObject {
  spec?: Record<string, unknown>;
  status?: { conditions?: Condition[]; inventory?: Array<{ kind: string; name: string }> };
}

const WebAppResource = defineResource<WebApp>({
  group: 'web.example.com',
  version: 'v1alpha1',
  kind: 'WebApp',
  plural: 'webapps',
  namespaced: true,
});
const TENANT = 'web.example.com/tenant';
const FORBIDDEN = 'e2e.example.com/override-replicas';
const namespace = 'default';
const assets = findBinaryAssets();

/** ScaffoldedReconciler is the shape of the class the plugin writes to src/controllers/webapp.controller.ts. */
type ScaffoldedReconciler = new (
  client: Manager['client'],
  recorder?: undefined,
  mutate?: (object: KubernetesObject, owner: WebApp) => void,
) => Reconciler & { setupWithManager(mgr: Manager): unknown };

describe.skipIf(!isBinaryAssets(assets))('a Helm-hybrid operator on envtest', () => {
  let env: TestEnv | undefined;
  let mgr: Manager;
  let work = '';
  let dir = '';
  const stop = new AbortController();
  let running: Promise<void> | undefined;

  beforeAll(async () => {
    const found = ensureHelm();
    if ('missing' in found) throw new Error(`the Helm CLI is needed for the Helm-hybrid test: ${found.missing}`);
    work = await makeWorkdir('helm-hybrid');
    const made = await execa(found.path, ['create', 'webapp'], { cwd: work, reject: false, stdin: 'ignore' });
    expect(made.exitCode, String(made.stderr)).toBe(0);
    dir = join(work, 'project');
    await mkdir(dir);
    await runCliOk(['init', '--domain', 'example.com', '--project-name', 'webapp-operator', '--skip-install'], dir);
    await runCliOk(
      [
        'create',
        'api',
        '--plugins',
        'helm-hybrid/v1',
        '--group',
        'web',
        '--version',
        'v1alpha1',
        '--kind',
        'WebApp',
        '--helm-chart',
        join(work, 'webapp'),
      ],
      dir,
    );
    await runCliOk(['generate'], dir);
    // The project's imports of operator-ts resolve to this checkout's build, its other packages to ours.
    await mkdir(join(dir, 'node_modules'));
    for (const name of await readdir(join(repoRoot, 'node_modules'))) {
      if (name !== 'operator-ts') await symlink(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name));
    }
    await symlink(repoRoot, join(dir, 'node_modules', 'operator-ts'));
    process.env['HELM_BIN'] = found.path;
    process.env['WEB_APP_CHART'] = join(dir, 'charts/webapp');

    const controller = (await import(join(dir, 'src/controllers/webapp.controller.ts'))) as {
      WebAppReconciler: ScaffoldedReconciler;
    };
    const mutation = (await import(join(dir, 'src/controllers/webapp.mutation.ts'))) as {
      mutateWebApp: (o: KubernetesObject, owner: WebApp) => void;
    };
    env = await startTestEnv({ crdDirectoryPaths: [join(dir, 'config/crd/bases')], errorIfCRDPathMissing: true });
    mgr = await createManager({ kubeConfig: env.kubeConfig, logger: newLogger({ level: 'silent' }) });
    // The scaffolded hook, plus one forbidden change a careless hook could make: overriding the chart's replica count.
    const hook = (object: KubernetesObject, owner: WebApp): void => {
      mutation.mutateWebApp(object, owner);
      const replicas = owner.metadata?.annotations?.[FORBIDDEN];
      if (replicas !== undefined && object.kind === 'Deployment')
        (object as { spec: { replicas: number } }).spec.replicas = Number(replicas);
    };
    new controller.WebAppReconciler(mgr.client, undefined, hook).setupWithManager(mgr);
    running = mgr.start(stop.signal);
    await mgr.elected();
  }, 300_000);

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
    if (work !== '') await removeWorkdir(work);
  });

  const key = { namespace, name: 'shop' };
  const objectKey = { namespace, name: 'shop-webapp' };
  const live = async (): Promise<WebApp> => mgr.client.get(WebAppResource, key, { live: true });
  const condition = (w: WebApp, type: string): Condition | undefined =>
    w.status?.conditions?.find((c) => c.type === type);
  const gone = async (get: () => Promise<unknown>): Promise<boolean> =>
    get().then(
      () => false,
      (err: unknown) => (isNotFound(err) ? true : Promise.reject(err)),
    );

  /** patchWebApp merges into the WebApp and waits until a reconcile of the new generation reached `until`. */
  async function patchWebApp(data: unknown, until: (w: WebApp) => boolean, what: string): Promise<WebApp> {
    await mgr.client.patch(WebAppResource, key, { type: 'merge', data });
    return waitFor(what, async () => {
      const w = await live();
      return until(w) ? w : undefined;
    });
  }
  const deployedAt = (w: WebApp): boolean =>
    condition(w, 'Deployed')?.status === 'True' &&
    condition(w, 'Deployed')?.observedGeneration === w.metadata?.generation;
  const failedAt =
    (reason: string) =>
    (w: WebApp): boolean =>
      condition(w, 'Failed')?.status === 'True' &&
      condition(w, 'Failed')?.reason === reason &&
      condition(w, 'Failed')?.observedGeneration === w.metadata?.generation;

  it('scaffolds a project that type-checks, and whose mutation hook test passes', async () => {
    const tsc = await execa(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
      { cwd: dir, reject: false, stdin: 'ignore', all: true },
    );
    expect(tsc.exitCode, String(tsc.all)).toBe(0);
    const test = await execa(
      process.execPath,
      [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', 'src/controllers/webapp.mutation.test.ts'],
      { cwd: dir, reject: false, stdin: 'ignore', all: true, env: { NO_COLOR: '1', CI: '1' } },
    );
    expect(test.exitCode, String(test.all)).toBe(0);
    expect(String(test.all)).toMatch(/Tests\s+2 passed/);
  }, 120_000);

  it('creates the chart objects with the injected tenant labels, owned by the WebApp', async () => {
    await mgr.client.create(WebAppResource, {
      apiVersion: WebAppResource.apiVersion,
      kind: 'WebApp',
      metadata: { ...key, labels: { [TENANT]: 'acme' } },
      spec: { replicaCount: 2 },
    });
    const w = await waitFor('the WebApp to be Deployed', async () => {
      const got = await live();
      return deployedAt(got) ? got : undefined;
    });
    expect(condition(w, 'Failed')?.status).toBe('False');
    expect(w.metadata?.finalizers).toContain('web.example.com/helm-release');
    expect(w.status?.inventory?.map((e) => `${e.kind}/${e.name}`)).toEqual([
      'Service/shop-webapp',
      'ServiceAccount/shop-webapp',
      'Deployment/shop-webapp',
    ]);

    const deployment = await mgr.client.get(builtin.Deployment, objectKey);
    expect(deployment.spec?.replicas).toBe(2);
    expect(deployment.metadata?.labels?.[TENANT]).toBe('acme');
    expect(deployment.metadata?.labels?.['app.kubernetes.io/name']).toBe('webapp');
    expect(deployment.spec?.template.metadata?.labels?.[TENANT]).toBe('acme');
    expect(deployment.metadata?.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'WebApp', name: 'shop', uid: w.metadata?.uid, controller: true }),
    ]);
    for (const get of [
      () => mgr.client.get(builtin.Service, objectKey),
      () => mgr.client.get(builtin.ServiceAccount, objectKey),
    ]) {
      expect((await get()).metadata?.labels?.[TENANT]).toBe('acme');
    }
  });

  it('updates the objects when the WebApp changes', async () => {
    await patchWebApp(
      { metadata: { labels: { [TENANT]: 'globex' } }, spec: { replicaCount: 3, service: { port: 8080 } } },
      deployedAt,
      'the updated WebApp to be Deployed',
    );
    await waitFor('the Deployment to follow the WebApp', async () => {
      const d = await mgr.client.get(builtin.Deployment, objectKey);
      return d.spec?.replicas === 3 &&
        d.metadata?.labels?.[TENANT] === 'globex' &&
        d.spec.template.metadata?.labels?.[TENANT] === 'globex'
        ? d
        : undefined;
    });
    expect((await mgr.client.get(builtin.Service, objectKey)).spec?.ports?.[0]?.port).toBe(8080);
  });

  it('prunes an object that left the render', async () => {
    const w = await patchWebApp(
      { spec: { serviceAccount: { create: false } } },
      deployedAt,
      'the WebApp without a ServiceAccount to be Deployed',
    );
    // The message is the last reconcile's: the one that pruned, or a later one (woken by its own status write) with nothing left to prune.
    expect(condition(w, 'Deployed')?.message).toMatch(/^2 objects applied(, 1 pruned)?$/);
    expect(w.status?.inventory?.map((e) => e.kind)).toEqual(['Service', 'Deployment']);
    expect(await gone(() => mgr.client.get(builtin.ServiceAccount, objectKey))).toBe(true);
  });

  it('refuses a forbidden mutation with a Failed condition and changes nothing', async () => {
    const before = await mgr.client.get(builtin.Deployment, objectKey);
    const w = await patchWebApp(
      { metadata: { annotations: { [FORBIDDEN]: '9' } }, spec: { replicaCount: 4 } },
      failedAt('MutationRefused'),
      'the forbidden mutation to be refused',
    );
    expect(condition(w, 'Failed')?.message).toBe(
      'mutation refused, nothing applied: Deployment/shop-webapp: replace spec.replicas: not in the allow-list (new labels and annotations on metadata and pod templates)',
    );
    expect(condition(w, 'Deployed')?.status).toBe('False');
    // The refusal and the status write happen in one reconcile, before any apply: nothing was sent.
    await consistently(
      async () => {
        const d = await mgr.client.get(builtin.Deployment, objectKey);
        expect(d.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
        expect(d.spec?.replicas).toBe(3);
      },
      { duration: 1000, interval: 100 },
    );
    await patchWebApp(
      { metadata: { annotations: { [FORBIDDEN]: null } } },
      deployedAt,
      'the WebApp to be Deployed again',
    );
    expect((await mgr.client.get(builtin.Deployment, objectKey)).spec?.replicas).toBe(4);
  });

  it("reports Helm's error and a value the operator fixes as Failed, applying nothing", async () => {
    const before = (await mgr.client.get(builtin.Deployment, objectKey)).metadata?.resourceVersion;
    const helmFailed = await patchWebApp(
      { spec: { image: 'nginx' } },
      failedAt('RenderFailed'),
      "Helm's error to be reported",
    );
    expect(condition(helmFailed, 'Failed')?.message).toMatch(
      /^webapp\/templates\/deployment\.yaml:\d+:\d+ executing .*<\.Values\.image\.repository>: can't evaluate field repository/,
    );
    const locked = await patchWebApp(
      { spec: { image: null, fullnameOverride: 'other' } },
      failedAt('LockedValue'),
      'the locked value to be refused',
    );
    expect(condition(locked, 'Failed')?.message).toBe(
      'spec sets fullnameOverride, which the operator fixes; remove it from the spec',
    );
    expect((await mgr.client.get(builtin.Deployment, objectKey)).metadata?.resourceVersion).toBe(before);
    await patchWebApp({ spec: { fullnameOverride: null } }, deployedAt, 'the WebApp to be Deployed again');
  });

  it('records what it applied before the API server refused an object, and deletes it with the WebApp', async () => {
    // Port 70000 renders fine and the API server refuses the Service; the ServiceAccount before it was applied.
    const broken = { namespace, name: 'broken' };
    const spec = { service: { port: 70000 } };
    await mgr.client.create(WebAppResource, {
      apiVersion: WebAppResource.apiVersion,
      kind: 'WebApp',
      metadata: broken,
      spec,
    });
    const w = await waitFor('the refused Service to be reported', async () => {
      const got = await mgr.client.get(WebAppResource, broken, { live: true });
      return condition(got, 'Failed')?.reason === 'ApplyFailed' ? got : undefined;
    });
    const refused = /^Service\/broken-webapp: .*spec\.ports\[0\]\.port: Invalid value: 70000/;
    expect(condition(w, 'Failed')?.message).toMatch(refused);
    expect(w.status?.inventory?.map((e) => `${e.kind}/${e.name}`)).toEqual(['ServiceAccount/broken-webapp']);
    const sa = { namespace, name: 'broken-webapp' };
    const applied = await mgr.client.get(builtin.ServiceAccount, sa);
    expect(applied.metadata?.labels?.['app.kubernetes.io/instance']).toBe('broken');
    await mgr.client.delete(WebAppResource, broken);
    const liveBroken = (): Promise<WebApp> => mgr.client.get(WebAppResource, broken, { live: true });
    await waitFor('the broken WebApp to be gone', async () => ((await gone(liveBroken)) ? true : undefined));
    expect(await gone(() => mgr.client.get(builtin.ServiceAccount, sa))).toBe(true);
  });

  it('deletes what it applied when the WebApp is deleted (its finalizer: envtest has no garbage collector)', async () => {
    await mgr.client.delete(WebAppResource, key);
    await waitFor('the WebApp to be gone', async () => ((await gone(live)) ? true : undefined));
    expect(await gone(() => mgr.client.get(builtin.Deployment, objectKey))).toBe(true);
    expect(await gone(() => mgr.client.get(builtin.Service, objectKey))).toBe(true);
  });
});
