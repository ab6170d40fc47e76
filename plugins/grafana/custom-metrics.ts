import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';
import { UserError } from '../../src/index.js';
import { dashboard, dashboardUid, type PanelSpec, type Query } from './dashboard.js';
import { MANAGER, percentileQueries, rate, selector, sumBy } from './promql.js';
import { managerVariables } from './runtime-dashboard.js';

/** CUSTOM_METRICS_CONFIG_PATH lists the operator's own metrics to chart; kubebuilder's grafana plugin names it so. */
export const CUSTOM_METRICS_CONFIG_PATH = 'grafana/custom-metrics/config.yaml';
/** CUSTOM_DASHBOARD_PATH is the dashboard rendered from {@link CUSTOM_METRICS_CONFIG_PATH}. */
export const CUSTOM_DASHBOARD_PATH = 'grafana/custom-metrics/custom-metrics-dashboard.json';

/** MetricType is the Prometheus type of a custom metric, which decides the default query. */
export type MetricType = 'counter' | 'gauge' | 'histogram';
const TYPES: readonly MetricType[] = ['counter', 'gauge', 'histogram'];
const KEYS = ['metric', 'type', 'expr', 'unit', 'legend'] as const;

/** CustomMetric is one entry of the custom-metrics config. */
export interface CustomMetric {
  readonly metric: string;
  readonly type: MetricType;
  /** PromQL to chart instead of the default query of the type. */
  readonly expr?: string | undefined;
  /** Grafana unit id; guessed from the metric name when absent. */
  readonly unit?: string | undefined;
  /** Legend template of an `expr`'s series, e.g. `{{pod}}`. */
  readonly legend?: string | undefined;
}

// Prometheus metric names (prometheus/common model.IsValidLegacyMetricName).
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

const CONFIG_HINT =
  `each entry of customMetrics is a map: metric (the metric name), type (${TYPES.join(', ')}), ` +
  'and optionally expr, unit, legend';

class Located {
  constructor(
    private readonly path: string,
    private readonly lines: LineCounter,
  ) {}

  error(node: Node | null | undefined, message: string, hint: string): UserError {
    const offset = node?.range?.[0];
    const line = offset === undefined ? 1 : this.lines.linePos(offset).line;
    return new UserError(`${this.path}:${line}: ${message}`, { hint });
  }
}

function stringField(at: Located, entry: YAMLMap, key: string, index: number): string | undefined {
  const node = entry.get(key, true) as Node | undefined;
  if (node === undefined) return undefined;
  if (!isScalar(node) || typeof node.value !== 'string' || node.value.trim() === '')
    throw at.error(node, `customMetrics[${index}].${key} must be a non-empty string`, CONFIG_HINT);
  return node.value.trim();
}

function parseEntry(at: Located, node: unknown, index: number): CustomMetric {
  if (!isMap(node)) throw at.error(node as Node, `customMetrics[${index}] is not a map`, CONFIG_HINT);
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    if (!(KEYS as readonly string[]).includes(key))
      throw at.error(
        pair.key as Node,
        `customMetrics[${index}] has an unknown key "${key}"`,
        `the keys are ${KEYS.join(', ')}`,
      );
  }
  const metric = stringField(at, node, 'metric', index);
  if (metric === undefined)
    throw at.error(
      node,
      `customMetrics[${index}] has no metric`,
      'name the metric the operator exports, e.g. metric: memcached_cache_hits_total',
    );
  const metricNode = node.get('metric', true) as Node;
  if (!METRIC_NAME.test(metric))
    throw at.error(
      metricNode,
      `customMetrics[${index}].metric "${metric}" is not a Prometheus metric name`,
      'a metric name is letters, digits, _ and :, not starting with a digit',
    );
  const type = stringField(at, node, 'type', index);
  if (type === undefined || !(TYPES as readonly string[]).includes(type.toLowerCase()))
    throw at.error(
      node.get('type', true) ?? node,
      `customMetrics[${index}] (${metric}): type ` +
        (type === undefined ? 'is missing' : `"${type}" is not one of ${TYPES.join(', ')}`),
      `give its Prometheus type: type: ${metric.endsWith('_total') ? 'counter' : 'gauge'}`,
    );
  const metricType = type.toLowerCase() as MetricType;
  const series = /_(bucket|sum|count)$/.exec(metric);
  if (metricType === 'histogram' && series !== null)
    throw at.error(
      metricNode,
      `customMetrics[${index}].metric "${metric}" names a series of a histogram, not the histogram`,
      `write metric: ${metric.slice(0, -series[0].length)}; the dashboard reads its _bucket series`,
    );
  return {
    metric,
    type: metricType,
    expr: stringField(at, node, 'expr', index),
    unit: stringField(at, node, 'unit', index),
    legend: stringField(at, node, 'legend', index),
  };
}

