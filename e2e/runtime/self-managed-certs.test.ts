// Webhook certificates without cert-manager, against a real kube-apiserver: WebhookCertificateProvisioner
// creates a CA and serving certificate in a Secret, injects the CA bundle into a webhook configuration
// and a CRD's conversion webhook, and copies the serving certificate into the webhook server's directory.
// The API server's admission calls then succeed over TLS it verifies with the injected bundle. A second
// replica adopts the Secret instead of issuing its own, two replicas starting at once agree on one
// certificate, and a serving certificate near expiry is replaced under the same CA while admission
// requests keep succeeding.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtin,
  silentLogger,
  WebhookCertificateProvisioner,
  type Client,
  type SelfManagedCertificateOptions,
} from '../../dist/src/runtime/index.js';
import { WebhookServer } from '../../dist/src/runtime/webhook/index.js';
import {
  directClient,
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type TestEnv,
} from '../../dist/src/testing/index.js';

const assets = findBinaryAssets();
const skip = isBinaryAssets(assets) ? '' : ` (SKIPPED: ${assets.missing})`;
const PATH = '/validate-configmap';
const LABEL = 'self-managed-certs.operator-ts.dev/checked';
const CONFIG = 'self-managed-certs';
const CRD = 'gadgets.certs.operator-ts.dev';
const NAMESPACE = 'default';

