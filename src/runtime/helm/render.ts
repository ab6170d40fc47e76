import { parseAllDocuments } from 'yaml';
import type { KubernetesObject } from '../resource.js';

/** RenderOptions say what {@link renderChart} renders and with which Helm. */
export interface RenderOptions {
  /** Path of the chart: a directory or a packaged `.tgz`. */
  chart: string;
  /** Release name, which the chart's templates see as `.Release.Name`. */
  releaseName: string;
  /** Namespace, `.Release.Namespace`, and the namespace given to namespaced objects that name none. */
  namespace: string;
  /** Values, merged over the chart's values.yaml as `helm template --values` would. */
  values: Record<string, unknown>;
  /** Path of the Helm binary; `helm` on the PATH when absent. */
  helm?: string;
  /** Aborts the Helm process. */
  signal?: AbortSignal;
}

/** RenderedChart is the outcome of one render: the objects, and the hooks left out. */
export interface RenderedChart {
  /** The chart's objects in the order Helm printed them. */
  objects: KubernetesObject[];
  /** `Kind/name` of each Helm hook left out: hooks belong to Helm's release lifecycle, which a reconciler replaces. */
  skippedHooks: string[];
}

/** HelmRenderError is a failed `helm template`: the message is Helm's own error output. */
export class HelmRenderError extends Error {
  /** HelmRenderError.name is fixed so that it survives minification and structured logs. */
  override readonly name = 'HelmRenderError';
}

/**
 * renderChart runs `helm template` with the values on stdin (`--values -`) and parses its output. Test
 * hooks are skipped by Helm (`--skip-tests`); other hooks are left out and listed, because Helm runs them
 * at install and upgrade time, and a reconciler has no install or upgrade.
 */
export async function renderChart(options: RenderOptions): Promise<RenderedChart> {
  const { execa } = await import('execa');
  const args = [
    'template',
    options.releaseName,
    options.chart,
    '--namespace',
    options.namespace,
    '--values',
    '-',
    '--skip-tests',
  ];
  const run = await execa(options.helm ?? 'helm', args, {
    input: JSON.stringify(options.values),
    reject: false,
    ...(options.signal !== undefined ? { cancelSignal: options.signal } : {}),
    env: { HELM_NO_PLUGINS: '1' },
  });
  if (run.failed) {
    const detail = (
      String(run.stderr ?? '') ||
      String(run.stdout ?? '') ||
      (run.shortMessage ?? 'helm template failed')
    ).trim();
    throw new HelmRenderError(helmMessage(detail));
  }
  return parseRender(String(run.stdout ?? ''));
}

/**
 * helmMessage makes Helm's error output one line for a status condition: without the `Error: ` prefix and
 * the advice to rerun with --debug, which a reconciler cannot follow, and with its indented lines joined.
 */
export function helmMessage(stderr: string): string {
  return stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^Use --debug flag/.test(l))
    .join(' ')
    .replace(/^Error: /, '');
}

/** parseRender turns the multi-document YAML `helm template` prints into objects, dropping empty documents and hooks. */
export function parseRender(text: string): RenderedChart {
  const objects: KubernetesObject[] = [];
  const skippedHooks: string[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0)
      throw new HelmRenderError(`helm template printed invalid YAML: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as unknown;
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object' || Array.isArray(value))
      throw new HelmRenderError('helm template printed a document that is not an object');
    const object = value as KubernetesObject;
    if (object.metadata?.annotations?.['helm.sh/hook'] !== undefined) {
      skippedHooks.push(`${object.kind ?? ''}/${object.metadata?.name ?? ''}`);
      continue;
    }
    objects.push(object);
  }
  return { objects, skippedHooks };
}
