// Self-managed webhook certificates as a manager option, on a real kube-apiserver with two replicas: two
// Managers (webhook server, leader election on one Lease) started with `webhook.certificates:
// 'self-managed'`. The first creates the certificate Secret before its webhook server starts and, as
// leader, injects the CA bundle into a ValidatingWebhookConfiguration and into the conversion webhook of
// the CRD whose conversion it registered; the second loads the Secret and serves the same certificate.
// The configuration has one webhook per replica, so every admission request goes through both. With
// lifetimes of seconds, the leader replaces the serving certificate and then the CA while a stream of
// admission requests and conversions runs through the API server: none fails, requests are in flight
// across every swap either replica makes, and only the leader writes the Secret. When the leader stops,
// the follower takes the Lease over and rotates from then on.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtin,
  createManager,
  defineResource,
  newWebhookManagedBy,
  silentLogger,
  type Client,
  type Manager,
} from '../../dist/src/runtime/index.js';
import {
  directClient,
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type TestEnv,
} from '../../dist/src/testing/index.js';
import { freePort } from '../helpers/ports.js';
import { waitFor } from '../helpers/wait.js';

const assets = findBinaryAssets();
const skip = isBinaryAssets(assets) ? '' : ` (SKIPPED: ${assets.missing})`;
const NAMESPACE = 'default';
const SECRET = 'webhook-server-cert';
const CONFIG = 'self-managed-manager';
const LABEL = 'self-managed-manager.operator-ts.dev/checked';
const GROUP = 'certs.operator-ts.dev';
const CRD = `gadgets.${GROUP}`;
const LEASE = 'self-managed-manager.operator-ts.dev';
const PEM = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

interface Gadget {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
  spec?: Record<string, string>;
}
const GadgetV1 = defineResource<Gadget>({
  group: GROUP,
  version: 'v1',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});
const GadgetV2 = defineResource<Gadget>({
  group: GROUP,
  version: 'v2',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});

interface Replica {
  name: string;
  port: number;
  mgr: Manager;
  served: number;
  stop: AbortController;
  done: Promise<void>;
}

/** servedCertificate is the PEM certificate a TLS server presents on a new connection. */
function servedCertificate(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.destroy();
      resolve(new X509Certificate(raw).toString());
    });
    socket.once('error', reject);
  });
}

const pems = (b64: string | undefined): string[] =>
  Buffer.from(b64 ?? '', 'base64')
    .toString('utf8')
    .match(PEM) ?? [];
const sameCert = (a: string, b: string): boolean =>
  new X509Certificate(a).fingerprint256 === new X509Certificate(b).fingerprint256;

