import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadonlyTree } from '../../src/index.js';
import { readChart, renderedKinds } from './chart-source.js';

function tree(files: Record<string, string | Buffer>): ReadonlyTree {
  const bytes = (p: string): Buffer | undefined => (files[p] === undefined ? undefined : Buffer.from(files[p]));
  return {
    root: '/project',
    exists: (p) => p in files,
    read: (p) => bytes(p)?.toString('utf8'),
    readBytes: bytes,
    list: (dir) =>
      Object.keys(files)
        .filter((p) => p.startsWith(`${dir}/`))
        .sort(),
  };
}

const utf8 = (b: Uint8Array | undefined): string | undefined =>
  b === undefined ? undefined : Buffer.from(b).toString('utf8');

describe('readChart', () => {
  it('reads every file of the chart directory by its path in the chart, as bytes', () => {
    const binary = Buffer.from([0x1f, 0x8b, 0xff, 0x00]);
    const chart = readChart(
      tree({
        'web/Chart.yaml': 'name: web\n',
        'web/values.yaml': 'a: 1\n',
        'web/templates/svc.yaml': 'kind: Service\n',
        'web/charts/sub.tgz': binary,
      }),
      'web/',
    );
    expect(chart.name).toBe('web');
    expect([...chart.files.keys()]).toEqual(['Chart.yaml', 'charts/sub.tgz', 'templates/svc.yaml', 'values.yaml']);
    expect(Buffer.from(chart.files.get('charts/sub.tgz')!).equals(binary)).toBe(true);
    expect(chart.values).toBe('a: 1\n');
    expect(chart.schema).toBeUndefined();
  });

  it('unpacks a packaged chart (tar -czf of a chart folder) into the same files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ots-chart-'));
    try {
      mkdirSync(join(dir, 'web/templates'), { recursive: true });
      writeFileSync(join(dir, 'web/Chart.yaml'), 'name: web\n');
      writeFileSync(join(dir, 'web/values.schema.json'), '{"type":"object"}\n');
      writeFileSync(join(dir, 'web/templates/svc.yaml'), 'kind: Service\n');
      execFileSync('tar', ['-czf', 'web-0.1.0.tgz', 'web'], { cwd: dir });
      const chart = readChart(
        tree({ 'in/web-0.1.0.tgz': readFileSync(join(dir, 'web-0.1.0.tgz')) }),
        'in/web-0.1.0.tgz',
      );
      expect(chart.name).toBe('web');
      expect([...chart.files.keys()].sort()).toEqual(['Chart.yaml', 'templates/svc.yaml', 'values.schema.json']);
      expect(utf8(chart.files.get('templates/svc.yaml'))).toBe('kind: Service\n');
      expect(chart.schema).toBe('{"type":"object"}\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a packaged chart that is missing or has no Chart.yaml', () => {
    expect(() => readChart(tree({}), 'web-0.1.0.tgz')).toThrow('--helm-chart web-0.1.0.tgz not found');
  });

  it('refuses a directory without Chart.yaml, and a chart name that is no DNS label', () => {
    expect(() => readChart(tree({}), 'nowhere')).toThrow('--helm-chart nowhere has no Chart.yaml');
    expect(() => readChart(tree({ 'web/Chart.yaml': 'name: Web_App\n' }), 'web')).toThrow(
      /web\/Chart\.yaml: the chart needs a name/,
    );
  });
});

describe('renderedKinds', () => {
  it('lists the literal apiVersion and kind pairs of the templates, not of tests or helpers', () => {
    const files = new Map<string, Uint8Array>(
      (
        [
          [
            'templates/deployment.yaml',
            '{{- if .Values.on }}\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\n{{- end }}\n',
          ],
          ['templates/both.yaml', 'apiVersion: v1\nkind: Service\n---\napiVersion: v1\nkind: ServiceAccount\n'],
          ['templates/tests/test-connection.yaml', 'apiVersion: v1\nkind: Pod\n'],
          ['templates/_helpers.tpl', 'apiVersion: v1\nkind: Secret\n'],
        ] as const
      ).map(([p, t]) => [p, Buffer.from(t)]),
    );
    expect(renderedKinds(files)).toEqual([
      { apiVersion: 'v1', kind: 'Service' },
      { apiVersion: 'v1', kind: 'ServiceAccount' },
      { apiVersion: 'apps/v1', kind: 'Deployment' },
    ]);
  });
});
