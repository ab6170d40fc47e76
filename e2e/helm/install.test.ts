// `helm install` of the generated chart into a real control plane (etcd + kube-apiserver from the envtest
// binaries). There is no kubelet, scheduler or controller-manager in envtest, so the pods never start and
// cert-manager is not there: the webhooks use a provided certificate (a real CA's bundle). What this covers:
// the API server accepts every object of the chart as Helm sends it (CRD structural schemas, RBAC roles and
// bindings, webhook configurations with their CA bundle, the Deployment), Helm's release bookkeeping, an
// upgrade that turns the webhooks off (Helm deletes their objects), an uninstall that keeps the CRDs
// (helm.sh/resource-policy: keep), and a project without webhooks. Each object read back from the API
// server holds every field of the kustomize output (the server adds defaults; empty lists it does not
// store), except Helm's labels and cert-manager's CA annotation.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, TinyCA, type TestEnv } from '../../dist/src/testing/index.js';
import { findKubectl } from '../helpers/bundle.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';
import { chartProject, helmRun, missingFields, parseObjects, withoutHelmMetadata, type Obj } from './chart-helpers.js';
import { ensureHelm } from './helm-binary.mjs';

const kubectlFound = findKubectl();
const kubectl = 'kubectl' in kubectlFound ? kubectlFound.kubectl : undefined;
const skip = 'missing' in kubectlFound ? ` (SKIPPED: ${kubectlFound.missing})` : '';
const CERT_MANAGER_KINDS = new Set(['Certificate', 'Issuer']);

/** wantFromKustomize is what the chart must create: the kustomize output without the namespace, cert-manager's parts and Helm's metadata. */
function wantFromKustomize(installYaml: string): Obj[] {
  return parseObjects(installYaml)
    .filter((o) => o['kind'] !== 'Namespace' && !CERT_MANAGER_KINDS.has(String(o['kind'])))
    .map((o) => {
      const out = withoutHelmMetadata(o);
      const annotations = (out['metadata'] as Obj)['annotations'] as Obj | undefined;
      if (annotations !== undefined) {
        delete annotations['cert-manager.io/inject-ca-from'];
        if (Object.keys(annotations).length === 0) delete (out['metadata'] as Obj)['annotations'];
      }
      return out;
    });
}

