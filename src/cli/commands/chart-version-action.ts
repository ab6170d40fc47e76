import { isAbsolute, join, resolve } from 'node:path';
import semver from 'semver';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { UserError } from '../../errors/user-error.js';
import { VirtualTree } from '../../machinery/tree.js';
import {
  chartCrds,
  chartFromDirectory,
  chartFromGit,
  headCommit,
  type ChartSource,
} from '../../manifests/helm/chart-source.js';
import { bumpAtLeast, compareCrdSets, maxBump, type Bump, type Finding } from '../../manifests/helm/crd-diff.js';
import type { CliIO } from '../io.js';

/** ChartVersionOptions are the flags of `operator-ts chart version`. */
export interface ChartVersionOptions {
  /** Chart directory relative to cwd (default dist/chart). */
  readonly chart: string;
  /** auto, major, minor or patch; without it the command only checks. */
  readonly bump?: string;
  /** Git revision or directory of the previous chart (default HEAD). */
  readonly from: string;
  /** Refuse a pre-release version (the default branch publishes releases only). */
  readonly release: boolean;
}

interface ChartYaml {
  readonly doc: Document;
  readonly version: string;
  readonly line: number;
}

/** readChartYaml validates Chart.yaml: a map with a strict semver `version` and a non-empty `appVersion`. */
export function readChartYaml(text: string, file: string): ChartYaml {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const error = doc.errors[0];
  if (error !== undefined)
    throw new UserError(
      `${file}:${counter.linePos(error.pos[0]).line}: invalid YAML: ${error.message.split('\n')[0] ?? ''}`,
      { hint: 'fix the syntax of Chart.yaml' },
    );
  if (!isMap(doc.contents))
    throw new UserError(`${file}:1: Chart.yaml must be a map`, {
      hint: 'see https://helm.sh/docs/topics/charts/#the-chartyaml-file',
    });
  const lineOf = (key: string): number => {
    const pair =
      doc.contents !== null && isMap(doc.contents)
        ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key)
        : undefined;
    const range =
      (pair?.value as { range?: [number, number, number] } | undefined)?.range ??
      (pair?.key as { range?: [number, number, number] } | undefined)?.range;
    return range === undefined ? 1 : counter.linePos(range[0]).line;
  };
  const version: unknown = doc.get('version');
  if (typeof version !== 'string' || semver.valid(version) !== version)
    throw new UserError(
      `${file}:${lineOf('version')}: version ${JSON.stringify(version ?? null)} is not a strict semantic version`,
      {
        hint: 'write MAJOR.MINOR.PATCH with an optional -pre.release and +build, without a leading "v" (e.g. version: 0.1.0)',
      },
    );
  const appVersion: unknown = doc.get('appVersion');
  if (appVersion === undefined || appVersion === null || String(appVersion).trim() === '')
    throw new UserError(`${file}:${lineOf('appVersion')}: appVersion is missing`, {
      hint: 'set appVersion to the operator version the chart deploys (package.json version)',
    });
  return { doc, version, line: lineOf('version') };
}

async function previousChart(io: CliIO, options: ChartVersionOptions): Promise<ChartSource | undefined> {
  const dir = isAbsolute(options.from) ? options.from : resolve(io.cwd, options.from);
  const fromDir = chartFromDirectory(dir, options.from);
  if (fromDir !== undefined) return fromDir;
  return chartFromGit(io.cwd, options.from, options.chart.replace(/\/+$/, ''));
}

function describe(findings: readonly Finding[]): string {
  return findings
    .filter((f) => f.bump !== 'patch')
    .map((f) => `  ${f.bump.padEnd(5)} ${f.where}: ${f.reason}\n`)
    .join('');
}

const BUMPS: readonly string[] = ['auto', 'major', 'minor', 'patch'];

/**
 * chartVersionAction checks (and with --bump, sets) the chart version against the previous chart: the CRD
 * changes since then decide the least bump (see src/manifests/helm/crd-diff.ts). Without --bump a version that is not bumped
 * enough fails, so CI can run it; with --bump auto the version becomes the previous one bumped by that much.
 */
