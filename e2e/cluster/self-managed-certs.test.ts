// A scaffolded project run without cert-manager: the built CLI scaffolds a Memcached operator with a
// defaulting and a validating webhook, `kubectl kustomize config/self-managed-certs` renders the overlay
// (no cert-manager objects, the manager in --webhook-cert-mode=self-managed on an emptyDir, RBAC for the
// Secret and for the CA bundle injection), its RBAC is applied to envtest, and the operator runs with
// `npm start` as the overlay's ServiceAccount, so those roles are all it may use. It creates the
// certificate Secret, injects the CA bundle into the webhook configurations, and the API server's
// admission calls reach it over TLS it verifies with that bundle. The API server is started with the
// project's sample AdmissionConfiguration (config/webhook-mtls) and presents a client certificate, which
// the manager requires through --webhook-client-ca and --webhook-allowed-client-names: a client without
// one is refused.
import { execa, type ResultPromise } from 'execa';
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ApiError, builtin, defineResource, type Client, type KubernetesObject } from '../../dist/src/runtime/index.js';
import { directClient, startTestEnv, TinyCA, type TestEnv } from '../../dist/src/testing/index.js';
import { findKubectl } from '../helpers/bundle.js';
import { runCliOk } from '../helpers/cli.js';
import { packOperatorTs } from '../helpers/pack.js';
import { freePort } from '../helpers/ports.js';
import { waitFor } from '../helpers/wait.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

