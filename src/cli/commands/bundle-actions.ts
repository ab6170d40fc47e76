import { join, relative, resolve } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import { cliVersion } from '../../machinery/template-root.js';
import { generateBundle } from '../../manifests/olm/bundle/generate-bundle.js';
import { assertVersion } from '../../manifests/olm/csv/build-csv.js';
import type { CrdDescriptorInput } from '../../manifests/olm/csv/descriptors.js';
import { isDirectory, pathExists } from '../../manifests/olm/fs/tree.js';
import type { Obj } from '../../manifests/olm/model/objects.js';
import { parseManifestStream, readManifestDir } from '../../manifests/olm/model/yaml-input.js';
import { ALL_CHECKS, OPTIONAL_VALIDATORS } from '../../manifests/olm/validate/registry.js';
import { formatFindings, hasErrors, validateBundle } from '../../manifests/olm/validate/validate-bundle.js';
import { errPaint, type CliIO } from '../io.js';
import { progressFor } from '../progress.js';
import type { RunContext } from '../run-context.js';
import {
  checkBundleOutputDir,
  checkChannels,
  checkNotEmpty,
  checkServiceAccounts,
  checkSkipRange,
} from './olm-flag-checks.js';
import { projectInfo, resolvePackageName, splitList } from './olm-project-info.js';

/** GenerateBundleFlags are the parsed flags of `operator-ts generate bundle`. */
export interface GenerateBundleFlags {
  version?: string;
  channels?: string;
  defaultChannel?: string;
  package?: string;
  inputDir?: string;
  outputDir?: string;
  baseCsv?: string;
  useImageDigests?: boolean;
  replaces?: string;
  skipRange?: string;
  extraServiceAccounts?: string;
  /** Folder of the API types whose `+operator-sdk:csv:customresourcedefinitions` markers are read (default `src/api`). */
  apisDir?: string;
  quiet?: boolean;
}

/**
 * generateBundleAction implements `operator-ts generate bundle`. `descriptors` are the owned-CRD
 * descriptors of `+operator-sdk:csv:customresourcedefinitions` markers; when not given they are read
 * from the API types under --apis-dir (default `src/api`, skipped when the folder does not exist).
 */
export async function generateBundleAction(
  ctx: RunContext,
  flags: GenerateBundleFlags,
  descriptors?: CrdDescriptorInput[],
): Promise<void> {
  const { io } = ctx;
  if (flags.version === undefined) {
    throw new UserError('--version is required', {
      hint: 'e.g. operator-ts generate bundle --version 0.1.0 (make bundle passes VERSION)',
    });
  }
  assertVersion(flags.version);
  checkBundleOutputDir(io.cwd, flags.outputDir);
  checkChannels(flags.channels);
  checkSkipRange(flags.skipRange);
  checkServiceAccounts(flags.extraServiceAccounts);
  checkNotEmpty('--apis-dir', flags.apisDir);
  checkNotEmpty('--input-dir', flags.inputDir);
  if (flags.inputDir !== undefined && !(await isDirectory(resolve(io.cwd, flags.inputDir))))
    throw new UserError(`--input-dir ${flags.inputDir} is not a directory`, {
      hint: 'pass a directory of YAML manifests, or pipe `kubectl kustomize config/manifests` on stdin',
    });
  if (flags.baseCsv !== undefined && !(await pathExists(resolve(io.cwd, flags.baseCsv))))
    throw new UserError(`base CSV ${flags.baseCsv} does not exist`, { hint: 'fix the --base-csv path' });
  const info = projectInfo(ctx.projectFile());
  const packageName = resolvePackageName(flags.package, info, io.cwd);
  const progress = progressFor(io, 'generate bundle', errPaint(io));
  try {
    progress.step('reading CSV markers of the API types');
    descriptors ??= await markerDescriptors(io.cwd, flags.apisDir);
    progress.step('reading the manifests');
    const manifests = await readInput(io, flags.inputDir);
    const digests = flags.useImageDigests === true;
    progress.step(digests ? 'building the bundle, resolving image digests' : 'building and checking the bundle');
    const inputs = { version: flags.version, manifests, packageName, layout: info.layout, descriptors };
    const result = await buildAndWrite(ctx, flags, inputs);
    progress.done();
    report(io, flags, result);
  } finally {
    progress.done();
  }
}

interface BundleInputs {
  readonly version: string;
  readonly manifests: Obj[];
  readonly packageName: string;
  readonly layout: string;
  readonly descriptors: CrdDescriptorInput[];
}

type BundleResult = Awaited<ReturnType<typeof generateBundle>>;

async function buildAndWrite(ctx: RunContext, flags: GenerateBundleFlags, inputs: BundleInputs): Promise<BundleResult> {
  const { io } = ctx;
  const { manifests, packageName, descriptors } = inputs;
  const resolveDigest =
    flags.useImageDigests === true
      ? (await import('../../manifests/olm/images/registry-resolver.js')).registryDigestResolver()
      : undefined;
  const epoch = process.env.SOURCE_DATE_EPOCH;
  return generateBundle({
    manifests,
    projectDir: io.cwd,
    packageName,
    version: inputs.version,
    builder: `operator-ts-v${cliVersion()}`,
    descriptors,
    projectLayout: inputs.layout,
    ...(resolveDigest !== undefined ? { resolveDigest } : {}),
    ...(flags.outputDir !== undefined ? { outputDir: flags.outputDir } : {}),
    ...(flags.baseCsv !== undefined ? { baseCsvFile: flags.baseCsv } : {}),
    ...(flags.channels !== undefined ? { channels: splitList(flags.channels) ?? [] } : {}),
    ...(flags.defaultChannel !== undefined ? { defaultChannel: flags.defaultChannel } : {}),
    ...(flags.replaces !== undefined ? { replaces: flags.replaces } : {}),
    ...(flags.skipRange !== undefined ? { skipRange: flags.skipRange } : {}),
    ...(flags.extraServiceAccounts !== undefined
      ? { extraServiceAccounts: splitList(flags.extraServiceAccounts) ?? [] }
      : {}),
    ...(epoch !== undefined && /^\d+$/.test(epoch)
      ? { createdAt: new Date(Number(epoch) * 1000).toISOString().replace(/\.\d+Z$/, 'Z') }
      : {}),
  });
}