export async function chartVersionAction(io: CliIO, options: ChartVersionOptions): Promise<void> {
  if (options.bump !== undefined && !BUMPS.includes(options.bump))
    throw new UserError(`--bump ${JSON.stringify(options.bump)} is not a bump`, {
      hint: 'use --bump auto, major, minor or patch',
    });
  const chartDir = resolve(io.cwd, options.chart);
  const current = chartFromDirectory(chartDir, options.chart);
  if (current === undefined)
    throw new UserError(`${join(options.chart, 'Chart.yaml')} not found`, {
      hint: 'write the chart with `operator-ts edit --plugins helm/v1`, or name it with --chart <dir>',
    });
  const chartFile = join(options.chart, 'Chart.yaml');
  const chart = readChartYaml(current.files.get('Chart.yaml') ?? '', chartFile);
  if (options.release && semver.prerelease(chart.version) !== null)
    throw new UserError(`${chartFile}:${chart.line}: version ${chart.version} is a pre-release`, {
      hint: 'the default branch publishes releases only: drop the -pre-release part',
    });
  const previous = await previousChart(io, options);
  if (previous === undefined) {
    io.out(
      `${chartFile}: version ${chart.version}; no previous chart at ${options.from} to compare with (the first version)\n`,
    );
    if (options.bump !== undefined && options.bump !== 'auto')
      writeVersion(io, chartDir, chart, semver.inc(chart.version, options.bump as Bump) ?? chart.version, chartFile);
    return;
  }
  const base = readChartYaml(previous.files.get('Chart.yaml') ?? '', `${previous.label}/Chart.yaml`).version;
  if (
    options.bump !== 'major' &&
    options.bump !== 'minor' &&
    options.bump !== 'patch' &&
    sameChart(previous, current)
  ) {
    // Nothing of the chart changed (Chart.yaml aside): there is nothing to release, so nothing to bump.
    io.out(
      `${chartFile}: version ${chart.version}; the chart is unchanged since ${previous.label} (version ${base})\n`,
    );
    if (semver.lt(chart.version, base))
      throw new UserError(
        `${chartFile}:${chart.line}: version ${chart.version} is lower than ${base} of ${previous.label}`,
        { hint: `set version: ${base} or higher` },
      );
    await warnIfSelf(io, options, previous, current);
    return;
  }
  const findings = compareCrdSets(
    new Map([...chartCrds(previous)].map(([k, v]) => [k, v.crd])),
    new Map([...chartCrds(current)].map(([k, v]) => [k, v.crd])),
  );
  const needed = maxBump(findings);
  const bump = options.bump === undefined || options.bump === 'auto' ? needed : (options.bump as Bump);
  const why = describe(findings);
  if (!bumpAtLeast(bump, needed))
    throw new UserError(
      `--bump ${bump} is too small: the CRD changes since ${previous.label} (version ${base}) need a ${needed} bump:\n${why.trimEnd()}`,
      { hint: `use --bump ${needed} (or --bump auto)` },
    );
  const target = semver.inc(base, bump) ?? base;
  io.out(
    `${previous.label} is version ${base}; the CRD changes since then need a ${needed} bump${why === '' ? ' (no API change)' : ':'}\n${why}`,
  );
  if (options.bump === undefined) {
    if (semver.gte(chart.version, target)) {
      io.out(`${chartFile}: version ${chart.version} covers it\n`);
      return;
    }
    throw new UserError(
      `${chartFile}:${chart.line}: version ${chart.version} is not bumped enough: the ${needed} bump from ${base} is ${target}`,
      {
        hint: 'run `operator-ts chart version --bump auto`',
      },
    );
  }
  if (semver.gte(chart.version, target)) {
    io.out(`${chartFile}: version ${chart.version} already covers it\n`);
    return;
  }
  writeVersion(io, chartDir, chart, target, chartFile);
}

/**
 * warnIfSelf says so when the previous chart is the working tree's own: `--from` names the commit checked
 * out and the chart has no uncommitted change, as with the default `--from HEAD` in a CI clone, where the
 * check can never fail. A CI job has to compare with the branch the change goes to.
 */
async function warnIfSelf(
  io: CliIO,
  options: ChartVersionOptions,
  previous: ChartSource,
  current: ChartSource,
): Promise<void> {
  if (previous.commit === undefined || previous.files.get('Chart.yaml') !== current.files.get('Chart.yaml')) return;
  if (previous.commit !== (await headCommit(io.cwd))) return;
  io.err(
    `note: --from ${options.from} is the commit checked out and ${options.chart} has no change since it, ` +
      'so the chart was compared with itself. In CI, compare with the branch the change goes to (fetch its ' +
      'history first, e.g. actions/checkout with fetch-depth: 0): operator-ts chart version --from origin/main\n',
  );
}

function sameChart(a: ChartSource, b: ChartSource): boolean {
  const files = (c: ChartSource): string[] => [...c.files.keys()].filter((k) => k !== 'Chart.yaml').sort();
  return (
    JSON.stringify(files(a)) === JSON.stringify(files(b)) && files(a).every((k) => a.files.get(k) === b.files.get(k))
  );
}

function writeVersion(io: CliIO, chartDir: string, chart: ChartYaml, target: string, chartFile: string): void {
  chart.doc.set('version', target);
  const tree = new VirtualTree(chartDir);
  tree.write('Chart.yaml', chart.doc.toString({ indent: 2, indentSeq: false, lineWidth: 0 }));
  tree.flush();
  io.out(`${chartFile}: version ${chart.version} -> ${target}\n`);
}
