import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CustomObjectsApi } from '@kubernetes/client-node';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUserError } from '../errors/user-error.js';
import { ApiConnection } from './api-connection.js';
import { findBinaryAssets, isBinaryAssets } from './binaries.js';
import { startTestEnv, type TestEnv } from './test-env.js';

// Runs the real kube-apiserver and etcd; skipped (with the reason) when they are not installed.
const assets = findBinaryAssets();
const missing = isBinaryAssets(assets) ? undefined : assets.missing;
if (missing !== undefined) console.warn(`operator-ts/testing CRD/webhook tests SKIPPED:\n${missing}`);

const GROUP = 'envtest.operator-ts.dev';
const scratch = mkdtempSync(join(tmpdir(), 'envtest-install-test-'));

const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `widgets.${GROUP}` },
  spec: {
    group: GROUP,
    scope: 'Namespaced',
    names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' },
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
                  size: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
                  extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                },
              },
            },
          },
        },
      },
    ],
  },
};

const gadgetVersion = (name: string, storage: boolean) => ({
  name,
  served: true,
  storage,
  schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
});
const gadgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `gadgets.${GROUP}` },
  spec: {
    group: GROUP,
    scope: 'Cluster',
    names: { kind: 'Gadget', listKind: 'GadgetList', plural: 'gadgets', singular: 'gadget' },
    versions: [gadgetVersion('v1', true), gadgetVersion('v2', false)],
    conversion: {
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1'],
        clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: '/convert' } },
      },
    },
  },
};

const rule = { apiGroups: [GROUP], apiVersions: ['v1'], operations: ['CREATE'], resources: ['widgets'] };
const service = (path: string) => ({ service: { name: 'webhook-service', namespace: 'system', path } });
const webhookManifests = [
  {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: 'mutating-webhook-configuration' },
    webhooks: [
      {
        name: `mwidget.${GROUP}`,
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Fail',
        clientConfig: service('/mutate-widget'),
        rules: [rule],
      },
    ],
  },
  {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'validating-webhook-configuration' },
    webhooks: [
      {
        name: `vwidget.${GROUP}`,
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Fail',
        clientConfig: service('/validate-widget'),
        rules: [rule],
      },
    ],
  },
];

interface AdmissionReview {
  request: { uid: string; object: { spec?: { size?: unknown } } };
}

/** The test's webhook server: labels every Widget, refuses size "deny". */
function webhookServer(env: TestEnv): Promise<Server> {
  const { localServingCertDir: dir, localServingHost: host, localServingPort: port } = env.webhookInstallOptions;
  const server = createServer(
    { cert: readFileSync(join(dir, 'tls.crt')), key: readFileSync(join(dir, 'tls.key')) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        // The API server appends ?timeout=10s.
        const path = new URL(req.url ?? '/', 'https://webhook.invalid').pathname;
        const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AdmissionReview;
        const response: Record<string, unknown> = { uid: review.request.uid, allowed: true };
        if (path === '/mutate-widget') {
          const patch = [{ op: 'add', path: '/metadata/labels', value: { 'mutated-by': 'envtest-webhook' } }];
          Object.assign(response, {
            patchType: 'JSONPatch',
            patch: Buffer.from(JSON.stringify(patch)).toString('base64'),
          });
        } else if (path === '/validate-widget' && review.request.object.spec?.size === 'deny') {
          Object.assign(response, { allowed: false, status: { code: 403, message: 'size "deny" is not allowed' } });
        }
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }));
      });
    },
  );
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

