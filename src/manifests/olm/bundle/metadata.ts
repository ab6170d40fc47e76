import { ANNOTATION } from '../model/annotations.js';

/** BundleMetadataOptions are the inputs of {@link buildBundleAnnotations}. */
export interface BundleMetadataOptions {
  packageName: string;
  channels: string[];
  defaultChannel?: string;
  builder: string;
  projectLayout: string;
  hasScorecard: boolean;
  /** Annotations from an existing annotations.yaml; keys operator-ts does not generate are kept. */
  existing?: Record<string, string>;
}

const GENERATED_KEYS = new Set<string>(Object.values(ANNOTATION));

/**
 * buildBundleAnnotations returns the ordered annotation map: core keys, metrics keys, test keys, then the
 * user's own keys from the previous annotations.yaml (operator-sdk's --overwrite drops them, issue #6787).
 */
export function buildBundleAnnotations(o: BundleMetadataOptions): [string, string][] {
  const out: [string, string][] = [
    [ANNOTATION.mediaType, 'registry+v1'],
    [ANNOTATION.manifests, 'manifests/'],
    [ANNOTATION.metadata, 'metadata/'],
    [ANNOTATION.package, o.packageName],
    [ANNOTATION.channels, o.channels.join(',')],
  ];
  if (o.defaultChannel !== undefined && o.defaultChannel !== '')
    out.push([ANNOTATION.defaultChannel, o.defaultChannel]);
  out.push(
    [ANNOTATION.metricsMediaType, 'metrics+v1'],
    [ANNOTATION.metricsBuilder, o.builder],
    [ANNOTATION.metricsLayout, o.projectLayout],
  );
  if (o.hasScorecard) out.push([ANNOTATION.testMediaType, 'scorecard+v1'], [ANNOTATION.testConfig, 'tests/scorecard/']);
  const custom = Object.entries(o.existing ?? {})
    .filter(([k]) => !GENERATED_KEYS.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [...out, ...custom];
}

/**
 * buildBundleDockerfile renders bundle.Dockerfile: FROM scratch, one LABEL per annotation in the same
 * order, then the COPY lines. bundleDir is the bundle directory relative to the Docker build context.
 */
export function buildBundleDockerfile(
  annotations: readonly [string, string][],
  bundleDir: string,
  hasScorecard: boolean,
): string {
  const dir = bundleDir.replace(/\/+$/, '') || '.';
  const lines = ['FROM scratch', '', '# Core bundle labels.'];
  for (const [k, v] of annotations) lines.push(`LABEL ${k}=${dockerQuote(v)}`);
  lines.push(
    '',
    '# Copy files to locations specified by labels.',
    `COPY ${dir}/manifests /manifests/`,
    `COPY ${dir}/metadata /metadata/`,
  );
  if (hasScorecard) lines.push(`COPY ${dir}/tests/scorecard /tests/scorecard/`);
  return `${lines.join('\n')}\n`;
}

function dockerQuote(value: string): string {
  return /^[A-Za-z0-9_.,:/+-]+$/.test(value) ? value : JSON.stringify(value);
}
