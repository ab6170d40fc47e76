/**
 * The Grafana dashboard model the grafana/v1 dashboards are built from: a dashboard of rows of time series
 * panels, laid out on Grafana's 24-column grid, every query against the Prometheus data source the
 * `datasource` variable picks. Objects are built in a fixed key order so the JSON is byte-stable.
 */

/**
 * SCHEMA_VERSION is the dashboard JSON schema version the dashboards are written in (Grafana 12's); an
 * older Grafana loads them as they are, a newer one migrates them on load.
 */
export const SCHEMA_VERSION = 41;

/** DATASOURCE is the data source of every panel and query: the one the `datasource` variable selects. */
export const DATASOURCE = { type: 'prometheus', uid: '${datasource}' } as const;

const GRID_COLUMNS = 24;
const PANEL_HEIGHT = 8;

/** Query is one PromQL expression of a panel and how its series are named in the legend. */
export interface Query {
  readonly expr: string;
  /** Grafana legend template, e.g. `{{controller}}`. */
  readonly legend: string;
}

/** PanelSpec describes one time series panel. */
export interface PanelSpec {
  readonly title: string;
  /** What the panel shows and how to read it, shown in the panel's info tooltip. */
  readonly description: string;
  /** Grafana unit id: `ops`, `s`, `bytes`, `percentunit`, `short`, ... */
  readonly unit: string;
  readonly queries: readonly Query[];
  /** Columns of the 24-column grid; 12 unless given. */
  readonly width?: number;
  /** Stack the series (parts of a whole, such as requests by status code). */
  readonly stacked?: boolean;
}

/** RowSpec is a titled row of panels. */
export interface RowSpec {
  readonly title: string;
  readonly panels: readonly PanelSpec[];
}

/** QueryVariableSpec is a dashboard variable whose values come from a `label_values(...)` query. */
export interface QueryVariableSpec {
  readonly name: string;
  readonly label: string;
  /** `label_values(<selector>, <label>)`. */
  readonly query: string;
  /** Several values at once, with an "All" entry. */
  readonly multi: boolean;
}

/** DashboardSpec is everything that differs between the dashboards. */
export interface DashboardSpec {
  readonly uid: string;
  readonly title: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly variables: readonly QueryVariableSpec[];
  readonly rows: readonly RowSpec[];
}

function timeseriesPanel(spec: PanelSpec, id: number, gridPos: GridPos): object {
  return {
    type: 'timeseries',
    id,
    title: spec.title,
    description: spec.description,
    datasource: DATASOURCE,
    gridPos,
    fieldConfig: {
      defaults: {
        unit: spec.unit,
        min: 0,
        custom: {
          drawStyle: 'line',
          lineWidth: 1,
          fillOpacity: spec.stacked === true ? 25 : 10,
          showPoints: 'never',
          spanNulls: false,
          stacking: { mode: spec.stacked === true ? 'normal' : 'none', group: 'A' },
        },
      },
      overrides: [],
    },
    options: {
      legend: { displayMode: 'list', placement: 'bottom', showLegend: true, calcs: [] },
      tooltip: { mode: 'multi', sort: 'desc' },
    },
    targets: spec.queries.map((q, i) => ({
      datasource: DATASOURCE,
      refId: String.fromCharCode(65 + i),
      editorMode: 'code',
      expr: q.expr,
      legendFormat: q.legend,
      range: true,
    })),
  };
}

interface GridPos {
  readonly h: number;
  readonly w: number;
  readonly x: number;
  readonly y: number;
}

/**
 * layoutRows places each row header on a line of its own and its panels left to right below it, wrapping
 * at the grid's 24 columns, and numbers every panel and row from 1 in reading order.
 */
export function layoutRows(rows: readonly RowSpec[]): object[] {
  const panels: object[] = [];
  let id = 0;
  let y = 0;
  for (const row of rows) {
    panels.push({
      type: 'row',
      id: ++id,
      title: row.title,
      collapsed: false,
      gridPos: { h: 1, w: GRID_COLUMNS, x: 0, y },
      panels: [],
    });
    y += 1;
    let x = 0;
    for (const spec of row.panels) {
      const w = spec.width ?? 12;
      if (w < 1 || w > GRID_COLUMNS) throw new Error(`panel "${spec.title}": width ${w} is outside 1..${GRID_COLUMNS}`);
      if (x + w > GRID_COLUMNS) {
        x = 0;
        y += PANEL_HEIGHT;
      }
      panels.push(timeseriesPanel(spec, ++id, { h: PANEL_HEIGHT, w, x, y }));
      x += w;
    }
    if (x > 0) y += PANEL_HEIGHT;
  }
  return panels;
}

function datasourceVariable(): object {
  return { type: 'datasource', name: 'datasource', label: 'Data source', query: 'prometheus', refresh: 1, hide: 0 };
}

function queryVariable(spec: QueryVariableSpec): object {
  return {
    type: 'query',
    name: spec.name,
    label: spec.label,
    datasource: DATASOURCE,
    definition: spec.query,
    query: { query: spec.query, refId: `${spec.name}-values` },
    // 2: on time range change, so that pods of a new rollout appear.
    refresh: 2,
    sort: 1,
    multi: spec.multi,
    includeAll: spec.multi,
    ...(spec.multi ? { allValue: '.+' } : {}),
    hide: 0,
  };
}

/** dashboard builds the dashboard JSON object of a spec. */
export function dashboard(spec: DashboardSpec): object {
  return {
    uid: spec.uid,
    title: spec.title,
    description: spec.description,
    tags: spec.tags,
    editable: true,
    graphTooltip: 1,
    timezone: 'browser',
    time: { from: 'now-1h', to: 'now' },
    refresh: '30s',
    schemaVersion: SCHEMA_VERSION,
    annotations: {
      list: [
        {
          builtIn: 1,
          datasource: { type: 'grafana', uid: '-- Grafana --' },
          enable: true,
          hide: true,
          iconColor: 'rgba(0, 211, 255, 1)',
          name: 'Annotations & Alerts',
          type: 'dashboard',
        },
      ],
    },
    templating: { list: [datasourceVariable(), ...spec.variables.map(queryVariable)] },
    panels: layoutRows(spec.rows),
  };
}

// A Grafana uid is at most 40 characters.
const MAX_UID = 40;

/**
 * dashboardUid names a dashboard of a project, stable across runs so that a re-import replaces the
 * dashboard instead of adding a copy; a long project name is shortened and made unique with a hash.
 */
export function dashboardUid(projectName: string, suffix: string): string {
  const full = `${projectName}-${suffix}`;
  if (full.length <= MAX_UID) return full;
  let hash = 0x811c9dc5;
  for (const ch of projectName) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const tag = hash.toString(36).padStart(7, '0').slice(0, 7);
  const head = projectName.slice(0, MAX_UID - suffix.length - tag.length - 2).replace(/-+$/, '');
  return `${head}-${tag}-${suffix}`;
}
