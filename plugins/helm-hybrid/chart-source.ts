import { isAbsolute, posix, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { UserError, type ReadonlyTree } from '../../src/index.js';
import { readChartArchive } from './chart-archive.js';

/** ChartSource is a chart read through the project's tree: its name and every file, by path inside the chart. */
export interface ChartSource {
  /** `name` of Chart.yaml. */
  name: string;
  /** Files of the chart by their path inside it (`templates/deployment.yaml`), as bytes: a chart may hold archives. */
  files: Map<string, Uint8Array>;
  /** values.yaml, when the chart has one. */
  values: string | undefined;
  /** values.schema.json, when the chart has one. */
  schema: string | undefined;
}

const text = (bytes: Uint8Array | undefined): string | undefined =>
  bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8');

/** ARCHIVE matches the file names `helm package` and `helm pull` give packaged charts. */
const ARCHIVE = /\.(tgz|tar\.gz)$/;

/**
 * readChart reads the chart `--helm-chart` names (relative to the project or absolute): a chart directory,
 * or a packaged chart (`.tgz`, as `helm package` or `helm pull` writes it), which is unpacked in memory.
 * Either way the chart's files are copied into the project byte for byte, so that it is reviewed, diffed
 * and built into the image like the rest of the source.
 */
export function readChart(tree: ReadonlyTree, flag: string): ChartSource {
  const path = (isAbsolute(flag) ? relative(tree.root, flag) : flag).replace(/\/+$/, '') || '.';
  const files = ARCHIVE.test(flag) ? archiveFiles(tree, flag, path) : directoryFiles(tree, path);
  const chartYaml = files.get('Chart.yaml');
  const where = ARCHIVE.test(flag) ? `${flag} (packaged)` : flag;
  if (chartYaml === undefined) {
    throw new UserError(`--helm-chart ${where} has no Chart.yaml`, {
      hint: 'pass the directory or packaged .tgz of a Helm chart, such as one made by `helm create <name>`',
    });
  }
  const doc = parseDocument(text(chartYaml) ?? '');
  const name = doc.errors.length === 0 ? (doc.toJS() as { name?: unknown } | null)?.name : undefined;
  if (typeof name !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name)) {
    const file = ARCHIVE.test(flag) ? `${flag}: Chart.yaml` : posix.join(flag, 'Chart.yaml');
    throw new UserError(`${file}: the chart needs a name of lower-case letters, digits and dashes`, {
      hint: 'set `name:` in Chart.yaml, as `helm create` does',
    });
  }
  return { name, files, values: text(files.get('values.yaml')), schema: text(files.get('values.schema.json')) };
}

function directoryFiles(tree: ReadonlyTree, dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const path of tree.list(dir)) files.set(posix.relative(dir, path), tree.readBytes(path) ?? new Uint8Array());
  return files;
}

function archiveFiles(tree: ReadonlyTree, flag: string, path: string): Map<string, Uint8Array> {
  const bytes = tree.readBytes(path);
  if (bytes === undefined) {
    throw new UserError(`--helm-chart ${flag} not found`, {
      hint: 'pass the path of a packaged chart (helm package <dir>, helm pull <chart>) or of a chart directory',
    });
  }
  return readChartArchive(bytes, flag);
}

/**
 * renderedKinds lists the `apiVersion` and `kind` pairs written literally in the chart's templates, the
 * objects the operator will apply and so needs RBAC for. Templates are Go templates, not YAML, so this is a
 * line scan; a kind it cannot see (computed by a template) gets no RBAC marker and the operator's apply of
 * it is refused by the API server until one is added.
 */
export function renderedKinds(files: ReadonlyMap<string, Uint8Array>): Array<{ apiVersion: string; kind: string }> {
  const out = new Map<string, { apiVersion: string; kind: string }>();
  for (const [path, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b, 'en'))) {
    if (!path.startsWith('templates/') || path.startsWith('templates/tests/') || !/\.ya?ml$/.test(path)) continue;
    let apiVersion: string | undefined;
    for (const line of (text(bytes) ?? '').split('\n')) {
      if (/^---/.test(line)) apiVersion = undefined;
      const v = /^apiVersion:\s*([\w./-]+)\s*$/.exec(line);
      if (v !== null) apiVersion = v[1];
      const k = /^kind:\s*(\w+)\s*$/.exec(line);
      if (k !== null && apiVersion !== undefined) out.set(`${apiVersion} ${k[1]}`, { apiVersion, kind: k[1]! });
    }
  }
  return [...out.values()];
}