describe.skipIf(kubectl === undefined)(`helm install of the generated chart into envtest${skip}`, () => {
  let env: TestEnv | undefined;
  let helm = '';
  let work = '';
  let caBundle = '';

  beforeAll(async () => {
    const found = ensureHelm();
    if ('missing' in found) throw new Error(`the Helm CLI is needed for the chart tests: ${found.missing}`);
    helm = found.path;
    work = await makeWorkdir('helm-install');
    env = await startTestEnv();
    caBundle = Buffer.from((await TinyCA.create('webhook-ca')).certPem).toString('base64');
  });

  afterAll(async () => {
    await env?.stop();
    if (work !== '') await removeWorkdir(work);
  });

  const kube = (): Record<string, string> => ({ KUBECONFIG: env?.kubeconfigPath ?? '' });

  /** live reads back the given objects from the API server (kubectl get -f), in the same order. */
  async function live(dir: string, objects: readonly Obj[]): Promise<Obj[]> {
    const file = join(dir, 'want.json');
    await writeFile(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
    const r = await execa(kubectl ?? '', ['get', '-f', file, '-o', 'json'], {
      env: kube(),
      reject: false,
      stdin: 'ignore',
    });
    expect(r.exitCode, String(r.stderr)).toBe(0);
    const out = JSON.parse(String(r.stdout)) as Obj;
    return out['kind'] === 'List' ? (out['items'] as Obj[]) : [out];
  }

  async function install(project: string, release: string, ...set: string[]): Promise<{ dir: string; want: Obj[] }> {
    const dir = join(work, project);
    const { installYaml } = await chartProject(project, dir, kubectl ?? '');
    const args = [
      'install',
      release,
      'dist/chart',
      '--namespace',
      `${release}-system`,
      '--create-namespace',
      '--set',
      'manager.image.tag=latest',
      ...set.flatMap((s) => ['--set', s]),
    ];
    const r = await helmRun(helm, args, dir, kube());
    expect(r.exitCode, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toContain(`is installed as release ${release} in namespace ${release}-system`);
    return { dir, want: wantFromKustomize(installYaml) };
  }

  it('installs with webhooks on a provided certificate: every object holds the kustomize output', async () => {
    const release = 'memcached-operator';
    const { dir, want } = await install(
      'single-group',
      release,
      'webhook.certManager.enable=false',
      `webhook.certificate.caBundle=${caBundle}`,
    );
    const got = await live(dir, want);
    expect(got.length).toBe(want.length);
    want.forEach((w, i) =>
      expect(missingFields(w, got[i]), `${String(w['kind'])} ${String((w['metadata'] as Obj)['name'])}`).toEqual([]),
    );
    const webhookConfigs = got.filter((o) => String(o['kind']).endsWith('WebhookConfiguration'));
    expect(webhookConfigs.length).toBe(2);
    for (const c of webhookConfigs)
      for (const w of c['webhooks'] as Obj[]) expect((w['clientConfig'] as Obj)['caBundle']).toBe(caBundle);
    const deployment = got.find((o) => o['kind'] === 'Deployment')!;
    expect(((deployment['metadata'] as Obj)['labels'] as Obj)['app.kubernetes.io/managed-by']).toBe('Helm');

    // Upgraded without webhooks: Helm deletes the webhook objects, the manager loses its webhook flags.
    const up = await helmRun(
      helm,
      [
        'upgrade',
        release,
        'dist/chart',
        '--namespace',
        `${release}-system`,
        '--reuse-values',
        '--set',
        'webhook.enable=false',
      ],
      dir,
      kube(),
    );
    expect(up.exitCode, up.stderr).toBe(0);
    const after = await execa(
      kubectl ?? '',
      ['get', 'mutatingwebhookconfigurations,validatingwebhookconfigurations,services', '-A', '-o', 'name'],
      { env: kube(), stdin: 'ignore' },
    );
    expect(String(after.stdout)).not.toContain(`${release}-mutating-webhook-configuration`);
    expect(String(after.stdout)).not.toContain(`${release}-webhook-service`);
    const [manager] = await live(dir, [deployment]);
    const args = (((manager!['spec'] as Obj)['template'] as Obj)['spec'] as Obj)['containers'] as Obj[];
    expect(args[0]!['args']).toEqual([
      '--metrics-bind-address=:8443',
      '--leader-elect',
      '--health-probe-bind-address=:8081',
    ]);

    // Uninstalled: the CRD stays (helm.sh/resource-policy: keep), the manager goes.
    const un = await helmRun(helm, ['uninstall', release, '--namespace', `${release}-system`], dir, kube());
    expect(un.exitCode, un.stderr).toBe(0);
    const crd = await execa(kubectl ?? '', ['get', 'crd', 'memcacheds.cache.example.com', '-o', 'name'], {
      env: kube(),
      reject: false,
      stdin: 'ignore',
    });
    expect(crd.exitCode, String(crd.stderr)).toBe(0);
    const gone = await execa(kubectl ?? '', ['get', 'deployment', '-n', `${release}-system`, '-o', 'name'], {
      env: kube(),
      stdin: 'ignore',
    });
    expect(String(gone.stdout)).toBe('');
  });

  it('installs a project without webhooks: every object holds the kustomize output, and no webhook object is there', async () => {
    const release = 'webapp-operator';
    const { dir, want } = await install('helm-hybrid', release);
    expect(want.some((o) => String(o['kind']).endsWith('WebhookConfiguration'))).toBe(false);
    const got = await live(dir, want);
    expect(got.length).toBe(want.length);
    want.forEach((w, i) =>
      expect(missingFields(w, got[i]), `${String(w['kind'])} ${String((w['metadata'] as Obj)['name'])}`).toEqual([]),
    );
    // Nothing more than kustomize renders: the release's objects are exactly the kustomize objects.
    const manifest = await helmRun(helm, ['get', 'manifest', release, '--namespace', `${release}-system`], dir, kube());
    expect(manifest.exitCode, manifest.stderr).toBe(0);
    const installed = parseObjects(manifest.stdout)
      .map((o) => `${String(o['kind'])}/${String((o['metadata'] as Obj)['name'])}`)
      .sort();
    expect(installed).toEqual(want.map((o) => `${String(o['kind'])}/${String((o['metadata'] as Obj)['name'])}`).sort());
    const webhooks = await execa(
      kubectl ?? '',
      ['get', 'mutatingwebhookconfigurations,validatingwebhookconfigurations', '-o', 'name'],
      { env: kube(), stdin: 'ignore' },
    );
    expect(String(webhooks.stdout)).not.toContain(release);
    const deployment = got.find((o) => o['kind'] === 'Deployment')!;
    const spec = ((deployment['spec'] as Obj)['template'] as Obj)['spec'] as Obj;
    expect((spec['containers'] as Obj[])[0]!['args']).toEqual([
      '--metrics-bind-address=:8443',
      '--leader-elect',
      '--health-probe-bind-address=:8081',
    ]);
    expect(spec['volumes']).toBeUndefined();
  });

  it('installs a conversion webhook CRD and a namespaced manager as kustomize renders them, and upgrades their replicas', async () => {
    for (const [project, release] of [
      ['conversion', 'cronjob-operator'],
      ['namespaced', 'tenant-operator'],
    ] as const) {
      const { dir, want } = await install(
        project,
        release,
        'webhook.certManager.enable=false',
        `webhook.certificate.caBundle=${caBundle}`,
      );
      const got = await live(dir, want);
      want.forEach((w, i) =>
        expect(
          missingFields(w, got[i]),
          `${project}: ${String(w['kind'])} ${String((w['metadata'] as Obj)['name'])}`,
        ).toEqual([]),
      );
      const up = await helmRun(
        helm,
        [
          'upgrade',
          release,
          'dist/chart',
          '--namespace',
          `${release}-system`,
          '--reuse-values',
          '--set',
          'manager.replicas=2',
        ],
        dir,
        kube(),
      );
      expect(up.exitCode, up.stderr).toBe(0);
      const [deployment] = await live(
        dir,
        want.filter((o) => o['kind'] === 'Deployment'),
      );
      expect((deployment!['spec'] as Obj)['replicas']).toBe(2);
    }
  });

  it('server-side dry run of the cert-manager flavour fails only for want of the cert-manager CRDs', async () => {
    const dir = join(work, 'multigroup');
    await chartProject('multigroup', dir, kubectl ?? '');
    const r = await helmRun(
      helm,
      [
        'install',
        'fleet-operator',
        'dist/chart',
        '--namespace',
        'fleet-operator-system',
        '--create-namespace',
        '--dry-run=server',
      ],
      dir,
      kube(),
    );
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toMatch(/no matches for kind "(Certificate|Issuer)" in version "cert-manager\.io\/v1"/);
    const plain = await helmRun(
      helm,
      [
        'install',
        'fleet-operator',
        'dist/chart',
        '--namespace',
        'fleet-operator-system',
        '--create-namespace',
        '--dry-run=server',
        '--set',
        'webhook.certManager.enable=false',
      ],
      dir,
      kube(),
    );
    expect(plain.exitCode, plain.stderr).toBe(0);
  });
});
