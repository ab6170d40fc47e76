import { describe, expect, it } from 'vitest';
import { isUserError } from '../../src/index.js';
import { customMetricsDashboard, customPanel, defaultUnit, parseCustomMetrics } from './custom-metrics.js';

const PATH = 'grafana/custom-metrics/config.yaml';

function failure(text: string): { message: string; hint: string | undefined } {
  try {
    parseCustomMetrics(text, PATH);
  } catch (err) {
    if (!isUserError(err)) throw err;
    return { message: err.message, hint: err.hint };
  }
  throw new Error('no error');
}

describe('parseCustomMetrics', () => {
  it('reads the scaffolded (empty) config and an empty file as no metrics', () => {
    expect(parseCustomMetrics('# comments only\ncustomMetrics:\n', PATH)).toEqual([]);
    expect(parseCustomMetrics('', PATH)).toEqual([]);
    expect(parseCustomMetrics('customMetrics: []\n', PATH)).toEqual([]);
  });

  it('reads entries, type in any case', () => {
    const text = [
      'customMetrics:',
      '  - metric: hits_total',
      '    type: Counter',
      '  - metric: queue_size',
      '    type: gauge',
      '    expr: max(queue_size)',
      '    unit: short',
      '    legend: "{{queue}}"',
    ].join('\n');
    expect(parseCustomMetrics(text, PATH)).toEqual([
      { metric: 'hits_total', type: 'counter', expr: undefined, unit: undefined, legend: undefined },
      { metric: 'queue_size', type: 'gauge', expr: 'max(queue_size)', unit: 'short', legend: '{{queue}}' },
    ]);
  });

  it.each([
    ['customMetrics:\n  - metric: [\n', `${PATH}:3: invalid YAML`],
    ['- metric: a\n', `${PATH}:1: the file must be a map with a customMetrics list`],
    ['customMetric:\n  - metric: a\n', `${PATH}:1: unknown key "customMetric"`],
    ['customMetrics:\n  metric: a\n', `${PATH}:2: customMetrics must be a list`],
    ['customMetrics:\n  - a_total\n', `${PATH}:2: customMetrics[0] is not a map`],
    [
      'customMetrics:\n  - metric: a\n    type: gauge\n    exp: up\n',
      `${PATH}:4: customMetrics[0] has an unknown key "exp"`,
    ],
    ['customMetrics:\n  - type: gauge\n', `${PATH}:2: customMetrics[0] has no metric`],
    [
      'customMetrics:\n  - metric: 9lives\n    type: gauge\n',
      `${PATH}:2: customMetrics[0].metric "9lives" is not a Prometheus metric name`,
    ],
    [
      'customMetrics:\n  - metric: 42\n    type: gauge\n',
      `${PATH}:2: customMetrics[0].metric must be a non-empty string`,
    ],
    ['customMetrics:\n  - metric: a_total\n', `${PATH}:2: customMetrics[0] (a_total): type is missing`],
    [
      'customMetrics:\n  - metric: a\n    type: gauge\n  - metric: b\n    type: summary\n',
      `${PATH}:5: customMetrics[1] (b): type "summary" is not one of counter, gauge, histogram`,
    ],
    [
      'customMetrics:\n  - metric: d_seconds_bucket\n    type: histogram\n',
      `${PATH}:2: customMetrics[0].metric "d_seconds_bucket" names a series of a histogram`,
    ],
    [
      'customMetrics:\n  - metric: a\n    type: gauge\n    expr: ""\n',
      `${PATH}:4: customMetrics[0].expr must be a non-empty string`,
    ],
  ])('refuses %j with the file and line', (text, message) => {
    expect(failure(text).message).toContain(message);
  });

  it('hints at the fix', () => {
    expect(failure('customMetrics:\n  - metric: a_total\n').hint).toBe('give its Prometheus type: type: counter');
    expect(failure('customMetrics:\n  - metric: d_seconds_bucket\n    type: histogram\n').hint).toContain(
      'write metric: d_seconds;',
    );
    expect(failure('customMetrics:\n  - metric: a\n    type: gauge\n    exp: up\n').hint).toBe(
      'the keys are metric, type, expr, unit, legend',
    );
  });
});

describe('custom metrics dashboard', () => {
  it('charts a counter as a rate, a gauge as its value and a histogram as percentiles', () => {
    expect(customPanel({ metric: 'hits_total', type: 'counter' }).queries).toEqual([
      {
        expr: 'sum by (pod) (rate(hits_total{job="$job", namespace="$namespace"}[$__rate_interval]))',
        legend: '{{pod}}',
      },
    ]);
    expect(customPanel({ metric: 'queue_size', type: 'gauge' }).queries).toEqual([
      { expr: 'sum by (pod) (queue_size{job="$job", namespace="$namespace"})', legend: '{{pod}}' },
    ]);
    expect(customPanel({ metric: 'backup_seconds', type: 'histogram' }).queries.map((q) => q.expr)).toEqual(
      [0.5, 0.9, 0.99].map(
        (q) =>
          `histogram_quantile(${q}, sum by (le) (rate(backup_seconds_bucket` +
          `{job="$job", namespace="$namespace"}[$__rate_interval])))`,
      ),
    );
  });

  it('charts an expression as written, with its legend and unit', () => {
    expect(
      customPanel({ metric: 'q', type: 'gauge', expr: 'max(q) by (x)', legend: '{{x}}', unit: 'bytes' }),
    ).toMatchObject({
      title: 'q (gauge)',
      unit: 'bytes',
      queries: [{ expr: 'max(q) by (x)', legend: '{{x}}' }],
    });
  });

  it('guesses the unit from the name', () => {
    expect(defaultUnit('backup_duration_seconds', 'histogram')).toBe('s');
    expect(defaultUnit('payload_bytes', 'gauge')).toBe('bytes');
    expect(defaultUnit('sent_bytes_total', 'counter')).toBe('Bps');
    expect(defaultUnit('hits_total', 'counter')).toBe('ops');
    expect(defaultUnit('cache_hit_ratio', 'gauge')).toBe('percentunit');
    expect(defaultUnit('queue_size', 'gauge')).toBe('short');
  });

  it('lays out one panel per metric under a row', () => {
    const d = customMetricsDashboard('memcached-operator', [
      { metric: 'a_total', type: 'counter' },
      { metric: 'b', type: 'gauge' },
      { metric: 'c_seconds', type: 'histogram' },
    ]) as { uid: string; panels: { title: string; gridPos: object }[] };
    expect(d.uid).toBe('memcached-operator-custom');
    expect(d.panels.map((p) => [p.title, p.gridPos])).toEqual([
      ['Custom metrics', { h: 1, w: 24, x: 0, y: 0 }],
      ['a_total (counter)', { h: 8, w: 12, x: 0, y: 1 }],
      ['b (gauge)', { h: 8, w: 12, x: 12, y: 1 }],
      ['c_seconds (histogram)', { h: 8, w: 12, x: 0, y: 9 }],
    ]);
  });
});