describe.skipIf(skip !== '')(
  `self-managed webhook certificates of two manager replicas on a real API server${skip}`,
  () => {
    let env: TestEnv | undefined;
    let client: Client;
    const dirs: string[] = [];
    const replicas: Replica[] = [];
    const ports: number[] = [];

    const secret = () => client.get(builtin.Secret, { namespace: NAMESPACE, name: SECRET }, { live: true });

    /** startReplica starts a Manager with self-managed certificates, a validating webhook and Gadget conversion. */
    const startReplica = async (name: string, port: number): Promise<Replica> => {
      const certDir = mkdtempSync(join(tmpdir(), `self-managed-${name}-`));
      dirs.push(certDir);
      const mgr = await createManager({
        kubeConfig: env!.kubeConfig,
        logger: silentLogger(),
        fieldManager: `replica-${name}`,
        leaderElection: {
          enabled: true,
          id: LEASE,
          namespace: NAMESPACE,
          identity: `replica-${name}`,
          leaseDurationMs: 4000,
          renewDeadlineMs: 3000,
          retryPeriodMs: 500,
        },
        webhook: {
          host: '127.0.0.1',
          port,
          certDir,
          certPollIntervalMs: 100,
          certificates: 'self-managed',
          selfManaged: {
            serviceName: 'webhook-service',
            namespace: NAMESPACE,
            // envtest has no Service routing: the API server calls the replicas at 127.0.0.1.
            hosts: ['127.0.0.1', 'localhost'],
            validatingWebhookConfigurations: [CONFIG],
            // Serving certificates of 40 s replaced at half-life; a CA of 90 s replaced at half-life.
            caValidityMs: 90_000,
            certValidityMs: 40_000,
            rotateBeforeFraction: 0.5,
            checkIntervalMs: 250,
          },
        },
      });
      const replica: Replica = { name, port, mgr, served: 0, stop: new AbortController(), done: Promise.resolve() };
      mgr.getWebhookServer().register('/validate-configmap', async (body) => {
        replica.served++;
        const request = (body as { request?: { uid?: string; object?: { data?: Record<string, string> } } }).request;
        const deny = request?.object?.data?.['deny'] === 'true';
        return {
          apiVersion: 'admission.k8s.io/v1',
          kind: 'AdmissionReview',
          response: {
            uid: request?.uid ?? '',
            allowed: !deny,
            ...(deny ? { status: { code: 403, message: `denied by replica ${name}` } } : {}),
          },
        };
      });
      newWebhookManagedBy(mgr)
        .for(GadgetV2)
        .withConversion({
          hub: 'v2',
          spokes: {
            v1: {
              toHub: (o) => ({ ...o, spec: { colour: String((o as Gadget).spec?.['color'] ?? '') } }),
              fromHub: (o) => ({ ...o, spec: { color: String(o.spec?.['colour'] ?? '') } }),
            },
          },
        })
        .complete();
      replica.done = mgr.start(replica.stop.signal);
      replica.done.catch(() => undefined);
      await mgr.getWebhookServer().ready();
      replicas.push(replica);
      return replica;
    };

    let counter = 0;
    /** admit sends one ConfigMap create (dry run) through both replicas' webhooks; it throws when admission fails. */
    const admit = (data: Record<string, string> = {}) =>
      client.create(
        builtin.ConfigMap,
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: `probe-${counter++}`, namespace: NAMESPACE, labels: { [LABEL]: 'true' } },
          data,
        },
        { dryRun: true },
      );

    beforeAll(async () => {
      ports.push(await freePort(), await freePort());
      const schema = { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
      env = await startTestEnv({
        crds: [
          {
            apiVersion: 'apiextensions.k8s.io/v1',
            kind: 'CustomResourceDefinition',
            metadata: { name: CRD },
            spec: {
              group: GROUP,
              names: { kind: 'Gadget', listKind: 'GadgetList', plural: 'gadgets', singular: 'gadget' },
              scope: 'Namespaced',
              versions: [
                { name: 'v1', served: true, storage: true, schema },
                { name: 'v2', served: true, storage: false, schema },
              ],
            },
          },
        ],
      });
      client = directClient(env);
      // As config/crd/patches and config/webhook write them before anything injected a caBundle.
      const crd = await client.get(builtin.CustomResourceDefinition, { name: CRD });
      crd.spec.conversion = {
        strategy: 'Webhook',
        webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `https://127.0.0.1:${ports[0]}/convert` } },
      };
      await client.update(builtin.CustomResourceDefinition, crd);
      await client.create(builtin.ValidatingWebhookConfiguration, {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: CONFIG },
        webhooks: ports.map((port, i) => ({
          name: `replica-${i}.self-managed-manager.operator-ts.dev`,
          admissionReviewVersions: ['v1'],
          sideEffects: 'None' as const,
          failurePolicy: 'Fail' as const,
          objectSelector: { matchLabels: { [LABEL]: 'true' } },
          rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE' as const], resources: ['configmaps'] }],
          clientConfig: { url: `https://127.0.0.1:${port}/validate-configmap` },
        })),
      });
    });

    afterAll(async () => {
      for (const r of replicas.reverse()) {
        r.stop.abort();
        await r.done.catch(() => undefined);
      }
      await env?.stop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('first start: Secret before serving, CA bundle injected, admission and conversion served', async () => {
      const a = await startReplica('a', ports[0]!);
      // The server listens only once certDir holds the Secret's certificate.
      const stored = await secret();
      expect(Object.keys(stored.data ?? {}).sort()).toEqual(['ca.crt', 'ca.key', 'tls.crt', 'tls.key']);
      expect(sameCert(await servedCertificate(a.port), pems(stored.data?.['tls.crt'])[0]!)).toBe(true);
      await a.mgr.elected();
      // The conversion CRD was not named: it is the one the manager registered conversion for.
      await waitFor('the CA bundle in the webhook configuration and the CRD', async () => {
        const bundle = (await secret()).data?.['ca.crt'];
        const config = await client.get(builtin.ValidatingWebhookConfiguration, { name: CONFIG }, { live: true });
        const crd = await client.get(builtin.CustomResourceDefinition, { name: CRD }, { live: true });
        const all = [
          ...(config.webhooks ?? []).map((w) => w.clientConfig.caBundle),
          crd.spec.conversion?.webhook?.clientConfig?.caBundle,
        ];
        return all.every((b) => b === bundle) ? true : undefined;
      });
      // The second webhook's replica is not running yet: a denial can only come from replica a.
      const config = await client.get(builtin.ValidatingWebhookConfiguration, { name: CONFIG }, { live: true });
      config.webhooks = config.webhooks?.map((w, i) => (i === 1 ? { ...w, failurePolicy: 'Ignore' as const } : w));
      await client.update(builtin.ValidatingWebhookConfiguration, config);
      const denial = await waitFor(
        'a denial from replica a',
        async () => {
          const err = await admit({ deny: 'true' }).then(
            () => undefined,
            (e: unknown) => String((e as Error).message),
          );
          return err?.includes('denied by replica a') === true ? err : undefined;
        },
        30_000,
      );
      expect(denial).toContain('denied by replica a');
      await client.create(GadgetV1, {
        apiVersion: GadgetV1.apiVersion,
        kind: 'Gadget',
        metadata: { name: 'g', namespace: NAMESPACE },
        spec: { color: 'teal' },
      });
      const v2 = await client.get(GadgetV2, { namespace: NAMESPACE, name: 'g' }, { live: true });
      expect(v2.spec).toEqual({ colour: 'teal' });
      const restored = await client.get(builtin.ValidatingWebhookConfiguration, { name: CONFIG }, { live: true });
      restored.webhooks = restored.webhooks?.map((w) => ({ ...w, failurePolicy: 'Fail' as const }));
      await client.update(builtin.ValidatingWebhookConfiguration, restored);
    });

    it('a second replica loads the Secret, does not lead, and serves the same certificate', async () => {
      const [a] = replicas;
      const b = await startReplica('b', ports[1]!);
      const lease = await client.get(builtin.Lease, { namespace: NAMESPACE, name: LEASE }, { live: true });
      expect(lease.spec?.holderIdentity).toBe(a!.mgr.identity);
      await waitFor(
        'both replicas serving the Secret certificate',
        async () => {
          const current = pems((await secret()).data?.['tls.crt'])[0]!;
          const served = await Promise.all([servedCertificate(a!.port), servedCertificate(b.port)]);
          return served.every((c) => sameCert(c, current)) ? true : undefined;
        },
        20_000,
        100,
      );
      const before = b.served;
      await waitFor(
        'an admission through both replicas',
        async () =>
          (await admit().then(
            () => true,
            () => false,
          ))
            ? true
            : undefined,
        30_000,
      );
      expect(b.served).toBeGreaterThan(before);
    });

    it('rotates serving certificate and CA under a stream of admissions, failing none', async () => {
      const [a, b] = replicas as [Replica, Replica];
      const firstCa = pems((await secret()).data?.['ca.crt'])[0]!;
      const attempts: { start: number; end: number; ok: boolean; what: string; error?: string }[] = [];
      let streaming = true;
      const worker = async (what: string, call: () => Promise<unknown>): Promise<void> => {
        while (streaming) {
          const start = Date.now();
          try {
            await call();
            attempts.push({ start, end: Date.now(), ok: true, what });
          } catch (err) {
            attempts.push({ start, end: Date.now(), ok: false, what, error: (err as Error).message });
          }
        }
      };
      const stream = Promise.all([
        worker('admission', () => admit()),
        worker('admission', () => admit()),
        worker('conversion', () => client.get(GadgetV2, { namespace: NAMESPACE, name: 'g' }, { live: true })),
      ]);
      // Watch what each replica serves: every change is a swap [last seen old, first seen new].
      const swaps: { port: number; from: number; to: number; ca: string }[] = [];
      const lastSeen = new Map<number, { cert: string; at: number }>();
      const issuerOf = (cert: string, cas: string[]): string =>
        cas.find((ca) => new X509Certificate(cert).checkIssued(new X509Certificate(ca))) ?? '';
      const deadline = Date.now() + 150_000;
      let caRotatedOnBoth = false;
      while (!caRotatedOnBoth && Date.now() < deadline) {
        const bundle = pems((await secret()).data?.['ca.crt']);
        for (const r of [a, b]) {
          const cert = await servedCertificate(r.port);
          const now = Date.now();
          const seen = lastSeen.get(r.port);
          if (seen !== undefined && !sameCert(seen.cert, cert))
            swaps.push({ port: r.port, from: seen.at, to: now, ca: issuerOf(cert, bundle) });
          lastSeen.set(r.port, { cert, at: now });
        }
        caRotatedOnBoth = [a, b].every((r) => swaps.some((s) => s.port === r.port && s.ca !== '' && s.ca !== firstCa));
        await new Promise((r) => setTimeout(r, 100));
      }
      // Keep streaming a little after the last swap, then stop.
      await new Promise((r) => setTimeout(r, 1000));
      streaming = false;
      await stream;
      expect(caRotatedOnBoth).toBe(true);
      for (const r of [a, b]) {
        // A serving certificate replaced under the first CA, and one of a new CA.
        expect(swaps.some((s) => s.port === r.port && s.ca === firstCa)).toBe(true);
        expect(swaps.some((s) => s.port === r.port && s.ca !== firstCa && s.ca !== '')).toBe(true);
      }
      const failed = attempts.filter((x) => !x.ok);
      expect(failed).toEqual([]);
      expect(attempts.filter((x) => x.what === 'admission').length).toBeGreaterThan(20);
      expect(attempts.filter((x) => x.what === 'conversion').length).toBeGreaterThan(10);
      // Requests overlap every swap either replica made.
      for (const s of swaps)
        expect(attempts.some((x) => x.what === 'admission' && x.start <= s.to && x.end >= s.from)).toBe(true);
      // Only the leader (a) wrote the Secret; the follower only loaded it.
      const managers = new Set(((await secret()).metadata?.managedFields ?? []).map((f) => f.manager));
      expect([...managers]).toEqual(['replica-a']);
      // Both replicas end on the Secret's current certificate, and the CA bundle everywhere is the Secret's.
      await waitFor(
        'both replicas serving the current certificate',
        async () => {
          const current = pems((await secret()).data?.['tls.crt'])[0]!;
          const served = await Promise.all([servedCertificate(a.port), servedCertificate(b.port)]);
          return served.every((c) => sameCert(c, current)) ? true : undefined;
        },
        20_000,
        100,
      );
      const bundle = (await secret()).data?.['ca.crt'];
      const crd = await client.get(builtin.CustomResourceDefinition, { name: CRD }, { live: true });
      expect(crd.spec.conversion?.webhook?.clientConfig?.caBundle).toBe(bundle);
    });

    it('the follower takes over when the leader stops, and rotates from then on', async () => {
      const [a, b] = replicas as [Replica, Replica];
      // Replica a's webhook goes away with it.
      const config = await client.get(builtin.ValidatingWebhookConfiguration, { name: CONFIG }, { live: true });
      config.webhooks = config.webhooks?.map((w, i) => (i === 0 ? { ...w, failurePolicy: 'Ignore' as const } : w));
      await client.update(builtin.ValidatingWebhookConfiguration, config);
      const before = (await secret()).data?.['tls.crt'];
      a.stop.abort();
      await a.done;
      await b.mgr.elected();
      const lease = await client.get(builtin.Lease, { namespace: NAMESPACE, name: LEASE }, { live: true });
      expect(lease.spec?.holderIdentity).toBe(b.mgr.identity);
      await waitFor(
        'a serving certificate written by replica b',
        async () => {
          const s = await secret();
          const writers = (s.metadata?.managedFields ?? []).map((f) => f.manager);
          return writers.includes('replica-b') && s.data?.['tls.crt'] !== before ? true : undefined;
        },
        60_000,
      );
      await waitFor(
        'replica b serving the current certificate',
        async () => {
          const current = pems((await secret()).data?.['tls.crt'])[0]!;
          return sameCert(await servedCertificate(b.port), current) ? true : undefined;
        },
        20_000,
        100,
      );
      const served = b.served;
      await admit();
      expect(b.served).toBeGreaterThan(served);
    });
  },
);
