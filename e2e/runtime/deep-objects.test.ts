// Objects nested as deep as kube-apiserver stores them, through the runtime's codec, copies, diffs and
// patches: written by the client, defaulted by a webhook the real API server calls, read back and patched.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManager,
  defineResource,
  newWebhookManagedBy,
  silentLogger,
  type AdmissionContext,
  type CustomDefaulter,
  type KubernetesObject,
  type Manager,
} from '../../dist/src/runtime/index.js';
import { createOrPatch } from '../../dist/src/runtime/helpers/index.js';
import { defaultingPath } from '../../dist/src/runtime/webhook/index.js';
import { toYamlDocuments } from '../../dist/src/yaml/yaml.js';
import {
  directClient,
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type CustomResourceDefinitionObject,
  type TestEnv,
} from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';

const assets = findBinaryAssets();
const namespace = 'default';
// kube-apiserver 1.37.2 decodes 10 000 levels; its managedFields repeat spec's shape 4 levels further down,
// so 9 994 objects under spec is the deepest custom resource that can still be read back. At 9 900 levels a
// write through the webhook outran the API server's own 60 s request timeout on a loaded 2-core machine, so
// the test stays at a depth past where structuredClone (~2 000), util.isDeepStrictEqual (~2 000) and JSON.stringify (~4 000) give up.
const DEEP = 6_000;

interface Tree extends KubernetesObject {
  spec: { color?: string; tree?: unknown };
}
const TreeResource = defineResource<Tree>({
  group: 'e2e.operator-ts.dev',
  version: 'v1',
  kind: 'Tree',
  plural: 'trees',
  namespaced: true,
});

function treeCrd(): CustomResourceDefinitionObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'trees.e2e.operator-ts.dev' },
    spec: {
      group: 'e2e.operator-ts.dev',
      names: { kind: 'Tree', listKind: 'TreeList', plural: 'trees', singular: 'tree' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: {
                    color: { type: 'string' },
                    tree: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  },
                },
              },
            },
          },
        },
      ],
    },
  };
}

/** nested is { a: { a: ... leaf } }, `levels` objects deep. */
function nested(levels: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

/** walk returns how many objects deep `v` nests and the leaf at the bottom, without recursion. */
function walk(v: unknown): { levels: number; leaf: unknown } {
  let levels = 0;
  let cur = v;
  while (typeof cur === 'object' && cur !== null) {
    cur = (cur as { a: unknown }).a;
    levels++;
  }
  return { levels, leaf: cur };
}

class TreeDefaulter implements CustomDefaulter<Tree> {
  async default(_ctx: AdmissionContext, obj: Tree): Promise<void> {
    obj.spec.color ??= 'green';
  }
}

function webhookConfiguration(): unknown {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: 'tree-mutating' },
    webhooks: [
      {
        name: 'mtree.e2e.operator-ts.dev',
        clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: defaultingPath(TreeResource) } },
        rules: [
          {
            apiGroups: [TreeResource.group],
            apiVersions: [TreeResource.version],
            operations: ['CREATE', 'UPDATE'],
            resources: [TreeResource.plural],
          },
        ],
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Fail',
        timeoutSeconds: 10,
      },
    ],
  };
}

describe.skipIf(!isBinaryAssets(assets))('objects nested as deep as the API server accepts', () => {
  let env: TestEnv;
  let mgr: Manager;
  let dir = '';
  const stop = new AbortController();
  let running: Promise<void> | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'operator-ts-e2e-deep-'));
    writeFileSync(join(dir, 'manifests.yaml'), toYamlDocuments([webhookConfiguration()]));
    env = await startTestEnv({ crds: [treeCrd()], webhookInstallOptions: { paths: [dir] } });
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: silentLogger(),
      webhook: {
        port: env.webhookInstallOptions.localServingPort,
        certDir: env.webhookInstallOptions.localServingCertDir,
      },
    });
    newWebhookManagedBy(mgr).for(TreeResource).withDefaulter(new TreeDefaulter()).complete();
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.getWebhookServer().ready();
    const client = directClient(env);
    await waitFor(
      'the API server to call the defaulting webhook',
      async () => {
        const t = await client.create(
          TreeResource,
          { metadata: { namespace, name: `probe-${Date.now()}` }, spec: {} },
          { dryRun: true },
        );
        return t.spec.color === 'green' ? true : undefined;
      },
      30_000,
    );
  }, 180_000);

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('creates, defaults, reads and merge-patches them', async () => {
    const client = directClient(env);
    const created = await client.create(TreeResource, {
      metadata: { namespace, name: 'deep' },
      spec: { tree: nested(DEEP, 'leaf') },
    });
    expect(created.spec.color).toBe('green');
    const read = await client.get(TreeResource, { namespace, name: 'deep' });
    expect(walk(read.spec.tree)).toEqual({ levels: DEEP, leaf: 'leaf' });

    const obj = { metadata: { namespace, name: 'deep' } } as Tree;
    const result = await createOrPatch(client, TreeResource, obj, (t) => {
      let cur = t.spec.tree as { a: unknown };
      while (typeof cur.a === 'object') cur = cur.a as { a: unknown };
      cur.a = 'changed';
    });
    expect(result).toBe('updated');
    expect(walk((await client.get(TreeResource, { namespace, name: 'deep' })).spec.tree)).toEqual({
      levels: DEEP,
      leaf: 'changed',
    });
  }, 60_000);

  it('caches them: an informer lists one, measures it, and a cached get returns a copy', async () => {
    const deep = { metadata: { namespace, name: 'deep-cached' }, spec: { tree: nested(DEEP, 'cached') } };
    await directClient(env).create(TreeResource, deep);
    // Started after the object exists, the informer receives it in its first list, after which it measures the store.
    const informer = mgr.getCache().getInformer(TreeResource);
    await informer.waitForSync(AbortSignal.timeout(60_000));
    expect(walk(informer.get({ namespace, name: 'deep-cached' })?.spec.tree)).toEqual({ levels: DEEP, leaf: 'cached' });
    const read = await mgr.client.get(TreeResource, { namespace, name: 'deep-cached' });
    // The cache drops managedFields, which a live read would carry: this read came from memory.
    expect(read.metadata?.managedFields).toBeUndefined();
    expect(walk(read.spec.tree)).toEqual({ levels: DEEP, leaf: 'cached' });
    (read.spec.tree as { a: unknown }).a = 'mutated';
    const again = await mgr.client.get(TreeResource, { namespace, name: 'deep-cached' });
    expect(walk(again.spec.tree)).toEqual({ levels: DEEP, leaf: 'cached' });
    const names = (await mgr.client.list(TreeResource, { namespace })).map((t) => t.metadata?.name).sort();
    expect(names).toEqual(['deep', 'deep-cached']);
  }, 90_000);

  it('refuses a deeper object in the client with a message naming the limit', async () => {
    const client = directClient(env);
    const err = await client
      .create(TreeResource, { metadata: { namespace, name: 'too-deep' }, spec: { tree: nested(10_000, 'leaf') } })
      .catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(
      /^the request body is nested more than 10000 levels deep, deeper than the Kubernetes API server decodes/,
    );
  }, 60_000);
});
