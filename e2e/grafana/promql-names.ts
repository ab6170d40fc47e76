/**
 * The metric and label names a PromQL expression (or a Grafana `label_values(...)` variable query) refers
 * to, found by a small lexer over the subset of PromQL the dashboards use: selectors with label matchers,
 * range brackets, functions and aggregations with `by`/`without`, binary operators and numbers.
 */

const IDENT = /[a-zA-Z_:][a-zA-Z0-9_:]*/y;
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan', 'Inf', 'NaN']);
const GROUPING = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
// Aggregations may put their grouping before the parenthesis: `sum by (x) (...)`.
const AGGREGATIONS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'stddev',
  'stdvar',
  'count',
  'count_values',
  'bottomk',
  'topk',
  'quantile',
]);

/** ExprNames are the names one expression uses. */
export interface ExprNames {
  /** Metric names of its selectors (a histogram's `_bucket` series as written). */
  readonly metrics: string[];
  /** Label names it matches on, groups by, or reads with label_values. */
  readonly labels: string[];
}

function skipString(s: string, i: number): number {
  const quote = s[i];
  let j = i + 1;
  while (j < s.length && s[j] !== quote) j += s[j] === '\\' ? 2 : 1;
  if (j >= s.length) throw new Error(`unterminated string at ${i} in ${s}`);
  return j + 1;
}

/** matcherLabels reads the label names of a `{a="x", b=~"y"}` body starting after the brace; returns its end. */
function matcherLabels(s: string, start: number, labels: Set<string>, metrics: Set<string>): number {
  let i = start;
  for (;;) {
    while (/[\s,]/.test(s[i] ?? '')) i++;
    if (s[i] === '}') return i + 1;
    IDENT.lastIndex = i;
    const name = IDENT.exec(s)?.[0];
    if (name === undefined) throw new Error(`expected a label name at ${i} in ${s}`);
    i += name.length;
    while (/\s/.test(s[i] ?? '')) i++;
    const op = /^(=~|!~|!=|=)/.exec(s.slice(i))?.[0];
    if (op === undefined) throw new Error(`expected a matcher operator at ${i} in ${s}`);
    i += op.length;
    while (/\s/.test(s[i] ?? '')) i++;
    const end = skipString(s, i);
    if (name === '__name__' && op === '=') metrics.add(s.slice(i + 1, end - 1));
    else labels.add(name);
    i = end;
  }
}

function groupingLabels(s: string, start: number, labels: Set<string>): number {
  const close = s.indexOf(')', start);
  if (close < 0) throw new Error(`unclosed grouping at ${start} in ${s}`);
  for (const l of s
    .slice(start, close)
    .split(',')
    .map((x) => x.trim()))
    if (l !== '') labels.add(l);
  return close + 1;
}

/** promqlNames lists the metric and label names of a PromQL expression or a `label_values(...)` query. */
export function promqlNames(expr: string): ExprNames {
  const metrics = new Set<string>();
  const labels = new Set<string>();
  let s = expr.trim();
  const values = /^label_values\(([\s\S]*),\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)$/.exec(s);
  if (values !== null) {
    labels.add(values[2] ?? '');
    s = values[1] ?? '';
  }
  let i = 0;
  while (i < s.length) {
    const c = s[i] ?? '';
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(s, i);
    } else if (c === '{') {
      i = matcherLabels(s, i + 1, labels, metrics);
    } else if (c === '[') {
      // A range or subquery: durations and Grafana's $__rate_interval, no names.
      const close = s.indexOf(']', i);
      if (close < 0) throw new Error(`unclosed range at ${i} in ${s}`);
      i = close + 1;
    } else if (/[0-9.]/.test(c)) {
      // A number or duration (0.99, 1e3, 5m): letters in it are no names.
      i = (/^[0-9.]+(e[+-]?[0-9]+|[a-zA-Z]+)?/.exec(s.slice(i))?.[0].length ?? 1) + i;
    } else if (c === '$') {
      i = (/^\$[a-zA-Z_][a-zA-Z0-9_]*/.exec(s.slice(i))?.[0].length ?? 1) + i;
    } else if (/[a-zA-Z_:]/.test(c)) {
      IDENT.lastIndex = i;
      const name = IDENT.exec(s)?.[0] ?? c;
      i += name.length;
      let j = i;
      while (/\s/.test(s[j] ?? '')) j++;
      if (GROUPING.has(name) && s[j] === '(') i = groupingLabels(s, j + 1, labels);
      else if (s[j] === '(' || KEYWORDS.has(name) || GROUPING.has(name) || AGGREGATIONS.has(name)) continue;
      else metrics.add(name);
    } else {
      i++;
    }
  }
  return { metrics: [...metrics], labels: [...labels] };
}
