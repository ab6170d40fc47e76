import { describe, expect, it } from 'vitest';
import { DATASOURCE, dashboard, dashboardUid, layoutRows, SCHEMA_VERSION, type PanelSpec } from './dashboard.js';
import { percentileQueries, quantile, rate, sumBy, MANAGER, within } from './promql.js';
import { resourcesDashboard } from './resources-dashboard.js';
import { runtimeDashboard } from './runtime-dashboard.js';

interface GridPos {
  h: number;
  w: number;
  x: number;
  y: number;
}
interface PanelJson {
  type: string;
  id: number;
  title: string;
  gridPos: GridPos;
  datasource?: unknown;
  targets?: { datasource: unknown; refId: string; expr: string; legendFormat: string }[];
}
interface DashboardJson {
  uid: string;
  schemaVersion: number;
  templating: { list: { type: string; name: string; query: unknown }[] };
  panels: PanelJson[];
}

const panel = (title: string, width?: number): PanelSpec => ({
  title,
  description: '',
  unit: 'short',
  queries: [{ expr: 'up', legend: '' }],
  ...(width === undefined ? {} : { width }),
});

function overlaps(a: GridPos, b: GridPos): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** expectWellFormed checks what Grafana needs of a dashboard to import it and what our panels promise. */
function expectWellFormed(d: DashboardJson): void {
  expect(d.schemaVersion).toBe(SCHEMA_VERSION);
  expect(d.templating.list[0]).toMatchObject({ type: 'datasource', name: 'datasource', query: 'prometheus' });
  const ids = d.panels.map((p) => p.id);
  expect(ids).toEqual(ids.map((_, i) => i + 1));
  for (const [i, p] of d.panels.entries()) {
    expect(p.gridPos.x + p.gridPos.w, p.title).toBeLessThanOrEqual(24);
    for (const q of d.panels.slice(i + 1))
      expect(overlaps(p.gridPos, q.gridPos), `${p.title} / ${q.title}`).toBe(false);
    if (p.type === 'row') continue;
    expect(p.type).toBe('timeseries');
    expect(p.datasource).toEqual(DATASOURCE);
    const refIds = (p.targets ?? []).map((t) => t.refId);
    expect(new Set(refIds).size, p.title).toBe(refIds.length);
    for (const t of p.targets ?? []) expect(t.datasource).toEqual(DATASOURCE);
  }
}

describe('layoutRows', () => {
  it('puts each row on its own line and wraps panels at 24 columns', () => {
    const panels = layoutRows([
      { title: 'A', panels: [panel('a1'), panel('a2'), panel('a3', 24)] },
      { title: 'B', panels: [panel('b1', 8), panel('b2', 8), panel('b3', 8), panel('b4', 8)] },
    ]) as PanelJson[];
    expect(panels.map((p) => [p.title, p.gridPos])).toEqual([
      ['A', { h: 1, w: 24, x: 0, y: 0 }],
      ['a1', { h: 8, w: 12, x: 0, y: 1 }],
      ['a2', { h: 8, w: 12, x: 12, y: 1 }],
      ['a3', { h: 8, w: 24, x: 0, y: 9 }],
      ['B', { h: 1, w: 24, x: 0, y: 17 }],
      ['b1', { h: 8, w: 8, x: 0, y: 18 }],
      ['b2', { h: 8, w: 8, x: 8, y: 18 }],
      ['b3', { h: 8, w: 8, x: 16, y: 18 }],
      ['b4', { h: 8, w: 8, x: 0, y: 26 }],
    ]);
  });

  it('refuses a panel wider than the grid', () => {
    expect(() => layoutRows([{ title: 'A', panels: [panel('wide', 25)] }])).toThrow(
      'panel "wide": width 25 is outside 1..24',
    );
  });
});

describe('dashboard', () => {
  it('builds a dashboard Grafana can import, keys in a fixed order', () => {
    const d = dashboard({
      uid: 'u',
      title: 't',
      description: 'd',
      tags: ['x'],
      variables: [],
      rows: [{ title: 'r', panels: [panel('p')] }],
    });
    expect(Object.keys(d)).toEqual([
      'uid',
      'title',
      'description',
      'tags',
      'editable',
      'graphTooltip',
      'timezone',
      'time',
      'refresh',
      'schemaVersion',
      'annotations',
      'templating',
      'panels',
    ]);
    expectWellFormed(d as DashboardJson);
  });

  it('gives each query variable its label_values query, and multi variables an All value', () => {
    const d = dashboard({
      uid: 'u',
      title: 't',
      description: 'd',
      tags: [],
      rows: [],
      variables: [{ name: 'pod', label: 'Pod', query: 'label_values(up, pod)', multi: true }],
    }) as DashboardJson;
    expect(d.templating.list[1]).toMatchObject({
      type: 'query',
      name: 'pod',
      datasource: DATASOURCE,
      query: { query: 'label_values(up, pod)' },
      multi: true,
      includeAll: true,
      allValue: '.+',
    });
  });
});

