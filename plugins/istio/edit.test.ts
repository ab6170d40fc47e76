import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API,
  INIT,
  newProjectDir,
  removeProjectDirs,
  runCli,
  snapshot,
  WEBHOOK,
} from '../../src/cli/fixtures/cli-harness.js';

afterAll(() => removeProjectDirs());

async function project(...steps: (readonly string[])[]): Promise<string> {
  const dir = newProjectDir();
  for (const step of [INIT, API, ...steps]) {
    const r = await runCli(dir, ...step);
    expect(r.code, `${step.join(' ')}\n${r.err}`).toBe(0);
  }
  return dir;
}

const read = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8');

describe('istio/v1', () => {
  it('opens the webhook port when webhooks exist before the plugin is added', async () => {
    const dir = await project([...WEBHOOK, '--defaulting'], ['edit', '--plugins', 'istio/v1']);
    expect(read(dir, 'config/istio/kustomization.yaml')).toContain('- webhook_authorization_policy.yaml');
    expect(read(dir, 'config/default/kustomization.yaml')).toContain('- path: manager_istio_webhook_patch.yaml');
    expect(read(dir, 'config/default/manager_istio_webhook_patch.yaml')).toContain(
      'traffic.sidecar.istio.io/excludeInboundPorts: "9443"',
    );
  });

  it('leaves the webhook port alone in a project without webhooks', async () => {
    const dir = await project(['edit', '--plugins', 'istio/v1']);
    const files = Object.keys(snapshot(dir));
    expect(files).toContain('config/istio/peer_authentication.yaml');
    expect(files.filter((f) => f.includes('webhook'))).toEqual([]);
    expect(read(dir, 'config/istio/metrics_authorization_policy.yaml')).toContain(
      '- cluster.local/ns/monitoring/sa/prometheus-k8s',
    );
  });

  it('refuses a metrics reader that is not <namespace>/<service-account> and writes nothing', async () => {
    const dir = await project();
    const before = snapshot(dir);
    const r = await runCli(dir, 'edit', '--plugins', 'istio/v1', '--metrics-reader', 'Prometheus');
    expect(r.code).toBe(1);
    expect(r.err).toContain('--metrics-reader: "Prometheus" is not <namespace>/<service-account>');
    expect(r.err).toContain('--metrics-reader monitoring/prometheus-k8s');
    expect(snapshot(dir)).toEqual(before);
  });

  it('changes the metrics reader only with --force, records it, and keeps it on the next run', async () => {
    const dir = await project(['edit', '--plugins', 'istio/v1']);
    const conflict = await runCli(dir, 'edit', '--plugins', 'istio/v1', '--metrics-reader', 'observability/prometheus');
    expect(conflict.code).toBe(1);
    expect(conflict.err).toContain('config/istio/metrics_authorization_policy.yaml already exists');
    const forced = await runCli(
      dir,
      'edit',
      '--plugins',
      'istio/v1',
      '--metrics-reader',
      'observability/prometheus',
      '--force',
    );
    expect(forced.code, forced.err).toBe(0);
    expect(read(dir, 'config/istio/metrics_authorization_policy.yaml')).toContain(
      '- cluster.local/ns/observability/sa/prometheus',
    );
    expect(read(dir, 'PROJECT')).toMatch(
      /plugins:\n {2}istio\.operator-ts\.dev\/v1:\n {4}metricsReader: observability\/prometheus\n/,
    );
    const again = await runCli(dir, 'edit', '--plugins', 'istio/v1');
    expect(again.code, again.err).toBe(0);
    expect(again.out).not.toMatch(/^(CREATE|UPDATE) /m);
  });

  it("keeps the author's mesh files when another edit runs with --force", async () => {
    const dir = await project(['edit', '--plugins', 'istio/v1']);
    const path = join(dir, 'config/istio/peer_authentication.yaml');
    const edited = read(dir, 'config/istio/peer_authentication.yaml').replace('mode: STRICT', 'mode: PERMISSIVE');
    writeFileSync(path, edited);
    const r = await runCli(dir, 'edit', '--namespaced', '--force');
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(edited);
  });
});