describe.skipIf(missing !== undefined)('startTestEnv: CRD and webhook installation', () => {
  let env: TestEnv;
  let server: Server | undefined;
  let admin: ApiConnection;

  beforeAll(async () => {
    const crdDir = join(scratch, 'crd');
    const webhookDir = join(scratch, 'webhook');
    mkdirSync(crdDir, { recursive: true });
    mkdirSync(webhookDir, { recursive: true });
    writeFileSync(join(crdDir, `${GROUP}_widgets.yaml`), stringify(widgetCrd));
    const ignored = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'not-a-crd' } };
    writeFileSync(join(crdDir, `${GROUP}_gadgets.yaml`), [gadgetCrd, ignored].map((d) => stringify(d)).join('---\n'));
    writeFileSync(join(webhookDir, 'manifests.yaml'), webhookManifests.map((d) => stringify(d)).join('---\n'));
    env = await startTestEnv({
      crdDirectoryPaths: [crdDir],
      errorIfCRDPathMissing: true,
      webhookInstallOptions: { paths: [webhookDir] },
    });
    server = await webhookServer(env);
    admin = new ApiConnection(env.config.host, {
      caPem: env.config.caData,
      certPem: env.config.certData,
      keyPem: env.config.keyData,
    });
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await env?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('installs the CRDs of the directory and keeps x-kubernetes-* schema keys', async () => {
    expect(env.crds.map((c) => c.metadata?.name).sort()).toEqual([`gadgets.${GROUP}`, `widgets.${GROUP}`]);
    const stored = await admin.json<typeof widgetCrd>(
      'GET',
      `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.${GROUP}`,
    );
    const spec = stored.spec.versions[0]?.schema.openAPIV3Schema.properties.spec.properties;
    expect(spec?.size['x-kubernetes-int-or-string']).toBe(true);
    expect(spec?.extra['x-kubernetes-preserve-unknown-fields']).toBe(true);
  });

  it('points webhook conversion at the local webhook server and serves every version', async () => {
    const stored = await admin.json<{ spec: { conversion: unknown } }>(
      'GET',
      `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.${GROUP}`,
    );
    const { localServingPort, caData } = env.webhookInstallOptions;
    expect(stored.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1'],
        clientConfig: {
          url: `https://127.0.0.1:${localServingPort}/convert`,
          caBundle: Buffer.from(caData).toString('base64'),
        },
      },
    });
    for (const version of ['v1', 'v2']) {
      const list = await admin.json<{ resources: Array<{ name: string }> }>('GET', `/apis/${GROUP}/${version}`);
      expect(list.resources.map((r) => r.name)).toContain('gadgets');
    }
  });

  it('has the API server call the test webhook server: the mutating patch is applied', async () => {
    const api = env.kubeConfig.makeApiClient(CustomObjectsApi);
    const create = (name: string, spec: Record<string, unknown>) =>
      api.createNamespacedCustomObject({
        group: GROUP,
        version: 'v1',
        namespace: 'default',
        plural: 'widgets',
        body: { apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name }, spec },
      });
    // The API server's admission chain may pick up the new configuration a moment after it is readable.
    let created: { metadata?: { labels?: Record<string, string> }; spec?: unknown } = {};
    for (let i = 0; i < 100 && created.metadata?.labels?.['mutated-by'] === undefined; i++) {
      if (i > 0) await sleep(100);
      created = (await create(`w-${i}`, {
        size: '50%',
        extra: { nested: { anything: [1, 'two'] } },
      })) as typeof created;
    }
    expect(created.metadata?.labels).toEqual({ 'mutated-by': 'envtest-webhook' });
    expect(created.spec).toEqual({ size: '50%', extra: { nested: { anything: [1, 'two'] } } });
    const numeric = (await create('w-int', { size: 3 })) as typeof created;
    expect(numeric.spec).toEqual({ size: 3 });
  }, 30_000);

  it('has the validating webhook deny with its message', async () => {
    const api = env.kubeConfig.makeApiClient(CustomObjectsApi);
    let error: unknown;
    try {
      await api.createNamespacedCustomObject({
        group: GROUP,
        version: 'v1',
        namespace: 'default',
        plural: 'widgets',
        body: { apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: 'denied' }, spec: { size: 'deny' } },
      });
    } catch (err) {
      error = err;
    }
    expect((error as { code?: number }).code).toBe(403);
    expect(String((error as { body?: unknown }).body)).toContain(
      `admission webhook \\"vwidget.${GROUP}\\" denied the request: size \\"deny\\" is not allowed`,
    );
  });

  it('fails clearly for a CRD whose names clash with an installed one', async () => {
    const clash = structuredClone(widgetCrd);
    clash.metadata.name = `sprockets.${GROUP}`;
    Object.assign(clash.spec.names, { plural: 'sprockets', singular: 'sprocket', listKind: 'SprocketList' }); // kind Widget stays: taken
    let error: unknown;
    try {
      await env.installCRDs({ crds: [clash], timeoutMs: 20_000 });
    } catch (err) {
      error = err;
    }
    expect(isUserError(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^CustomResourceDefinition sprockets\\.${GROUP.replace(/\./g, '\\.')} is not usable: its names were rejected; conditions: .*NamesAccepted=False \\(KindConflict: "Widget" is already in use\\)`,
      ),
    );
    expect(message).toContain('Established=False');
  });
});
