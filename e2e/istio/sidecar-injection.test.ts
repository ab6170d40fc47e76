// The Pod sidecar injector on a real kube-apiserver: the webhook configuration is what the BUILT CLI (run
// `npm run build` first) scaffolds and generates for `create webhook --group core --version v1 --kind Pod
// --sidecar-injection` (its marker's selectors, failure and reinvocation policies), served over TLS by a
// Manager's webhook server with a SidecarInjector. envtest runs no scheduler or kubelet: Pods stay API
// objects, which is all admission sees.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { V1Pod } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  builtin,
  createManager,
  newWebhookManagedBy,
  silentLogger,
  type Manager,
  type Wire,
} from '../../dist/src/runtime/index.js';
import { SidecarInjector } from '../../dist/src/runtime/webhook/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { runCliOk } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

type Pod = Wire<V1Pod>;

const assets = findBinaryAssets();
const PREFIX = 'sidecar.example.com';
const INJECT = { [`${PREFIX}/inject`]: 'true' };
const MESHED = 'meshed';
const PLAIN = 'plain';
const LATE_PATH = '/late-annotator';

function pod(
  namespace: string,
  name: string,
  fields: { annotations?: Record<string, string>; labels?: Record<string, string>; image?: string } = {},
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      ...(fields.annotations ? { annotations: fields.annotations } : {}),
      ...(fields.labels ? { labels: fields.labels } : {}),
    },
    spec: { containers: [{ name: 'app', image: fields.image ?? 'registry.example.com/app:1.0' }] },
  };
}

/**
 * lateAnnotator is a second mutating webhook configuration, called after the scaffolded one (configurations
 * are called in name order): it asks for the sidecar on Pods labelled `late-inject`, after the injector has
 * already seen them. Only reinvocation (reinvocationPolicy: IfNeeded) gets such Pods their sidecar.
 */
function lateAnnotator(): Record<string, unknown> {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: 'zz-late-annotator' },
    webhooks: [
      {
        name: 'late-annotator.e2e.operator-ts.dev',
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Fail',
        clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: LATE_PATH } },
        rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
        objectSelector: { matchLabels: { 'late-inject': 'true' } },
      },
    ],
  };
}

