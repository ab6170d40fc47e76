/**
 * PromQL builders for the dashboards. Every series is scoped to the manager the dashboard variables pick:
 * the Prometheus `job` (the metrics Service) and `namespace`, plus a further label filter where a panel
 * follows one controller or pod.
 */

/** Scope is the label filter of a dashboard's queries, written into every selector. */
export type Scope = readonly string[];

/** MANAGER is the scope of every query: the manager's scrape job in its namespace. */
export const MANAGER: Scope = ['job="$job"', 'namespace="$namespace"'];

/** within adds label matchers to a scope. */
export function within(scope: Scope, ...matchers: string[]): Scope {
  return [...scope, ...matchers];
}

/** selector is `metric{scope}`. */
export function selector(metric: string, scope: Scope): string {
  return `${metric}{${scope.join(', ')}}`;
}

/** rate is the per-second rate of a counter over Grafana's rate interval. */
export function rate(metric: string, scope: Scope): string {
  return `rate(${selector(metric, scope)}[$__rate_interval])`;
}

/** sumBy sums an expression by labels; with no labels, into one series. */
export function sumBy(labels: readonly string[], expr: string): string {
  return labels.length === 0 ? `sum(${expr})` : `sum by (${labels.join(', ')}) (${expr})`;
}

/** quantile is the q-quantile of a histogram, per the given labels, over Grafana's rate interval. */
export function quantile(q: number, histogram: string, scope: Scope, by: readonly string[]): string {
  return `histogram_quantile(${q}, ${sumBy([...by, 'le'], rate(`${histogram}_bucket`, scope))})`;
}

/** PERCENTILES are the quantiles latency panels show. */
export const PERCENTILES = [0.5, 0.9, 0.99] as const;

/**
 * percentileQueries are the p50, p90 and p99 of a histogram per the given labels, legends `p99 <labels>`.
 */
export function percentileQueries(
  histogram: string,
  scope: Scope,
  by: readonly string[],
): { expr: string; legend: string }[] {
  const labels = by.map((l) => `{{${l}}}`).join(' ');
  return PERCENTILES.map((q) => ({
    expr: quantile(q, histogram, scope, by),
    legend: `p${Math.round(q * 100)}${labels === '' ? '' : ` ${labels}`}`,
  }));
}

/** labelValues is the `label_values(...)` query of a dashboard variable. */
export function labelValues(metric: string, scope: Scope, label: string): string {
  return `label_values(${scope.length === 0 ? metric : selector(metric, scope)}, ${label})`;
}
