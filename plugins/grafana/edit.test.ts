import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, INIT, newProjectDir, removeProjectDirs, runCli, snapshot } from '../../src/cli/fixtures/cli-harness.js';

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
const CONFIG = 'grafana/custom-metrics/config.yaml';
const CUSTOM = 'grafana/custom-metrics/custom-metrics-dashboard.json';

interface Dashboard {
  title: string;
  panels: { type: string; title: string; targets?: { expr: string }[] }[];
}

describe('grafana/v1', () => {
  it('writes the two dashboards and the custom-metrics config, and records itself in the layout', async () => {
    const dir = await project(['edit', '--plugins', 'grafana/v1']);
    const files = Object.keys(snapshot(dir)).filter((f) => f.startsWith('grafana/'));
    expect(files.sort()).toEqual([
      'grafana/controller-resources-metrics.json',
      'grafana/controller-runtime-metrics.json',
      CONFIG,
    ]);
    const runtime = JSON.parse(read(dir, 'grafana/controller-runtime-metrics.json')) as Dashboard;
    expect(runtime.title).toBe('memcached-operator / Controller Runtime');
    expect(read(dir, CONFIG)).toContain('#   - metric: memcached_operator_cache_hits_total');
    expect(read(dir, 'PROJECT')).toContain('- grafana.operator-ts.dev/v1');
  });

  it('renders the custom dashboard from the config on the next run, and changes nothing on a third', async () => {
    const dir = await project(['edit', '--plugins', 'grafana/v1']);
    writeFileSync(
      join(dir, CONFIG),
      `${read(dir, CONFIG)}  - metric: memcached_cache_hits_total\n    type: counter\n` +
        '  - metric: memcached_backup_seconds\n    type: histogram\n',
    );
    const second = await runCli(dir, 'edit', '--plugins', 'grafana/v1');
    expect(second.code, second.err).toBe(0);
    const custom = JSON.parse(read(dir, CUSTOM)) as Dashboard;
    expect(custom.panels.map((p) => p.title)).toEqual([
      'Custom metrics',
      'memcached_cache_hits_total (counter)',
      'memcached_backup_seconds (histogram)',
    ]);
    expect(custom.panels[1]?.targets?.[0]?.expr).toBe(
      'sum by (pod) (rate(memcached_cache_hits_total{job="$job", namespace="$namespace"}[$__rate_interval]))',
    );
    const before = snapshot(dir);
    const third = await runCli(dir, 'edit', '--plugins', 'grafana/v1');
    expect(third.code, third.err).toBe(0);
    expect(third.out).not.toMatch(/^(CREATE|UPDATE|REMOVE|DELETE) /m);
    expect(snapshot(dir)).toEqual(before);
  });

  it('removes the custom dashboard once the config lists no metrics', async () => {
    const dir = await project(['edit', '--plugins', 'grafana/v1']);
    const scaffolded = read(dir, CONFIG);
    writeFileSync(join(dir, CONFIG), `${scaffolded}  - metric: memcached_queue_size\n    type: gauge\n`);
    expect((await runCli(dir, 'edit', '--plugins', 'grafana/v1')).code).toBe(0);
    expect(existsSync(join(dir, CUSTOM))).toBe(true);
    writeFileSync(join(dir, CONFIG), scaffolded);
    const r = await runCli(dir, 'edit', '--plugins', 'grafana/v1');
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(dir, CUSTOM))).toBe(false);
  });

  it('refuses a bad entry with its file and line, and writes nothing', async () => {
    const dir = await project(['edit', '--plugins', 'grafana/v1']);
    const scaffolded = read(dir, CONFIG);
    const line = scaffolded.split('\n').length + 3;
    writeFileSync(
      join(dir, CONFIG),
      `${scaffolded}  - metric: memcached_hits_total\n    type: counter\n` +
        '  - metric: memcached_size\n    type: summary\n',
    );
    const before = snapshot(dir);
    const r = await runCli(dir, 'edit', '--plugins', 'grafana/v1');
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `${CONFIG}:${line}: customMetrics[1] (memcached_size): type "summary" is not one of counter, gauge, histogram`,
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it("keeps the author's config when another edit runs", async () => {
    const dir = await project(['edit', '--plugins', 'grafana/v1']);
    const mine = '# mine\ncustomMetrics: []\n';
    writeFileSync(join(dir, CONFIG), mine);
    const r = await runCli(dir, 'edit', '--namespaced', '--force');
    expect(r.code, r.err).toBe(0);
    expect(read(dir, CONFIG)).toBe(mine);
  });
});
