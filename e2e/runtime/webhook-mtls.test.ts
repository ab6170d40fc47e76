// Webhook mutual TLS against a real kube-apiserver: the API server is started with
// --admission-control-config-file, an AdmissionConfiguration whose WebhookAdmissionConfiguration names a
// kubeconfig with a client certificate (how a cluster operator makes the API server authenticate to
// webhooks). The webhook server requires client certificates of that CA with the name kube-apiserver:
// the API server's admission calls reach it, a client without the certificate is refused at the TLS
// layer, and a server that does not allow the API server's name makes its admission calls fail.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../dist/src/runtime/index.js';
import { WebhookServer } from '../../dist/src/runtime/webhook/index.js';
import { startTestEnv, TinyCA, type TestEnv } from '../../dist/src/testing/index.js';
import { findKubectl } from '../helpers/bundle.js';

const kubectlFound = findKubectl();
const kubectl = 'kubectl' in kubectlFound ? kubectlFound.kubectl : '';
const skip = 'missing' in kubectlFound ? ` (SKIPPED: ${kubectlFound.missing})` : '';
const PATH = '/validate-configmap';
const LABEL = 'webhook-mtls.operator-ts.dev/checked';

interface Review {
  request?: { uid?: string; object?: { data?: Record<string, string> } };
}

/** validate denies ConfigMaps whose data says deny, so a denial proves the API server's call arrived. */
async function validate(body: unknown): Promise<unknown> {
  const req = (body as Review).request ?? {};
  const deny = req.object?.data?.['deny'] === 'true';
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    response: {
      uid: req.uid ?? '',
      allowed: !deny,
      ...(deny ? { status: { code: 403, message: 'denied by the mutual-TLS webhook' } } : {}),
    },
  };
}

describe.skipIf(skip !== '')(`webhook mutual TLS with a real API server${skip}`, () => {
  let env: TestEnv | undefined;
  let dir = '';
  let clientCa: TinyCA;
  let stopServer: (() => Promise<void>) | undefined;

  const startServer = async (allowedClientNames: string[]): Promise<void> => {
    const serving = env!.webhookInstallOptions;
    const server = new WebhookServer({
      host: serving.localServingHost,
      port: serving.localServingPort,
      certDir: serving.localServingCertDir,
      clientCAName: join(dir, 'client-ca.crt'),
      allowedClientNames,
      logger: silentLogger(),
    });
    server.register(PATH, validate);
    const ac = new AbortController();
    const done = server.start(ac.signal);
    await server.ready();
    stopServer = async () => {
      ac.abort();
      await done;
      stopServer = undefined;
    };
  };

  const apply = (name: string, data: Record<string, string>) =>
    execa(kubectl, ['create', '-f', '-'], {
      env: { KUBECONFIG: env?.kubeconfigPath ?? '' },
      reject: false,
      input: JSON.stringify({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name, namespace: 'default', labels: { [LABEL]: 'true' } },
        data,
      }),
    }).then((r) => ({ exitCode: r.exitCode ?? -1, stderr: String(r.stderr) }));

  /** untilDenied retries while the API server's admission chain has not picked up the configuration yet. */
  const untilDenied = async (prefix: string): Promise<string> => {
    const deadline = Date.now() + 30_000;
    for (let i = 0; ; i++) {
      const r = await apply(`${prefix}-${i}`, { deny: 'true' });
      if (r.exitCode !== 0 || Date.now() > deadline) return r.stderr;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'webhook-mtls-'));
    clientCa = await TinyCA.create('webhook-client-ca');
    const apiServerCert = await clientCa.issueClientCert({ name: 'kube-apiserver' });
    writeFileSync(join(dir, 'client-ca.crt'), clientCa.pair.certPem);
    const b64 = (s: string): string => Buffer.from(s).toString('base64');
    // '*' is the kubeconfig user for every webhook the API server calls (apiserver.config.k8s.io/v1 WebhookAdmissionConfiguration).
    writeFileSync(
      join(dir, 'webhook-kubeconfig.json'),
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        users: [
          {
            name: '*',
            user: {
              'client-certificate-data': b64(apiServerCert.certPem),
              'client-key-data': b64(apiServerCert.keyPem),
            },
          },
        ],
      }),
    );
    const webhookAdmission = {
      apiVersion: 'apiserver.config.k8s.io/v1',
      kind: 'WebhookAdmissionConfiguration',
      kubeConfigFile: join(dir, 'webhook-kubeconfig.json'),
    };
    writeFileSync(
      join(dir, 'admission.json'),
      JSON.stringify({
        apiVersion: 'apiserver.config.k8s.io/v1',
        kind: 'AdmissionConfiguration',
        plugins: [
          { name: 'ValidatingAdmissionWebhook', configuration: webhookAdmission },
          { name: 'MutatingAdmissionWebhook', configuration: webhookAdmission },
        ],
      }),
    );
    env = await startTestEnv({
      apiServerFlags: { 'admission-control-config-file': join(dir, 'admission.json') },
      webhookInstallOptions: {
        validatingWebhooks: [
          {
            apiVersion: 'admissionregistration.k8s.io/v1',
            kind: 'ValidatingWebhookConfiguration',
            metadata: { name: 'mtls-test' },
            webhooks: [
              {
                name: 'vconfigmap.webhook-mtls.operator-ts.dev',
                admissionReviewVersions: ['v1'],
                sideEffects: 'None',
                failurePolicy: 'Fail',
                objectSelector: { matchLabels: { [LABEL]: 'true' } },
                rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }],
                clientConfig: { service: { name: 'webhook-service', namespace: 'default', path: PATH } },
              },
            ],
          },
        ],
      },
    });
  });

  afterAll(async () => {
    await stopServer?.();
    await env?.stop();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it("serves the API server's admission calls, which present the AdmissionConfiguration's client certificate", async () => {
    await startServer(['kube-apiserver']);
    expect(await untilDenied('denied')).toContain('denied by the mutual-TLS webhook');
    const allowed = await apply('allowed', { deny: 'false' });
    expect(allowed.exitCode, allowed.stderr).toBe(0);
  });

  it('refuses a client without the certificate at the TLS layer', async () => {
    const serving = env!.webhookInstallOptions;
    const attempt = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: serving.localServingHost,
          port: serving.localServingPort,
          path: PATH,
          method: 'POST',
          agent: false,
          ca: serving.caData,
          headers: { 'content-type': 'application/json' },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end(JSON.stringify({ request: { uid: 'x', object: { data: { deny: 'true' } } } }));
    });
    await expect(attempt).rejects.toThrow(/certificate required|alert|ECONNRESET|socket hang up/i);
  });

  it("fails the API server's admission calls when its certificate's name is not allowed", async () => {
    await stopServer?.();
    await startServer(['someone-else']);
    const r = await apply('refused', { deny: 'false' });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain('failed calling webhook "vconfigmap.webhook-mtls.operator-ts.dev"');
  });
});
