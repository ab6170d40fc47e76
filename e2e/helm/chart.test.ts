// The operator as a Helm chart, for every committed golden project: render config/default with kubectl's
// kustomize (as `make build-installer`), run the built `operator-ts edit --plugins helm/v1`, and compare
// dist/chart with e2e/golden-helm/<project>/. Then the real Helm CLI (built from the Go module proxy, see
// helm-binary.mjs) lints the chart and renders it: with the default values the objects equal the kustomize
// output except for Helm's own labels and annotations, and each values set below changes exactly what it
// says. Without kubectl or Go every case is skipped with the reason.
//
// To accept a change of the chart, regenerate and review the diff:
//   npm run build && UPDATE_GOLDEN=1 npm exec -- vitest run --config e2e/vitest.config.ts e2e/helm/chart.test.ts
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKubectl } from '../helpers/bundle.js';
import { runCli, runCliOk } from '../helpers/cli.js';
import { changeLines, diffTrees, formatTreeDiff, isEmptyDiff, writeTree } from '../helpers/golden.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from '../helpers/workdir.js';
import { chartProject, differences, helmRun, parseObjects, type Obj } from './chart-helpers.js';
import { ensureHelm } from './helm-binary.mjs';

const goldenHelm = fileURLToPath(new URL('../golden-helm/', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';
const REGENERATE =
  'To accept the change: npm run build && UPDATE_GOLDEN=1 npm exec -- vitest run --config e2e/vitest.config.ts e2e/helm/chart.test.ts (then review the diff).';

const kubectlFound = findKubectl();
const kubectl = 'kubectl' in kubectlFound ? kubectlFound.kubectl : undefined;
const skip = 'missing' in kubectlFound ? ` (SKIPPED: ${kubectlFound.missing})` : '';

/** Each golden project with its release name and namespace (those kustomize's names are made from). */
const PROJECTS = [
  { name: 'single-group', release: 'memcached-operator' },
  { name: 'multigroup', release: 'fleet-operator' },
  { name: 'namespaced', release: 'tenant-operator' },
  { name: 'conversion', release: 'cronjob-operator' },
  // No webhooks: the chart leaves out the webhook server, its Service, certificates and configurations.
  { name: 'helm-hybrid', release: 'webapp-operator' },
] as const;

let helm = '';
let work = '';

beforeAll(async () => {
  work = await makeWorkdir('helm-chart');
  if (kubectl === undefined) return;
  // The first run on a machine builds Helm from the Go module proxy (minutes); later runs reuse it.
  const found = ensureHelm();
  if ('missing' in found) throw new Error(`the Helm CLI is needed for the chart tests: ${found.missing}`);
  helm = found.path;
});

afterAll(async () => {
  if (work !== '') await removeWorkdir(work);
});

const kinds = (objects: readonly Obj[]): string[] => [...new Set(objects.map((o) => String(o['kind'])))].sort();
const named = (objects: readonly Obj[], kind: string): Obj[] => objects.filter((o) => o['kind'] === kind);
const meta = (o: Obj): Obj => (o['metadata'] ?? {}) as Obj;
const managerOf = (objects: readonly Obj[]): Obj => named(objects, 'Deployment')[0]!;
const podSpec = (d: Obj): Obj => ((d['spec'] as Obj)['template'] as Obj)['spec'] as Obj;
const container = (d: Obj): Obj => (podSpec(d)['containers'] as Obj[])[0]!;

describe.each(PROJECTS)('the Helm chart of golden project $name', (project) => {
  const dir = (): string => join(work, project.name);
  const namespace = `${project.release}-system`;
  let installYaml = '';
  const template = async (...set: string[]): Promise<Obj[]> => {
    const r = await helmRun(
      helm,
      [
        'template',
        project.release,
        'dist/chart',
        '--namespace',
        namespace,
        '--set',
        'manager.image.tag=latest',
        ...set.flatMap((s) => ['--set', s]),
      ],
      dir(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    return parseObjects(r.stdout);
  };

  beforeAll(async () => {
    if (kubectl === undefined) return;
    installYaml = (await chartProject(project.name, dir(), kubectl)).installYaml;
  });

  it.skipIf(kubectl === undefined)(
    `matches e2e/golden-helm/${project.name} and re-runs without a change${skip}`,
    async () => {
      const chart = await snapshotTree(join(dir(), 'dist/chart'));
      const golden = join(goldenHelm, project.name);
      if (update) await writeTree(golden, chart);
      else {
        const want = await snapshotTree(golden);
        const diff = diffTrees(want, chart);
        expect(
          isEmptyDiff(diff),
          formatTreeDiff(`e2e/golden-helm/${project.name}`, want, chart, diff, REGENERATE),
        ).toBe(true);
      }
      const again = await runCliOk(['edit', '--plugins', 'helm/v1'], dir());
      expect(changeLines(again.stdout)).toEqual([]);
      expect(await snapshotTree(join(dir(), 'dist/chart'))).toEqual(chart);
      expect(await readFile(join(dir(), 'Makefile'), 'utf8')).toMatch(/^helm-chart: build-installer/m);
      const scripts = JSON.parse(await readFile(join(dir(), 'package.json'), 'utf8')).scripts as Record<string, string>;
      expect(scripts['chart']).toContain('operator-ts edit --plugins helm/v1');
      expect(scripts['chart:version']).toBe('operator-ts chart version');
      expect(await readFile(join(dir(), '.github/workflows/chart.yml'), 'utf8')).toContain('--from "origin/$BASE_REF"');
      expect(await readFile(join(dir(), '.gitignore'), 'utf8')).toMatch(
        /^dist\/\*\n!dist\/install\.yaml\n!dist\/chart\/$/m,
      );
    },
  );

  it.skipIf(kubectl === undefined)(
    `passes helm lint --strict, and renders the kustomize output with the default values${skip}`,
    async () => {
      const lint = await helmRun(helm, ['lint', '--strict', 'dist/chart'], dir());
      expect(lint.exitCode, `${lint.stdout}\n${lint.stderr}`).toBe(0);
      const kustomized = parseObjects(installYaml).filter((o) => o['kind'] !== 'Namespace');
      const rendered = await template();
      expect(differences(kustomized, rendered)).toEqual([]);
      const webhooks = kustomized.some((o) => String(o['kind']).endsWith('WebhookConfiguration'));
      expect(webhooks).toBe(project.name !== 'helm-hybrid');
      if (!webhooks) {
        for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration', 'Certificate', 'Issuer'])
          expect(kinds(rendered)).not.toContain(kind);
        expect(podSpec(managerOf(rendered))['volumes'] ?? null).toBeNull();
      }
    },
  );
});

describe('values of the chart', () => {
  const dir = (): string => join(work, 'single-group');
  const conversionDir = (): string => join(work, 'conversion');
  const render = async (cwd: string, release: string, ...set: string[]): Promise<Obj[]> => {
    const r = await helmRun(
      helm,
      ['template', release, 'dist/chart', '--namespace', 'ops', ...set.flatMap((s) => ['--set', s])],
      cwd,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    return parseObjects(r.stdout);
  };

  it.skipIf(kubectl === undefined)(
    `self-provided webhook certificates: no cert-manager objects, the CA bundle in every client config${skip}`,
    async () => {
      const objects = await render(
        conversionDir(),
        'cronjob-operator',
        'webhook.certManager.enable=false',
        'webhook.certificate.secretName=my-tls',
        'webhook.certificate.caBundle=Q0E=',
      );
      expect(kinds(objects)).not.toContain('Certificate');
      expect(kinds(objects)).not.toContain('Issuer');
      const configs = [
        ...named(objects, 'MutatingWebhookConfiguration'),
        ...named(objects, 'ValidatingWebhookConfiguration'),
      ];
      expect(configs.length).toBe(2);
      for (const c of configs) {
        expect(meta(c)['annotations']).toBeUndefined();
        for (const w of c['webhooks'] as Obj[]) expect((w['clientConfig'] as Obj)['caBundle']).toBe('Q0E=');
      }
      const crd = named(objects, 'CustomResourceDefinition')[0]!;
      expect(JSON.stringify((crd['spec'] as Obj)['conversion'])).toContain('"caBundle":"Q0E="');
      expect((meta(crd)['annotations'] as Obj)['cert-manager.io/inject-ca-from']).toBeUndefined();
      const volumes = podSpec(managerOf(objects))['volumes'] as Obj[];
      expect(volumes).toEqual([{ name: 'webhook-certs', secret: { secretName: 'my-tls' } }]);
    },
  );

  it.skipIf(kubectl === undefined)(
    `cert-manager certificates: Issuer, Certificate for the release's Service, CA injection${skip}`,
    async () => {
      const objects = await render(dir(), 'acme');
      const cert = named(objects, 'Certificate')[0]!;
      expect((cert['spec'] as Obj)['dnsNames']).toEqual([
        'acme-memcached-operator-webhook-service.ops.svc',
        'acme-memcached-operator-webhook-service.ops.svc.cluster.local',
      ]);
      expect(((cert['spec'] as Obj)['issuerRef'] as Obj)['name']).toBe(meta(named(objects, 'Issuer')[0]!)['name']);
      for (const c of named(objects, 'ValidatingWebhookConfiguration'))
        expect((meta(c)['annotations'] as Obj)['cert-manager.io/inject-ca-from']).toBe(
          `ops/${String(meta(cert)['name'])}`,
        );
    },
  );

  it.skipIf(kubectl === undefined)(
    `webhook.enable=false leaves out the webhook server and its objects${skip}`,
    async () => {
      const objects = await render(dir(), 'memcached-operator', 'webhook.enable=false');
      for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration', 'Certificate', 'Issuer'])
        expect(kinds(objects)).not.toContain(kind);
      expect(named(objects, 'Service').map((s) => meta(s)['name'])).toEqual([
        'memcached-operator-controller-manager-metrics-service',
      ]);
      const c = container(managerOf(objects));
      expect(c['args']).toEqual([
        '--metrics-bind-address=:8443',
        '--leader-elect',
        '--health-probe-bind-address=:8081',
      ]);
      expect(c['ports'] ?? null).toBeNull();
      expect(podSpec(managerOf(objects))['volumes'] ?? null).toBeNull();
    },
  );

  it.skipIf(kubectl === undefined)(
    `metrics: off, plain HTTP on another port, or with a provided certificate${skip}`,
    async () => {
      const off = await render(dir(), 'memcached-operator', 'metrics.enable=false');
      expect(named(off, 'Service').map((s) => meta(s)['name'])).toEqual(['memcached-operator-webhook-service']);
      expect((container(managerOf(off))['args'] as string[])[0]).toBe('--metrics-bind-address=0');
      const plain = await render(
        dir(),
        'memcached-operator',
        'metrics.secure=false',
        'metrics.port=8080',
        'prometheus.serviceMonitor.enable=true',
        'networkPolicy.enable=true',
      );
      expect((container(managerOf(plain))['args'] as string[]).slice(0, 2)).toEqual([
        '--metrics-bind-address=:8080',
        '--metrics-secure=false',
      ]);
      const service = named(plain, 'Service').find((s) => String(meta(s)['name']).endsWith('metrics-service'))!;
      expect((service['spec'] as Obj)['ports']).toEqual([
        { name: 'http', port: 8080, protocol: 'TCP', targetPort: 8080 },
      ]);
      const monitor = named(plain, 'ServiceMonitor')[0]!;
      expect(meta(monitor)['name']).toBe('memcached-operator-controller-manager-metrics-monitor');
      expect(((monitor['spec'] as Obj)['endpoints'] as Obj[])[0]!['scheme']).toBe('http');
      const policy = named(plain, 'NetworkPolicy')[0]!;
      expect(JSON.stringify(policy['spec'])).toContain('"port":8080');
      const certified = await render(dir(), 'memcached-operator', 'metrics.certificate.secretName=metrics-tls');
      expect(container(managerOf(certified))['args']).toContain(
        '--metrics-cert-path=/tmp/k8s-metrics-server/metrics-certs',
      );
      expect(podSpec(managerOf(certified))['volumes']).toContainEqual({
        name: 'metrics-certs',
        secret: { secretName: 'metrics-tls' },
      });
    },
  );

  it.skipIf(kubectl === undefined)(
    `manager settings: replicas, image, resources, leader election, extra args, pod labels and annotations${skip}`,
    async () => {
      const objects = await render(
        dir(),
        'memcached-operator',
        'manager.replicas=3',
        'manager.image.repository=ghcr.io/acme/memcached',
        'manager.image.tag=v1.2.3',
        'manager.image.pullPolicy=Always',
        'manager.resources.limits.memory=1Gi',
        'manager.leaderElection.enable=false',
        'manager.extraArgs[0]=--zap-log-level=debug',
        'manager.podLabels.tenant=blue',
        'manager.podAnnotations.team=core',
        'manager.nodeSelector.disk=ssd',
        'serviceAccount.annotations.role=x',
      );
      const d = managerOf(objects);
      expect((d['spec'] as Obj)['replicas']).toBe(3);
      const c = container(d);
      expect(c['image']).toBe('ghcr.io/acme/memcached:v1.2.3');
      expect(c['imagePullPolicy']).toBe('Always');
      expect(((c['resources'] as Obj)['limits'] as Obj)['memory']).toBe('1Gi');
      expect(c['args']).not.toContain('--leader-elect');
      expect((c['args'] as string[]).at(-1)).toBe('--zap-log-level=debug');
      const podMeta = ((d['spec'] as Obj)['template'] as Obj)['metadata'] as Obj;
      expect(podMeta['labels']).toEqual({
        'app.kubernetes.io/name': 'memcached-operator',
        'control-plane': 'controller-manager',
        tenant: 'blue',
      });
      expect(podMeta['annotations']).toEqual({ 'kubectl.kubernetes.io/default-container': 'manager', team: 'core' });
      expect(podSpec(d)['nodeSelector']).toEqual({ disk: 'ssd' });
      expect(meta(named(objects, 'ServiceAccount')[0]!)['annotations']).toEqual({ role: 'x' });
      const defaults = await render(dir(), 'memcached-operator');
      expect(container(managerOf(defaults))['image']).toBe('controller:0.0.1');
    },
  );

  it.skipIf(kubectl === undefined)(`CRDs: kept on uninstall by default, optional, or not kept${skip}`, async () => {
    const keep = named(await render(dir(), 'memcached-operator'), 'CustomResourceDefinition')[0]!;
    expect((meta(keep)['annotations'] as Obj)['helm.sh/resource-policy']).toBe('keep');
    const notKept = named(await render(dir(), 'memcached-operator', 'crds.keep=false'), 'CustomResourceDefinition')[0]!;
    expect((meta(notKept)['annotations'] as Obj)['helm.sh/resource-policy']).toBeUndefined();
    expect(kinds(await render(dir(), 'memcached-operator', 'crds.enable=false'))).not.toContain(
      'CustomResourceDefinition',
    );
  });

  it.skipIf(kubectl === undefined)(
    `fullnameOverride renames every object and every reference to it${skip}`,
    async () => {
      const objects = await render(dir(), 'r', 'fullnameOverride=acme');
      const names = new Set(objects.map((o) => `${String(o['kind'])}/${String(meta(o)['name'])}`));
      for (const o of objects)
        if (o['kind'] !== 'CustomResourceDefinition') expect(String(meta(o)['name'])).toMatch(/^acme-/);
      expect(names.has(`ServiceAccount/${String(podSpec(managerOf(objects))['serviceAccountName'])}`)).toBe(true);
      for (const b of [...named(objects, 'RoleBinding'), ...named(objects, 'ClusterRoleBinding')]) {
        const ref = b['roleRef'] as Obj;
        expect(names.has(`${String(ref['kind'])}/${String(ref['name'])}`), JSON.stringify(ref)).toBe(true);
        for (const s of b['subjects'] as Obj[]) expect(names.has(`ServiceAccount/${String(s['name'])}`)).toBe(true);
      }
      for (const c of named(objects, 'MutatingWebhookConfiguration'))
        for (const w of c['webhooks'] as Obj[])
          expect(names.has(`Service/${String(((w['clientConfig'] as Obj)['service'] as Obj)['name'])}`)).toBe(true);
    },
  );

  it.skipIf(kubectl === undefined)(
    `values.schema.json refuses a bad value and a misspelt key, naming them${skip}`,
    async () => {
      const negative = await helmRun(helm, ['lint', 'dist/chart', '--set', 'manager.replicas=-1'], dir());
      expect(negative.exitCode).not.toBe(0);
      expect(negative.stdout + negative.stderr).toMatch(/manager\/replicas.*minimum/);
      const typo = await helmRun(helm, ['lint', 'dist/chart', '--set', 'manager.replica=2'], dir());
      expect(typo.exitCode).not.toBe(0);
      expect(typo.stdout + typo.stderr).toMatch(/additional properties 'replica' not allowed/);
    },
  );

  it.skipIf(kubectl === undefined)(
    `re-running keeps values.yaml edits, adds new keys, drops unknown ones and says so${skip}`,
    async () => {
      const path = join(dir(), 'dist/chart/values.yaml');
      const original = await readFile(path, 'utf8');
      const edited = original
        .replace(/^ {2}replicas: 1$/m, '  replicas: 2 # two, for a fast failover')
        .replace(/^ {2}extraArgs: \[\]$/m, '  extraArgs: []\n  replica: 5')
        .replace(/\n# Prometheus Operator integration[^\n]*\nprometheus:\n(?: {2}.*\n)+/, '\n');
      expect(edited).not.toContain('prometheus:');
      await writeFile(path, edited);
      const r = await runCliOk(['edit', '--plugins', 'helm/v1'], dir());
      expect(changeLines(r.stdout)).toEqual(['UPDATE dist/chart/values.yaml']);
      expect(r.stderr).toContain('dist/chart/values.yaml: kept manager.replicas: 2 (default: 1)');
      expect(r.stderr).toContain('dist/chart/values.yaml: removed manager.replica (the chart does not read it)');
      expect(r.stderr).toContain('dist/chart/values.yaml: added prometheus: {"serviceMonitor":{"enable":false}}');
      const merged = await readFile(path, 'utf8');
      expect(merged).toContain('  replicas: 2 # two, for a fast failover');
      expect(merged).not.toContain('replica: 5');
      expect(merged).toMatch(/# Prometheus Operator integration.*\nprometheus:\n {2}# A ServiceMonitor/);
      const lint = await helmRun(helm, ['lint', '--strict', 'dist/chart'], dir());
      expect(lint.exitCode, lint.stdout).toBe(0);
      await writeFile(path, original);
    },
  );

  it.skipIf(kubectl === undefined)(
    `re-running keeps a bumped chart version while appVersion follows package.json${skip}`,
    async () => {
      const chartYaml = join(dir(), 'dist/chart/Chart.yaml');
      const pkgJson = join(dir(), 'package.json');
      const [chartText, pkgText] = [await readFile(chartYaml, 'utf8'), await readFile(pkgJson, 'utf8')];
      expect(chartText).toMatch(/^version: 0\.0\.1\nappVersion: 0\.0\.1$/m);
      await writeFile(chartYaml, chartText.replace(/^version: 0\.0\.1$/m, 'version: 2.3.4 # bumped by chart version'));
      await writeFile(pkgJson, pkgText.replace('"version": "0.0.1"', '"version": "0.4.0"'));
      try {
        const r = await runCliOk(['edit', '--plugins', 'helm/v1'], dir());
        expect(changeLines(r.stdout)).toEqual(['UPDATE dist/chart/Chart.yaml']);
        expect(r.stderr).toContain('dist/chart/Chart.yaml: appVersion "0.0.1" -> "0.4.0" (package.json version)');
        const merged = await readFile(chartYaml, 'utf8');
        expect(merged).toMatch(/^version: 2\.3\.4 # bumped by chart version\nappVersion: 0\.4\.0$/m);
        expect(merged.replace(/^(version|appVersion): .*$/gm, '')).toBe(
          chartText.replace(/^(version|appVersion): .*$/gm, ''),
        );
        const check = await runCliOk(['chart', 'version', '--from', join(goldenHelm, 'single-group')], dir());
        expect(check.stdout).toContain('dist/chart/Chart.yaml: version 2.3.4; the chart is unchanged');
      } finally {
        await writeFile(chartYaml, chartText);
        await writeFile(pkgJson, pkgText);
      }
    },
  );

  it.skipIf(kubectl === undefined)(
    `re-running removes the templates of objects that left the kustomize output, never the user's own${skip}`,
    async () => {
      const templates = join(dir(), 'dist/chart/templates');
      const crd = await readFile(join(templates, 'crd/memcacheds.cache.example.com.yaml'), 'utf8');
      await writeFile(join(templates, 'crd/olds.cache.example.com.yaml'), crd.replaceAll('memcacheds', 'olds'));
      await writeFile(
        join(templates, 'extras-mine.yaml'),
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-mine\n',
      );
      const r = await runCliOk(['edit', '--plugins', 'helm/v1'], dir());
      expect(changeLines(r.stdout)).toEqual([]);
      expect(r.stdout).toContain('DELETE dist/chart/templates/crd/olds.cache.example.com.yaml');
      expect(r.stderr).toContain(
        'helm: removing dist/chart/templates/crd/olds.cache.example.com.yaml: its object is no longer in dist/install.yaml',
      );
      expect(existsSync(join(templates, 'crd/olds.cache.example.com.yaml'))).toBe(false);
      expect(existsSync(join(templates, 'extras-mine.yaml'))).toBe(true);
      await rm(join(templates, 'extras-mine.yaml'));
    },
  );

  it.skipIf(kubectl === undefined)(
    `without the kustomize output, a first run says how to make it and writes nothing${skip}`,
    async () => {
      const d = join(work, 'single-group-fresh');
      await chartProject('single-group', d, kubectl ?? '');
      await rm(join(d, 'dist'), { recursive: true });
      const before = await snapshotTree(d);
      const r = await runCli(['edit', '--plugins', 'helm/v1'], d);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain('dist/install.yaml not found: the Helm chart is built from the kustomize output');
      expect(r.stderr).toContain('make build-installer');
      expect(await snapshotTree(d)).toEqual(before);
    },
  );
});
