import { expr, spliceEntries, type HelmExpr } from './template-yaml.js';
import { isObj, metaOf, nameOf, type KustomizeOutput, type Obj } from './kustomize-output.js';

/**
 * ChartNames turns kustomize's fixed names into Helm's: the namespace becomes the release namespace, and
 * every `<prefix><name>` of an object in the output becomes `<fullname>-<name>`, so one chart installs
 * under any release name. A reference is replaced wherever it stands as a whole token of a string (split
 * at `.` and `/`: `<svc>.<ns>.svc`, `<ns>/<certificate>`).
 */
export class ChartNames {
  private readonly names: Set<string>;

  constructor(
    readonly chart: string,
    readonly projectName: string,
    readonly output: Pick<KustomizeOutput, 'namespace' | 'prefix' | 'objects'>,
  ) {
    this.names = new Set(
      output.objects
        .map((o) => nameOf(o.obj))
        .filter((n) => output.prefix !== '' && n.startsWith(output.prefix) && n.length > output.prefix.length),
    );
  }

  /** ChartNames.add makes one more prefixed name known (an object the chart adds, e.g. a ServiceMonitor). */
  add(name: string): void {
    this.names.add(name);
  }

  /** ChartNames.resourceName is the template text of `<fullname>-<suffix>`. */
  resourceName(suffix: string): string {
    return `{{ include "${this.chart}.resourceName" (dict "suffix" "${suffix}" "context" $) }}`;
  }

  /** ChartNames.include is the template text of one of the chart's named templates. */
  include(name: string): string {
    return `{{ include "${this.chart}.${name}" $ }}`;
  }

  /** ChartNames.string rewrites the references in one string; a string without any stays as it is. */
  string(value: string): string | HelmExpr {
    const parts = value.split(/([./])/);
    let changed = false;
    const out = parts.map((part) => {
      if (part === this.output.namespace) {
        changed = true;
        return '{{ .Release.Namespace }}';
      }
      if (this.names.has(part)) {
        changed = true;
        return this.resourceName(part.slice(this.output.prefix.length));
      }
      return part;
    });
    return changed ? expr(out.join('')) : value;
  }

  /** ChartNames.deep rewrites every reference in a value, and the `app.kubernetes.io/name` label's value. */
  deep(value: unknown): unknown {
    if (typeof value === 'string') return this.string(value);
    if (Array.isArray(value)) return value.map((v) => this.deep(v));
    if (!isObj(value)) return value;
    const out: Obj = {};
    for (const [k, v] of Object.entries(value))
      out[k] = k === NAME_LABEL && v === this.projectName ? expr(this.include('name')) : this.deep(v);
    return out;
  }

  /**
   * ChartNames.metadata rewrites an object's metadata: names and namespace, and the labels of a Helm
   * release (managed-by Helm, the chart and the instance) in place of kustomize's managed-by label.
   */
  metadata(obj: Obj, extraAnnotations?: Obj): Obj {
    const meta = metaOf(obj);
    const out: Obj = {};
    for (const [k, v] of Object.entries(meta)) {
      if (k === 'labels' && isObj(v)) out[k] = this.labels(v);
      else if (k === 'annotations' && isObj(v)) out[k] = { ...(this.deep(v) as Obj), ...extraAnnotations };
      else out[k] = this.deep(v);
    }
    if (out['annotations'] === undefined && extraAnnotations !== undefined) out['annotations'] = extraAnnotations;
    return out;
  }

  /** ChartNames.labels are an object's labels with the Helm release's labels. */
  labels(labels: Obj): Obj {
    const out: Obj = {};
    for (const [k, v] of Object.entries(labels)) {
      if (k === MANAGED_BY) out[k] = expr('{{ .Release.Service }}');
      else out[k] = k === NAME_LABEL && v === this.projectName ? expr(this.include('name')) : this.deep(v);
    }
    out['helm.sh/chart'] = expr(this.include('chart'));
    out['app.kubernetes.io/instance'] = expr('{{ .Release.Name }}');
    return out;
  }

  /** ChartNames.object rewrites a whole object: metadata as {@link ChartNames.metadata}, the rest as {@link ChartNames.deep}. */
  object(obj: Obj): Obj {
    const out: Obj = {};
    for (const [k, v] of Object.entries(obj)) out[k] = k === 'metadata' ? this.metadata(obj) : this.deep(v);
    return out;
  }
}

/** NAME_LABEL and MANAGED_BY are the recommended labels kustomize's config sets and Helm's replace. */
export const NAME_LABEL = 'app.kubernetes.io/name';
export const MANAGED_BY = 'app.kubernetes.io/managed-by';

/** HELM_LABELS are the labels a Helm release adds or changes; comparisons with kustomize ignore them. */
export const HELM_LABELS = [MANAGED_BY, 'helm.sh/chart', 'app.kubernetes.io/instance'] as const;

/** withExtraEntries adds a values map's entries to a fixed map, without the keys the chart sets itself. */
export function withExtraEntries(fixed: Obj, valuesPath: string): Obj {
  const omit = Object.keys(fixed)
    .map((k) => JSON.stringify(k))
    .join(' ');
  return { ...fixed, ...spliceEntries(`omit (${valuesPath} | default dict) ${omit}`.trimEnd()) };
}
