/**
 * The queries of a Grafana dashboard JSON file: every panel target's expression, every query variable's
 * query, each with the labels its legend template reads.
 */

/** DashboardQuery is one query of a dashboard and where it stands. */
export interface DashboardQuery {
  /** `<dashboard file> › <panel title>` or `<dashboard file> › $<variable>`. */
  readonly where: string;
  readonly expr: string;
  /** Labels named by the legend template (`{{controller}} {{result}}`). */
  readonly legendLabels: readonly string[];
}

interface Target {
  expr?: string;
  legendFormat?: string;
}
interface Panel {
  title?: string;
  targets?: Target[];
  panels?: Panel[];
}
interface Variable {
  name: string;
  type: string;
  query?: string | { query?: string };
}
interface DashboardJson {
  panels?: Panel[];
  templating?: { list?: Variable[] };
}

function legendLabels(legend: string | undefined): string[] {
  return [...(legend ?? '').matchAll(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g)].map((m) => m[1] ?? '');
}

/** dashboardQueries lists the queries of a parsed dashboard named `file`. */
export function dashboardQueries(file: string, json: unknown): DashboardQuery[] {
  const d = json as DashboardJson;
  const out: DashboardQuery[] = [];
  const walk = (panels: readonly Panel[]): void => {
    for (const p of panels) {
      for (const t of p.targets ?? []) {
        if (t.expr !== undefined)
          out.push({
            where: `${file} › ${p.title ?? '(untitled)'}`,
            expr: t.expr,
            legendLabels: legendLabels(t.legendFormat),
          });
      }
      walk(p.panels ?? []);
    }
  };
  walk(d.panels ?? []);
  for (const v of d.templating?.list ?? []) {
    if (v.type !== 'query') continue;
    const expr = typeof v.query === 'string' ? v.query : v.query?.query;
    if (expr !== undefined) out.push({ where: `${file} › $${v.name}`, expr, legendLabels: [] });
  }
  return out;
}
