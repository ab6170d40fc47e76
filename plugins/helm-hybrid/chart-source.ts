import { isAbsolute, posix, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { UserError, type ReadonlyTree } from '../../src/index.js';

/** ChartSource is a chart read through the project's tree: its name and every file, by path inside the chart. */
export interface ChartSource {
  /** `name` of Chart.yaml. */
  name: string;
  /** Files of the chart, keyed by their path inside it (`templates/deployment.yaml`). */
  files: Map<string, string>;
  /** values.yaml, when the chart has one. */
  values: string | undefined;
  /** values.schema.json, when the chart has one. */
  schema: string | undefined;
}

/**
 * readChart reads the chart directory `--helm-chart` names (relative to the project or absolute). A
 * packaged `.tgz` is refused with the command that unpacks it: the chart is copied into the project as text
 * files, so that it is reviewed, diffed and built into the image like the rest of the source.
 */
export function readChart(tree: ReadonlyTree, flag: string): ChartSource {
  if (/\.(tgz|tar\.gz)$/.test(flag)) {
    throw new UserError(`--helm-chart ${flag} is a packaged chart; operator-ts copies a chart directory into the project`, {
      hint: `unpack it first (tar -xzf ${flag}, or helm pull <chart> --untar) and pass the directory`,
    });
  }
  const dir = (isAbsolute(flag) ? relative(tree.root, flag) : flag).replace(/\/+$/, '') || '.';
  const chartYaml = tree.read(posix.join(dir, 'Chart.yaml'));
  if (chartYaml === undefined) {
    throw new UserError(`--helm-chart ${flag} has no Chart.yaml`, { hint: 'pass the directory of a Helm chart, such as one made by `helm create <name>`' });
  }
  const doc = parseDocument(chartYaml);
  const name = doc.errors.length === 0 ? (doc.toJS() as { name?: unknown } | null)?.name : undefined;
  if (typeof name !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name)) {
    throw new UserError(`${posix.join(flag, 'Chart.yaml')}: the chart needs a name of lower-case letters, digits and dashes`, { hint: 'set `name:` in Chart.yaml, as `helm create` does' });
  }
  const files = new Map<string, string>();
  for (const path of tree.list(dir)) files.set(posix.relative(dir, path), tree.read(path) ?? '');
  return { name, files, values: files.get('values.yaml'), schema: files.get('values.schema.json') };
}

/**
 * renderedKinds lists the `apiVersion` and `kind` pairs written literally in the chart's templates, the
 * objects the operator will apply and so needs RBAC for. Templates are Go templates, not YAML, so this is a
 * line scan; a kind it cannot see (computed by a template) gets no RBAC marker and the operator's apply of
 * it is refused by the API server until one is added.
 */
export function renderedKinds(files: ReadonlyMap<string, string>): Array<{ apiVersion: string; kind: string }> {
  const out = new Map<string, { apiVersion: string; kind: string }>();
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b, 'en'))) {
    if (!path.startsWith('templates/') || path.startsWith('templates/tests/') || !/\.ya?ml$/.test(path)) continue;
    let apiVersion: string | undefined;
    for (const line of text.split('\n')) {
      if (/^---/.test(line)) apiVersion = undefined;
      const v = /^apiVersion:\s*([\w./-]+)\s*$/.exec(line);
      if (v !== null) apiVersion = v[1];
      const k = /^kind:\s*(\w+)\s*$/.exec(line);
      if (k !== null && apiVersion !== undefined) out.set(`${apiVersion} ${k[1]}`, { apiVersion, kind: k[1]! });
    }
  }
  return [...out.values()];
}