/**
 * parseCustomMetrics reads grafana/custom-metrics/config.yaml: a `customMetrics` list of entries with a
 * metric name and type, and optionally a PromQL `expr`, a Grafana `unit` and a `legend`. An empty list (the
 * file as scaffolded, every entry commented out) is no entries. A mistake is a UserError naming the line.
 */
export function parseCustomMetrics(text: string, path: string = CUSTOM_METRICS_CONFIG_PATH): CustomMetric[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const at = new Located(path, lines);
  const syntax = doc.errors[0];
  if (syntax !== undefined)
    throw new UserError(
      `${path}:${lines.linePos(syntax.pos[0]).line}: invalid YAML: ${syntax.message.split('\n')[0] ?? ''}`,
      {
        hint: 'fix the syntax, or delete the file to have it written afresh',
      },
    );
  const root = doc.contents;
  if (root === null) return [];
  if (!isMap(root))
    throw at.error(
      root,
      'the file must be a map with a customMetrics list',
      'start it with customMetrics: and list the metrics under it',
    );
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    if (key !== 'customMetrics')
      throw at.error(pair.key, `unknown key "${key}"`, 'the file has one key, customMetrics');
  }
  const list = root.get('customMetrics', true) as Node | undefined;
  if (list === undefined || (isScalar(list) && list.value === null)) return [];
  if (!isSeq(list))
    throw at.error(list, 'customMetrics must be a list', 'write each metric as a list item: - metric: <name>');
  return list.items.map((item, i) => parseEntry(at, item, i));
}

/** defaultUnit guesses a Grafana unit from a metric's name and type, as kubebuilder's plugin does. */
export function defaultUnit(metric: string, type: MetricType): string {
  const name = metric.toLowerCase();
  if (type === 'counter') return name.includes('byte') ? 'Bps' : 'ops';
  if (name.includes('second') || name.includes('duration')) return 's';
  if (name.includes('byte')) return 'bytes';
  if (name.includes('ratio')) return 'percentunit';
  return 'short';
}

function queries(m: CustomMetric): Query[] {
  if (m.expr !== undefined) return [{ expr: m.expr, legend: m.legend ?? '' }];
  switch (m.type) {
    case 'counter':
      return [{ expr: sumBy(['pod'], rate(m.metric, MANAGER)), legend: '{{pod}}' }];
    case 'gauge':
      return [{ expr: sumBy(['pod'], selector(m.metric, MANAGER)), legend: '{{pod}}' }];
    case 'histogram':
      return percentileQueries(m.metric, MANAGER, []);
  }
}

function describe(m: CustomMetric): string {
  if (m.expr !== undefined) return `${m.metric}, charted as the expression of the custom-metrics config.`;
  switch (m.type) {
    case 'counter':
      return `Per-second rate of ${m.metric}, per pod.`;
    case 'gauge':
      return `Value of ${m.metric}, per pod.`;
    case 'histogram':
      return `Percentiles of ${m.metric} over every pod.`;
  }
}

/** customPanel is the panel of one custom metric. */
export function customPanel(m: CustomMetric): PanelSpec {
  return {
    title: `${m.metric} (${m.type})`,
    description: describe(m),
    unit: m.unit ?? defaultUnit(m.metric, m.type),
    queries: queries(m),
  };
}

/** customMetricsDashboard is grafana/custom-metrics/custom-metrics-dashboard.json: a panel per configured metric. */
export function customMetricsDashboard(projectName: string, metrics: readonly CustomMetric[]): object {
  return dashboard({
    uid: dashboardUid(projectName, 'custom'),
    title: `${projectName} / Custom Metrics`,
    description: `The metrics of ${projectName} listed in ${CUSTOM_METRICS_CONFIG_PATH}.`,
    tags: ['operator-ts', projectName],
    variables: managerVariables(),
    rows: [{ title: 'Custom metrics', panels: metrics.map(customPanel) }],
  });
}