describe('dashboardUid', () => {
  it("keeps a short project name readable and fits a long one in Grafana's 40 characters, stably", () => {
    expect(dashboardUid('memcached-operator', 'runtime')).toBe('memcached-operator-runtime');
    const long = 'a-very-long-project-name-that-goes-on-and-on';
    const uid = dashboardUid(long, 'resources');
    expect(uid.length).toBeLessThanOrEqual(40);
    expect(uid).toMatch(/^a-very-long-project-na-[0-9a-z]{7}-resources$/);
    expect(dashboardUid(long, 'resources')).toBe(uid);
    expect(dashboardUid(`${long}-2`, 'resources')).not.toBe(uid);
  });
});

describe('promql', () => {
  it('scopes selectors to the manager and sums rates by labels', () => {
    expect(sumBy(['controller'], rate('workqueue_adds_total', within(MANAGER, 'controller=~"$controller"')))).toBe(
      'sum by (controller) (rate(workqueue_adds_total' +
        '{job="$job", namespace="$namespace", controller=~"$controller"}[$__rate_interval]))',
    );
    expect(sumBy([], 'x')).toBe('sum(x)');
  });

  it('computes percentiles from the _bucket series', () => {
    expect(quantile(0.9, 'h_seconds', MANAGER, [])).toBe(
      'histogram_quantile(0.9, sum by (le) (rate(h_seconds_bucket' +
        '{job="$job", namespace="$namespace"}[$__rate_interval])))',
    );
    expect(percentileQueries('h_seconds', MANAGER, ['webhook']).map((q) => q.legend)).toEqual([
      'p50 {{webhook}}',
      'p90 {{webhook}}',
      'p99 {{webhook}}',
    ]);
  });
});

describe('the shipped dashboards', () => {
  const runtime = runtimeDashboard('memcached-operator') as DashboardJson;
  const resources = resourcesDashboard('memcached-operator') as DashboardJson;

  it('are well formed', () => {
    expectWellFormed(runtime);
    expectWellFormed(resources);
    expect(runtime.uid).not.toBe(resources.uid);
  });

  it('chart reconcile rate, errors and latency, queue depth and age, work duration and API requests by code', () => {
    const exprs = (d: DashboardJson, title: string): string[] =>
      d.panels.find((p) => p.title === title)?.targets?.map((t) => t.expr) ?? [`no panel "${title}"`];
    expect(exprs(runtime, 'Reconciles per second')[0]).toContain(
      'sum by (controller, result) (rate(controller_runtime_reconcile_total{',
    );
    expect(exprs(runtime, 'Reconcile errors per second')[0]).toContain('controller_runtime_reconcile_errors_total');
    expect(exprs(runtime, 'Reconcile time')).toHaveLength(3);
    expect(exprs(runtime, 'Reconcile time')[2]).toContain(
      'histogram_quantile(0.99, sum by (controller, le) (rate(controller_runtime_reconcile_time_seconds_bucket{',
    );
    expect(exprs(runtime, 'Queue depth')[0]).toContain('workqueue_depth{');
    expect(exprs(runtime, 'Time in queue')[0]).toContain('workqueue_queue_duration_seconds_bucket');
    expect(exprs(runtime, 'Work duration')[0]).toContain('workqueue_work_duration_seconds_bucket');
    expect(exprs(runtime, 'API server requests by code')[0]).toContain(
      'sum by (code) (rate(rest_client_requests_total{',
    );
    expect(exprs(resources, 'Event-loop lag')[2]).toContain('nodejs_eventloop_lag_seconds_bucket');
    expect(exprs(resources, 'Heap')[0]).toContain('nodejs_heap_size_used_bytes');
  });

  it('are the same bytes on every build', () => {
    expect(JSON.stringify(runtimeDashboard('memcached-operator'))).toBe(JSON.stringify(runtime));
  });
});