describe.skipIf(skip !== '')(`self-managed webhook certificates on a real API server${skip}`, () => {
  let env: TestEnv | undefined;
  let client: Client;
  const dirs: string[] = [];
  const stops: (() => Promise<void>)[] = [];
  let port = 0;

  const tempDir = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'webhook-certs-'));
    dirs.push(d);
    return d;
  };
  const certDirs = new Map<WebhookCertificateProvisioner, string>();
  const dirOf = (p: WebhookCertificateProvisioner): string => certDirs.get(p) ?? '';
  const provisioner = (extra: Partial<SelfManagedCertificateOptions> = {}): WebhookCertificateProvisioner => {
    const certDir = tempDir();
    const p = new WebhookCertificateProvisioner({
      client,
      namespace: NAMESPACE,
      secretName: 'webhook-server-cert',
      serviceName: 'webhook-service',
      // envtest has no Service routing: the API server calls the webhook at 127.0.0.1.
      hosts: ['127.0.0.1', 'localhost'],
      certDir,
      validatingWebhookConfigurations: [CONFIG],
      conversionCRDs: [CRD],
      logger: silentLogger(),
      ...extra,
    });
    certDirs.set(p, certDir);
    return p;
  };
  const secret = (name: string) => client.get(builtin.Secret, { namespace: NAMESPACE, name }, { live: true });
  const caBundleOf = async (): Promise<string | undefined> =>
    (await client.get(builtin.ValidatingWebhookConfiguration, { name: CONFIG }, { live: true })).webhooks?.[0]
      ?.clientConfig.caBundle;

  /** admit creates a ConfigMap the webhook denies: true when the denial came from the webhook. */
  let counter = 0;
  const admit = async (): Promise<boolean> => {
    try {
      await client.create(builtin.ConfigMap, {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `probe-${counter++}`, namespace: NAMESPACE, labels: { [LABEL]: 'true' } },
        data: { deny: 'true' },
      });
      return false;
    } catch (err) {
      return String((err as Error).message).includes('denied by the self-managed webhook');
    }
  };

  const serve = async (certDir: string): Promise<void> => {
    const server = new WebhookServer({
      host: '127.0.0.1',
      port,
      certDir,
      certPollIntervalMs: 100,
      logger: silentLogger(),
    });
    server.register(PATH, async (body) => {
      const uid = (body as { request?: { uid?: string } }).request?.uid ?? '';
      return {
        apiVersion: 'admission.k8s.io/v1',
        kind: 'AdmissionReview',
        response: { uid, allowed: false, status: { code: 403, message: 'denied by the self-managed webhook' } },
      };
    });
    const ac = new AbortController();
    const done = server.start(ac.signal);
    await server.ready();
    stops.push(async () => {
      ac.abort();
      await done;
    });
  };

  beforeAll(async () => {
    env = await startTestEnv({
      crds: [
        {
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'CustomResourceDefinition',
          metadata: { name: CRD },
          spec: {
            group: 'certs.operator-ts.dev',
            names: { kind: 'Gadget', listKind: 'GadgetList', plural: 'gadgets', singular: 'gadget' },
            scope: 'Namespaced',
            versions: [
              {
                name: 'v1',
                served: true,
                storage: true,
                schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
              },
            ],
          },
        },
      ],
    });
    client = directClient(env);
    port = env.webhookInstallOptions.localServingPort;
    // A conversion webhook with no caBundle yet, as config/crd/patches writes it.
    const crd = await client.get(builtin.CustomResourceDefinition, { name: CRD });
    crd.spec.conversion = {
      strategy: 'Webhook',
      webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `https://127.0.0.1:${port}/convert` } },
    };
    await client.update(builtin.CustomResourceDefinition, crd);
    await client.create(builtin.ValidatingWebhookConfiguration, {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: CONFIG },
      webhooks: [
        {
          name: 'vconfigmap.self-managed-certs.operator-ts.dev',
          admissionReviewVersions: ['v1'],
          sideEffects: 'None',
          failurePolicy: 'Fail',
          objectSelector: { matchLabels: { [LABEL]: 'true' } },
          rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }],
          clientConfig: { url: `https://127.0.0.1:${port}${PATH}` },
        },
      ],
    });
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await env?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('first start: issues the certificates, injects the CA bundle, and the API server calls the webhook over TLS it verifies', async () => {
    const first = provisioner();
    expect(await first.reconcile()).toBe(false);
    expect(await first.reconcile()).toBe(true);
    const stored = await secret('webhook-server-cert');
    expect(Object.keys(stored.data ?? {}).sort()).toEqual(['ca.crt', 'ca.key', 'tls.crt', 'tls.key']);
    const bundle = stored.data?.['ca.crt'];
    expect(await caBundleOf()).toBe(bundle);
    expect(
      (await client.get(builtin.CustomResourceDefinition, { name: CRD })).spec.conversion?.webhook?.clientConfig
        ?.caBundle,
    ).toBe(bundle);
    const certDir = dirOf(first);
    expect(await first.sync()).toBe(true);
    expect(readFileSync(join(certDir, 'tls.crt'), 'base64')).toBe(stored.data?.['tls.crt']);
    await serve(certDir);
    const deadline = Date.now() + 30_000;
    let denied = await admit();
    while (!denied && Date.now() < deadline) denied = await admit();
    expect(denied).toBe(true);
  });

  it('a second replica adopts the Secret instead of issuing its own', async () => {
    const before = await secret('webhook-server-cert');
    const second = provisioner();
    expect(await second.reconcile()).toBe(true);
    expect(await second.sync()).toBe(true);
    const after = await secret('webhook-server-cert');
    expect(after.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
    const certDir = dirOf(second);
    expect(readFileSync(join(certDir, 'tls.crt'), 'base64')).toBe(before.data?.['tls.crt']);
  });

  it('two replicas starting at once agree on one certificate', async () => {
    const a = provisioner({ secretName: 'race-cert', validatingWebhookConfigurations: [], conversionCRDs: [] });
    const b = provisioner({ secretName: 'race-cert', validatingWebhookConfigurations: [], conversionCRDs: [] });
    await Promise.all([a.reconcile(), b.reconcile()]);
    expect(await a.reconcile()).toBe(true);
    expect(await b.reconcile()).toBe(true);
    await Promise.all([a.sync(), b.sync()]);
    expect(readFileSync(join(dirOf(a), 'tls.crt'), 'utf8')).toBe(readFileSync(join(dirOf(b), 'tls.crt'), 'utf8'));
    expect(readFileSync(join(dirOf(a), 'tls.crt'), 'base64')).toBe((await secret('race-cert')).data?.['tls.crt']);
  });

  it('bootstrap on replicas starting at once: one creates the Secret, every one gets its certificate', async () => {
    const replicas = [0, 1, 2].map(() =>
      provisioner({ secretName: 'bootstrap-cert', validatingWebhookConfigurations: [], conversionCRDs: [] }),
    );
    await Promise.all(replicas.map((r) => r.bootstrap()));
    const stored = (await secret('bootstrap-cert')).data?.['tls.crt'];
    for (const r of replicas) expect(readFileSync(join(dirOf(r), 'tls.crt'), 'base64')).toBe(stored);
  });

  it('replaces a serving certificate near expiry under the same CA without failing an admission request', async () => {
    // Serving certificates of 40 s, replaced when less than 36 s are left: due 4 s after issuing.
    const short = provisioner({ secretName: 'short-cert', certValidityMs: 40_000, rotateBeforeFraction: 0.9 });
    const certDir = dirOf(short);
    expect(await short.reconcile()).toBe(false);
    await short.reconcile();
    await short.sync();
    await stops.pop()?.();
    await serve(certDir);
    const deadline = Date.now() + 30_000;
    while (!(await admit()) && Date.now() < deadline);
    const issued = await secret('short-cert');
    const bundle = await caBundleOf();
    expect(bundle).toBe(issued.data?.['ca.crt']);
    let failures = 0;
    let requests = 0;
    let rotated = false;
    while (!rotated && Date.now() < deadline) {
      await short.reconcile();
      await short.sync();
      rotated = (await secret('short-cert')).data?.['tls.crt'] !== issued.data?.['tls.crt'];
      requests++;
      if (!(await admit())) failures++;
    }
    expect(rotated).toBe(true);
    const after = await secret('short-cert');
    expect(after.data?.['ca.crt']).toBe(issued.data?.['ca.crt']);
    expect(await caBundleOf()).toBe(bundle);
    // The webhook server picks the new files up; requests keep being served through and after it.
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      requests++;
      if (!(await admit())) failures++;
    }
    expect(requests).toBeGreaterThan(5);
    expect(failures).toBe(0);
  });

  it('replaces a CA in two passes, bundle first, without failing an admission request', async () => {
    // A CA of 60 s replaced when less than 54 s are left (6 s after issuing); serving certificates of 50 s.
    const p = provisioner({
      secretName: 'ca-rotation',
      caValidityMs: 60_000,
      certValidityMs: 50_000,
      rotateBeforeFraction: 0.9,
    });
    await p.reconcile();
    await p.reconcile();
    await p.sync();
    await stops.pop()?.();
    await serve(dirOf(p));
    const deadline = Date.now() + 40_000;
    while (!(await admit()) && Date.now() < deadline);
    const first = await secret('ca-rotation');
    const pems = (b64: string | undefined): string[] =>
      Buffer.from(b64 ?? '', 'base64')
        .toString('utf8')
        .match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
    const [oldCa] = pems(first.data?.['ca.crt']);
    let failures = 0;
    let requests = 0;
    const pass = async (): Promise<void> => {
      await p.reconcile();
      await p.sync();
      requests++;
      if (!(await admit())) failures++;
    };
    // Pass one: the bundle holds the new and the old CA and is injected; the serving certificate is still the old CA's.
    while (pems((await secret('ca-rotation')).data?.['ca.crt']).length < 2 && Date.now() < deadline) await pass();
    const bundled = await secret('ca-rotation');
    const [newCa, kept] = pems(bundled.data?.['ca.crt']);
    expect(kept).toBe(oldCa);
    expect(newCa).not.toBe(oldCa);
    // Pass two (the next reconcile): a serving certificate of the new CA, once the bundle is everywhere.
    await pass();
    const rotated = await secret('ca-rotation');
    expect(rotated.data?.['tls.crt']).not.toBe(bundled.data?.['tls.crt']);
    expect(await caBundleOf()).toBe(rotated.data?.['ca.crt']);
    const { X509Certificate } = await import('node:crypto');
    const serving = new X509Certificate(Buffer.from(rotated.data?.['tls.crt'] ?? '', 'base64'));
    expect(serving.checkIssued(new X509Certificate(newCa ?? ''))).toBe(true);
    const until = Date.now() + 2_000;
    while (Date.now() < until) await pass();
    expect(requests).toBeGreaterThan(5);
    expect(failures).toBe(0);
  });

  it('refuses a CA that would be replaced after its serving certificates are due', () => {
    expect(() => provisioner({ caValidityMs: 60_000, certValidityMs: 50_000, rotateBeforeFraction: 0.5 })).toThrow(
      /caValidityMs × rotateBeforeFraction > certValidityMs/,
    );
  });
});