interface Memcached extends KubernetesObject {
  spec: { size?: number; containerPort?: number };
}
const Memcached = defineResource<Memcached>({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const kubectlFound = findKubectl();
const skip = 'missing' in kubectlFound ? ` (SKIPPED: ${kubectlFound.missing})` : '';
const PROJECT = 'memcached-operator';
const SYSTEM = `${PROJECT}-system`;
const RBAC_KINDS = new Set(['Namespace', 'ServiceAccount', 'Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']);

interface Doc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  [key: string]: unknown;
}
interface WebhookDoc extends Doc {
  webhooks: { clientConfig: { service?: { path?: string }; url?: string; caBundle?: string } }[];
}

describe.skipIf(skip !== '')(`a scaffolded project with self-managed webhook certificates${skip}`, () => {
  const kubectl = 'kubectl' in kubectlFound ? kubectlFound.kubectl : '';
  let work = '';
  let project = '';
  let env: TestEnv | undefined;
  let client: Client;
  let rendered: Doc[] = [];
  let operator: ResultPromise | undefined;
  let output = '';
  let exited = false;

  beforeAll(async () => {
    work = await makeWorkdir('self-managed-certs');
    const tarball = await packOperatorTs(join(work, 'pack'));
    project = join(work, PROJECT);
    await mkdir(project);
    await runCliOk(
      ['init', '--domain', 'example.com', '--project-name', PROJECT, '--operator-ts-version', tarball],
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
    await copyFile(join(fixtures, 'memcached.types.ts'), join(project, 'src/api/v1alpha1/memcached.types.ts'));
    await copyFile(join(fixtures, 'memcached.controller.ts'), join(project, 'src/controllers/memcached.controller.ts'));
    await copyFile(join(fixtures, 'memcached.webhook.ts'), join(project, 'src/webhooks/v1alpha1/memcached.webhook.ts'));
    const npm = (...args: string[]) => execa('npm', args, { cwd: project, stdin: 'ignore', all: true });
    await npm('run', 'manifests');
    await npm('run', 'generate');
    await npm('run', 'build');
    const overlay = await execa(kubectl, ['kustomize', 'config/self-managed-certs'], { cwd: project, stdin: 'ignore' });
    rendered = parseAllDocuments(String(overlay.stdout)).map((d) => d.toJS() as Doc);
    // The API server side of mutual TLS, from the project's samples: its client certificate, of a CA the
    // manager trusts.
    const clientCa = await TinyCA.create('webhook-client-ca');
    const apiServerCert = await clientCa.issueClientCert({ name: 'kube-apiserver' });
    await writeFile(join(work, 'client-ca.crt'), clientCa.pair.certPem);
    const sample = (f: string) =>
      readFile(join(project, 'config/webhook-mtls', f), 'utf8').then((t) => parse(t) as Record<string, unknown>);
    const kubeconfig = (await sample('webhook-kubeconfig.yaml')) as {
      users: { name: string; user: Record<string, string> }[];
    };
    const b64 = (s: string): string => Buffer.from(s).toString('base64');
    // envtest calls webhooks by URL (127.0.0.1), not through the Service the sample names: '*' matches every webhook.
    kubeconfig.users = [
      {
        name: '*',
        user: { 'client-certificate-data': b64(apiServerCert.certPem), 'client-key-data': b64(apiServerCert.keyPem) },
      },
    ];
    await writeFile(join(work, 'webhook-kubeconfig.json'), JSON.stringify(kubeconfig));
    const admission = JSON.stringify(await sample('admission-configuration.yaml')).replaceAll(
      '/etc/kubernetes/webhook-kubeconfig.yaml',
      join(work, 'webhook-kubeconfig.json'),
    );
    await writeFile(join(work, 'admission.json'), admission);
    env = await startTestEnv({
      crdDirectoryPaths: [join(project, 'config/crd/bases')],
      errorIfCRDPathMissing: true,
      apiServerFlags: { 'admission-control-config-file': join(work, 'admission.json') },
    });
    client = directClient(env);
  });

  afterAll(async () => {
    const pid = operator?.pid;
    if (pid !== undefined) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await operator;
    }
    await env?.stop();
    await removeWorkdir(work);
  });

  it('renders an overlay without cert-manager whose manager issues its own certificate', () => {
    expect(rendered.filter((d) => d.apiVersion.startsWith('cert-manager.io/'))).toEqual([]);
    expect(rendered.filter((d) => d.metadata.annotations?.['cert-manager.io/inject-ca-from'] !== undefined)).toEqual(
      [],
    );
    const deployment = rendered.find((d) => d.kind === 'Deployment') as unknown as {
      spec: {
        template: {
          spec: {
            containers: { args: string[]; volumeMounts: { mountPath: string; readOnly?: boolean }[] }[];
            volumes: object[];
          };
        };
      };
    };
    const pod = deployment.spec.template.spec;
    expect(pod.containers[0]?.args).toContain('--webhook-cert-mode=self-managed');
    expect(pod.containers[0]?.volumeMounts).toContainEqual({
      mountPath: '/tmp/k8s-webhook-server/serving-certs',
      name: 'webhook-certs',
    });
    expect(pod.volumes).toContainEqual({ name: 'webhook-certs', emptyDir: {} });
  });

  it('runs as the overlay ServiceAccount: Secret, CA bundle, admission for the API server only', async () => {
    const cluster = env!;
    // The overlay's RBAC, as `kubectl apply -k` would create it.
    const rbac = rendered.filter((d) => RBAC_KINDS.has(d.kind));
    const applied = await execa(kubectl, ['apply', '-f', '-'], {
      env: { KUBECONFIG: cluster.kubeconfigPath },
      input: rbac.map((d) => JSON.stringify(d)).join('\n'),
      reject: false,
    });
    expect(applied.exitCode, String(applied.stderr)).toBe(0);
    // The webhook configurations as rendered, pointed at the local manager (envtest routes no Services).
    const port = await freePort();
    for (const config of rendered.filter((d) => d.kind.endsWith('WebhookConfiguration')) as WebhookDoc[]) {
      for (const w of config.webhooks) {
        expect(w.clientConfig.caBundle).toBeUndefined();
        w.clientConfig = { url: `https://127.0.0.1:${port}${w.clientConfig.service?.path ?? ''}` };
      }
      const resource =
        config.kind === 'MutatingWebhookConfiguration'
          ? builtin.MutatingWebhookConfiguration
          : builtin.ValidatingWebhookConfiguration;
      await client.create(resource, config as never);
    }
    const serviceAccount = `system:serviceaccount:${SYSTEM}:${PROJECT}-controller-manager`;
    const user = await cluster.addUser({
      name: serviceAccount,
      groups: ['system:serviceaccounts', `system:serviceaccounts:${SYSTEM}`],
    });
    const operatorKubeconfig = join(work, 'operator-kubeconfig');
    await writeFile(operatorKubeconfig, user.kubeConfig.exportConfig(), { mode: 0o600 });
    const certDir = await mkdtemp(join(work, 'certs-'));
    const probePort = await freePort();
    operator = execa(
      'npm',
      [
        'start',
        '--',
        '--webhook-cert-mode=self-managed',
        '--webhook-cert-hosts=127.0.0.1',
        `--webhook-client-ca=${join(work, 'client-ca.crt')}`,
        '--webhook-allowed-client-names=kube-apiserver',
        `--webhook-port=${port}`,
        `--webhook-cert-path=${certDir}`,
        '--leader-elect',
        `--health-probe-bind-address=127.0.0.1:${probePort}`,
        '--metrics-bind-address=0',
      ],
      {
        cwd: project,
        env: { KUBECONFIG: operatorKubeconfig, POD_NAMESPACE: SYSTEM },
        stdin: 'ignore',
        all: true,
        reject: false,
        detached: true,
      },
    );
    void operator.then(() => {
      exited = true;
    });
    operator.all?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(
      'the operator to report ready on /readyz',
      async () => {
        if (exited) throw new Error(`operator exited:\n${output}`);
        const res = await fetch(`http://127.0.0.1:${probePort}/readyz`).catch(() => undefined);
        return res?.ok === true ? true : undefined;
      },
      120_000,
    );
    const secret = await client.get(builtin.Secret, { namespace: SYSTEM, name: `${PROJECT}-webhook-server-cert` });
    expect(Object.keys(secret.data ?? {}).sort()).toEqual(['ca.crt', 'ca.key', 'tls.crt', 'tls.key']);
    await waitFor('the CA bundle in both webhook configurations', async () => {
      const mutating = await client.get(builtin.MutatingWebhookConfiguration, {
        name: `${PROJECT}-mutating-webhook-configuration`,
      });
      const validating = await client.get(builtin.ValidatingWebhookConfiguration, {
        name: `${PROJECT}-validating-webhook-configuration`,
      });
      const bundles = [...(mutating.webhooks ?? []), ...(validating.webhooks ?? [])].map(
        (w) => w.clientConfig.caBundle,
      );
      return bundles.length === 2 && bundles.every((b) => b === secret.data?.['ca.crt']) ? true : undefined;
    });
    const create = (name: string, size: number) =>
      client.create(Memcached, {
        apiVersion: Memcached.apiVersion,
        kind: 'Memcached',
        metadata: { name, namespace: 'default' },
        spec: { size },
      });
    const denied = await waitFor(
      'a denial from the validating webhook',
      async () => {
        const err = await create(`four-${Date.now()}`, 4).then(
          () => undefined,
          (e: unknown) => e,
        );
        return err instanceof ApiError && err.message.includes('spec.size 4 is not supported') ? err : undefined;
      },
      30_000,
    );
    expect(denied.message).toContain('spec.size 4 is not supported');
    const created = await create('two', 2);
    expect(created.spec.containerPort).toBe(11211);
    // Anyone else is refused during the TLS handshake.
    const anonymous = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/validate-cache-example-com-v1alpha1-memcached',
          method: 'POST',
          agent: false,
          rejectUnauthorized: false,
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end('{}');
    });
    await expect(anonymous).rejects.toThrow(/certificate required|alert|ECONNRESET|socket hang up/i);
  }, 300_000);
});