describe.skipIf(!isBinaryAssets(assets))('the scaffolded Pod sidecar injector on a real API server', () => {
  let work = '';
  let env: TestEnv;
  let mgr: Manager;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  /** calls counts the injector's admissions per Pod name (validate runs on every one). */
  const calls = new Map<string, number>();

  beforeAll(async () => {
    work = await makeWorkdir('sidecar-injection');
    const dir = join(work, 'mesh-operator');
    await mkdir(dir);
    await runCliOk(['init', '--domain', 'example.com', '--project-name', 'mesh-operator', '--skip-install'], dir);
    await runCliOk(
      ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--sidecar-injection'],
      dir,
    );
    await runCliOk(['generate', 'webhook'], dir);
    env = await startTestEnv({
      webhookInstallOptions: { paths: [join(dir, 'config/webhook')], mutatingWebhooks: [lateAnnotator()] },
    });
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: silentLogger(),
      webhook: {
        port: env.webhookInstallOptions.localServingPort,
        certDir: env.webhookInstallOptions.localServingCertDir,
      },
    });
    const injector = new SidecarInjector({
      annotationPrefix: PREFIX,
      render: () => ({
        containers: [{ name: 'proxy', image: 'registry.example.com/proxy:1.0', args: ['proxy'] }],
        initContainers: [{ name: 'proxy-init', image: 'registry.example.com/proxy-init:1.0' }],
        volumes: [{ name: 'proxy-certs', emptyDir: {} }],
      }),
      postMutate: (ctx, _pod, injected) =>
        void injected.containers[0]?.args?.push(`--namespace=${ctx.request.namespace ?? ''}`),
      validate: (ctx, p) => {
        const name = p.metadata?.name ?? '';
        calls.set(name, (calls.get(name) ?? 0) + 1);
        const unsigned = p.spec?.containers.find((c) => !(c.image ?? '').startsWith('registry.example.com/'));
        if (unsigned !== undefined)
          throw new Error(`image ${unsigned.image ?? ''} of container ${unsigned.name} is not signed`);
        return ctx.request.operation === 'UPDATE' ? ['updated'] : undefined;
      },
    });
    newWebhookManagedBy(mgr).for(builtin.Pod).withSidecarInjector(injector).complete();
    mgr.getWebhookServer().register(LATE_PATH, async (body) => {
      const request = (body as { request: { uid: string } }).request;
      const patch = [{ op: 'add', path: `/metadata/annotations`, value: INJECT }];
      return {
        apiVersion: 'admission.k8s.io/v1',
        kind: 'AdmissionReview',
        response: {
          uid: request.uid,
          allowed: true,
          patchType: 'JSONPatch',
          patch: Buffer.from(JSON.stringify(patch)).toString('base64'),
        },
      };
    });
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.getWebhookServer().ready();
    const client = mgr.client;
    await client.create(builtin.Namespace, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: MESHED, labels: { [`${PREFIX}/injection`]: 'enabled' } },
    });
    await client.create(builtin.Namespace, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: PLAIN } });
    // The admission chain picks new configurations up a moment after they are readable.
    await waitFor(
      'the API server to call the injector',
      async () => {
        const probe = await client.create(builtin.Pod, pod(MESHED, `probe-${Date.now()}`, { annotations: INJECT }), {
          dryRun: true,
        });
        return probe.spec?.containers.length === 2 ? true : undefined;
      },
      30_000,
    );
  });

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
    if (work !== '') await removeWorkdir(work);
  });

  const stored = (namespace: string, name: string) => mgr.apiReader.get(builtin.Pod, { namespace, name });

  it('injects the sidecar into an annotated Pod of an opted-in namespace', async () => {
    await mgr.client.create(builtin.Pod, pod(MESHED, 'annotated', { annotations: INJECT }));
    const got = await stored(MESHED, 'annotated');
    expect(got.spec?.containers.map((c) => [c.name, c.args])).toEqual([
      ['app', undefined],
      ['proxy', ['proxy', `--namespace=${MESHED}`]],
    ]);
    expect(got.spec?.initContainers?.map((c) => c.name)).toEqual(['proxy-init']);
    expect(got.spec?.volumes?.map((v) => v.name)).toContain('proxy-certs');
    expect(JSON.parse(got.metadata?.annotations?.[`${PREFIX}/status`] ?? '{}')).toEqual({
      containers: ['proxy'],
      initContainers: ['proxy-init'],
      volumes: ['proxy-certs'],
    });
    expect(calls.get('annotated')).toBe(1);
  });

  it('leaves an unannotated Pod without a sidecar', async () => {
    await mgr.client.create(builtin.Pod, pod(MESHED, 'unannotated'));
    const got = await stored(MESHED, 'unannotated');
    expect(got.spec?.containers.map((c) => c.name)).toEqual(['app']);
    expect(got.metadata?.annotations?.[`${PREFIX}/status`]).toBeUndefined();
    expect(calls.get('unannotated')).toBe(1);
  });

  it("is not called for a namespace that did not opt in, nor for the manager's own Pods (selectors)", async () => {
    await mgr.client.create(builtin.Pod, pod(PLAIN, 'elsewhere', { annotations: INJECT }));
    await mgr.client.create(
      builtin.Pod,
      pod(MESHED, 'manager', { annotations: INJECT, labels: { 'control-plane': 'controller-manager' } }),
    );
    expect((await stored(PLAIN, 'elsewhere')).spec?.containers.map((c) => c.name)).toEqual(['app']);
    expect((await stored(MESHED, 'manager')).spec?.containers.map((c) => c.name)).toEqual(['app']);
    expect(calls.get('elsewhere')).toBeUndefined();
    expect(calls.get('manager')).toBeUndefined();
  });

  it('leaves an injected Pod unchanged when it is updated, re-applied or created again', async () => {
    const before = await stored(MESHED, 'annotated');
    const updated = await mgr.client.update(builtin.Pod, {
      ...before,
      metadata: { ...before.metadata, labels: { touched: 'yes' } },
    });
    expect(updated.spec?.containers.map((c) => c.name)).toEqual(['app', 'proxy']);
    expect(updated.spec?.initContainers?.map((c) => c.name)).toEqual(['proxy-init']);
    expect(updated.metadata?.annotations).toEqual(before.metadata?.annotations);
    expect(calls.get('annotated')).toBe(2);
    // Server-side apply of the manifest the Pod was made from, by the manager that created it.
    await mgr.client.create(builtin.Pod, pod(MESHED, 'applied', { annotations: INJECT }), { fieldManager: 'deployer' });
    const first = await stored(MESHED, 'applied');
    const manifest = pod(MESHED, 'applied', { annotations: INJECT }) as never;
    await mgr.client.patch(
      builtin.Pod,
      { namespace: MESHED, name: 'applied' },
      { type: 'apply', data: manifest, force: true },
      { fieldManager: 'deployer' },
    );
    const reapplied = await stored(MESHED, 'applied');
    expect(reapplied.spec).toEqual(first.spec);
    expect(reapplied.metadata?.annotations).toEqual(first.metadata?.annotations);
    // Creating it again is refused as AlreadyExists, not turned into a second injection.
    const again = await mgr.client.create(builtin.Pod, pod(MESHED, 'applied', { annotations: INJECT })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((again as ApiError).code).toBe(409);
  });

  it('is called again when a later webhook asks for the sidecar (reinvocation), and injects once', async () => {
    await mgr.client.create(builtin.Pod, pod(MESHED, 'late', { labels: { 'late-inject': 'true' } }));
    const got = await stored(MESHED, 'late');
    expect(got.metadata?.annotations?.[`${PREFIX}/inject`]).toBe('true');
    expect(got.spec?.containers.map((c) => c.name)).toEqual(['app', 'proxy']);
    // First call: no annotation yet; the late webhook adds it; the reinvocation injects.
    expect(calls.get('late')).toBe(2);
  });

  it("returns the validate hook's denial with its message", async () => {
    const err = await mgr.client
      .create(builtin.Pod, pod(MESHED, 'unsigned', { annotations: INJECT, image: 'docker.io/library/app:1' }))
      .then(
        () => new Error('an unsigned image was admitted'),
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(403);
    expect((err as ApiError).message).toContain('image docker.io/library/app:1 of container app is not signed');
    expect((err as ApiError).message).toContain('sidecar-pod-v1.kb.io');
  });
});

describe.skipIf(isBinaryAssets(assets))('the scaffolded Pod sidecar injector on a real API server (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
