// The commented hints of config/default/kustomization.yaml (and config/certmanager's) work when uncommented: golden project single-group
// (webhooks, so config/certmanager exists) with every [PROMETHEUS], [NETWORK POLICY] and [METRICS-WITH-CERTS]
// line uncommented builds with `kubectl kustomize`, and the output has the ServiceMonitor, both network
// policies, and the metrics certificate named after the metrics Service and mounted into the manager.
import { execa } from 'execa';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaryAssets, isBinaryAssets } from '../src/testing/index.js';
import { goldenRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

const assets = findBinaryAssets();
const kubectl = isBinaryAssets(assets) ? assets.kubectl : undefined;

/** uncomment turns the commented YAML of the hints (`#- ...`, `#  ...`) into YAML; prose comments stay. */
function uncomment(text: string): string {
  return text.replace(/^#(?=-| {2})/gm, '');
}

interface Obj {
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
}

describe.skipIf(kubectl === undefined)('config/default hints, uncommented', () => {
  let work = '';
  let objects: Obj[] = [];

  beforeAll(async () => {
    work = await makeWorkdir('config-hints');
    await cp(join(goldenRoot, 'single-group', 'config'), join(work, 'config'), { recursive: true });
    for (const name of ['default', 'certmanager']) {
      const file = join(work, 'config', name, 'kustomization.yaml');
      const text = await readFile(file, 'utf8');
      expect(text).toContain(name === 'default' ? '#- ../prometheus' : '#- certificate-metrics.yaml');
      await writeFile(file, uncomment(text));
    }
    const out = await execa(kubectl ?? 'kubectl', ['kustomize', join(work, 'config/default')], { stdin: 'ignore' });
    objects = parseAllDocuments(out.stdout).map((d) => d.toJS() as Obj);
  });

  afterAll(async () => {
    await removeWorkdir(work);
  });

  const find = (kind: string, name: string): Obj | undefined =>
    objects.find((o) => o.kind === kind && o.metadata.name === name);

  it('adds the ServiceMonitor and the metrics and webhook network policies', () => {
    expect(find('ServiceMonitor', 'memcached-operator-controller-manager-metrics-monitor')).toBeDefined();
    const webhook = find('NetworkPolicy', 'memcached-operator-allow-webhook-traffic');
    expect(webhook?.spec?.['ingress']).toEqual([
      {
        from: [{ namespaceSelector: { matchLabels: { webhook: 'enabled' } } }],
        ports: [{ port: 9443, protocol: 'TCP' }],
      },
    ]);
    expect(find('NetworkPolicy', 'memcached-operator-allow-metrics-traffic')).toBeDefined();
  });

  it('issues the metrics certificate for the metrics Service and mounts it into the manager', () => {
    const cert = find('Certificate', 'memcached-operator-metrics-certs');
    const service = 'memcached-operator-controller-manager-metrics-service.memcached-operator-system.svc';
    expect(cert?.spec?.['dnsNames']).toEqual([service, `${service}.cluster.local`]);
    expect(cert?.spec?.['secretName']).toBe('metrics-server-cert');
    const deployment = find('Deployment', 'memcached-operator-controller-manager') as unknown as {
      spec: {
        template: {
          spec: {
            containers: { args: string[]; volumeMounts: { name: string }[] }[];
            volumes: { name: string; secret?: { secretName: string } }[];
          };
        };
      };
    };
    const pod = deployment.spec.template.spec;
    expect(pod.containers[0]?.args).toContain('--metrics-cert-path=/tmp/k8s-metrics-server/metrics-certs');
    expect(pod.containers[0]?.volumeMounts.map((m) => m.name)).toContain('metrics-certs');
    expect(pod.volumes.find((v) => v.name === 'metrics-certs')?.secret?.secretName).toBe('metrics-server-cert');
  });
});

describe.skipIf(kubectl === undefined)('config/default as scaffolded', () => {
  it('issues no metrics certificate while its DNS names are placeholders', async () => {
    const out = await execa(kubectl ?? 'kubectl', ['kustomize', join(goldenRoot, 'single-group', 'config/default')], {
      stdin: 'ignore',
    });
    expect(out.stdout).not.toContain('SERVICE_NAME');
    expect(out.stdout).not.toContain('metrics-certs');
  });
});