function report(io: CliIO, flags: GenerateBundleFlags, result: BundleResult): void {
  for (const w of result.warnings) io.err(`${errPaint(io)('yellow', 'warning:')} ${w}\n`);
  if (result.findings.length > 0) io.err(formatFindings(result.findings));
  if (flags.quiet !== true) {
    const rel = (p: string): string => relative(io.cwd, p) || '.';
    for (const path of [...result.files.keys()].sort()) io.out(`wrote ${rel(resolve(result.outputDir, path))}\n`);
    io.out(`wrote ${rel(result.dockerfilePath)}\n`);
  }
}

/** markerDescriptors reads the CSV markers of the API types under apisDir; marker errors stop the run before anything is written. */
async function markerDescriptors(cwd: string, apisDir: string | undefined): Promise<CrdDescriptorInput[]> {
  const dir = apisDir ?? join('src', 'api');
  if (!(await isDirectory(resolve(cwd, dir)))) {
    if (apisDir !== undefined)
      throw new UserError(`--apis-dir ${apisDir} is not a directory`, {
        hint: 'pass the folder holding the API types (src/api in a scaffolded project)',
      });
    return [];
  }
  const { collectCsvDescriptors } = await import('../../manifests/olm/csv/marker-descriptors.js');
  const { operatorTsMarkers } = await import('../../generate/markers.js');
  const found = collectCsvDescriptors(operatorTsMarkers(), cwd, [
    `${relative(cwd, resolve(cwd, dir)).split('\\').join('/')}/**/*.ts`,
  ]);
  const errors = found.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const { formatDiagnostic } = await import('../../errors/diagnostic.js');
    throw new UserError(
      `invalid +operator-sdk:csv markers; nothing was written:\n${errors.map((d) => formatDiagnostic(d, resolve(cwd))).join('\n')}`,
      {
        hint: 'fix the markers named above (see operator-ts docs on CSV descriptors), then re-run',
      },
    );
  }
  return found.descriptors;
}

async function readInput(io: CliIO, inputDir: string | undefined): Promise<Obj[]> {
  if (inputDir !== undefined) {
    return (await readManifestDir(resolve(io.cwd, inputDir))).map((d) => d.obj);
  }
  const text = await io.readStdin?.();
  if (text === undefined || text.trim() === '') {
    throw new UserError('no input manifests: nothing on stdin and no --input-dir', {
      hint: 'run `kubectl kustomize config/manifests | operator-ts generate bundle --version 0.1.0`, or pass --input-dir <dir>',
    });
  }
  return parseManifestStream(text, '<stdin>').map((d) => d.obj);
}

/** BundleValidateFlags are the parsed flags of `operator-ts bundle validate`. */
export interface BundleValidateFlags {
  selectOptional?: string[];
  optionalValues?: string;
  output?: string;
  /** The same as `output: 'json'`. */
  json?: boolean;
  /** Whether --output was on the command line (not its default). */
  outputGiven?: boolean;
  listOptional?: boolean;
}

/** bundleValidateAction implements `operator-ts bundle validate <dir>`: prints findings, fails on errors. */
export async function bundleValidateAction(
  io: CliIO,
  dir: string | undefined,
  flags: BundleValidateFlags,
): Promise<void> {
  if (flags.listOptional === true) {
    for (const [name, opt] of Object.entries(OPTIONAL_VALIDATORS)) {
      const checks = ALL_CHECKS.filter((c) => opt.validators.includes(c.validator)).map((c) => c.name);
      io.out(
        `${name}\t${Object.entries(opt.labels)
          .map(([k, v]) => `${k}=${v}`)
          .join(',')}\t${checks.join(' ')}\n`,
      );
    }
    return;
  }
  if (dir === undefined)
    throw new UserError('missing bundle directory', { hint: 'operator-ts bundle validate ./bundle' });
  const output = flags.json === true ? 'json' : (flags.output ?? 'text');
  if (output !== 'text' && output !== 'json')
    throw new UserError(`--output ${output} is not supported`, { hint: 'use --output text or --output json' });
  if (flags.json === true && flags.output === 'text' && flags.outputGiven === true)
    throw new UserError('--json and --output text ask for different formats', { hint: 'drop one of them' });
  const root = resolve(io.cwd, dir);
  if (!(await isDirectory(root)))
    throw new UserError(`bundle directory ${dir} does not exist`, {
      hint: 'run operator-ts generate bundle first (make bundle)',
    });
  const optionalValues: Record<string, string> = {};
  for (const pair of splitList(flags.optionalValues) ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0)
      throw new UserError(`--optional-values "${pair}" is not key=value`, {
        hint: 'e.g. --optional-values k8s-version=1.30',
      });
    optionalValues[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const findings = await validateBundle(root, { selectOptional: flags.selectOptional ?? [], optionalValues });
  if (output === 'json') io.out(`${JSON.stringify({ passed: !hasErrors(findings), findings }, null, 2)}\n`);
  else io.out(formatFindings(findings));
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (errors > 0) {
    throw new UserError(`bundle ${dir} has ${errors} validation error(s)`, {
      hint: 'fix the findings marked ERROR above; warnings do not fail validation',
    });
  }
}
