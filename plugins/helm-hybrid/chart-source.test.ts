import { describe, expect, it } from 'vitest';
import type { ReadonlyTree } from '../../src/index.js';
import { readChart, renderedKinds } from './chart-source.js';

function tree(files: Record<string, string>): ReadonlyTree {
  return {
    root: '/project',
    exists: (p) => p in files,
    read: (p) => files[p],
    list: (dir) => Object.keys(files).filter((p) => p.startsWith(`${dir}/`)).sort(),
  };
}

describe('readChart', () => {
  it('reads every file of the chart directory by its path in the chart', () => {
    const chart = readChart(tree({ 'web/Chart.yaml': 'name: web\n', 'web/values.yaml': 'a: 1\n', 'web/templates/svc.yaml': 'kind: Service\n' }), 'web/');
    expect(chart.name).toBe('web');
    expect([...chart.files.keys()]).toEqual(['Chart.yaml', 'templates/svc.yaml', 'values.yaml']);
    expect(chart.values).toBe('a: 1\n');
    expect(chart.schema).toBeUndefined();
  });

  it('refuses a packaged chart with the command that unpacks it', () => {
    expect(() => readChart(tree({}), 'web-0.1.0.tgz')).toThrow(/packaged chart/);
  });

  it('refuses a directory without Chart.yaml, and a chart name that is no DNS label', () => {
    expect(() => readChart(tree({}), 'nowhere')).toThrow('--helm-chart nowhere has no Chart.yaml');
    expect(() => readChart(tree({ 'web/Chart.yaml': 'name: Web_App\n' }), 'web')).toThrow(/web\/Chart\.yaml: the chart needs a name/);
  });
});

describe('renderedKinds', () => {
  it('lists the literal apiVersion and kind pairs of the templates, not of tests or helpers', () => {
    const files = new Map([
      ['templates/deployment.yaml', '{{- if .Values.on }}\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\n{{- end }}\n'],
      ['templates/both.yaml', 'apiVersion: v1\nkind: Service\n---\napiVersion: v1\nkind: ServiceAccount\n'],
      ['templates/tests/test-connection.yaml', 'apiVersion: v1\nkind: Pod\n'],
      ['templates/_helpers.tpl', 'apiVersion: v1\nkind: Secret\n'],
    ]);
    expect(renderedKinds(files)).toEqual([
      { apiVersion: 'v1', kind: 'Service' },
      { apiVersion: 'v1', kind: 'ServiceAccount' },
      { apiVersion: 'apps/v1', kind: 'Deployment' },
    ]);
  });
});
