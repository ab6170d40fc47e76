import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UserError } from '../../../errors/user-error.js';
import { VirtualTree } from '../../../machinery/tree.js';
import { toYaml } from '../../../yaml/yaml.js';
import { readTree, pathExists } from '../fs/tree.js';
import { pinImageDigests, type DigestResolver } from '../images/pin-digests.js';
import { isObj, type Obj } from '../model/objects.js';
import { parseManifestStream } from '../model/yaml-input.js';
import { formatFindings, validateBundleFiles } from '../validate/validate-bundle.js';
import type { Finding } from '../validate/types.js';
import { buildBundle, type BundleOptions } from './build-bundle.js';
import { bundleFileName } from './file-names.js';

/** GenerateBundleOptions drive {@link generateBundle}: the bundle options plus where to read and write. */
export interface GenerateBundleOptions extends Omit<BundleOptions, 'bundleDirInContext' | 'existingAnnotations'> {
  /** Parsed input objects (kustomize output). */
  manifests: Obj[];
  /** Project root: base CSV and bundle.Dockerfile paths are relative to it. */
  projectDir: string;
  /** Bundle output directory (default `<projectDir>/bundle`). */
  outputDir?: string;
  /** Base CSV file; default `config/manifests/bases/<package>.clusterserviceversion.yaml`. */
  baseCsvFile?: string;
  /** When set, image tags in the CSV are pinned to the digests it returns (--use-image-digests). */
  resolveDigest?: DigestResolver;
}

/** GenerateBundleResult reports what was written and the non-fatal findings. */
export interface GenerateBundleResult {
  outputDir: string;
  dockerfilePath: string;
  files: Map<string, string>;
  warnings: string[];
  findings: Finding[];
}

/**
 * generateBundle builds the bundle in memory, validates it with the default checks and only then writes
 * it, with bundle.Dockerfile, in one flush of the virtual tree: stale manifests disappear, files the user
 * added under metadata/ or tests/ are kept. Any error leaves disk untouched.
 */
export async function generateBundle(o: GenerateBundleOptions): Promise<GenerateBundleResult> {
  const projectDir = resolve(o.projectDir);
  const outputDir = resolve(projectDir, o.outputDir ?? 'bundle');
  const baseRel = o.baseCsvFile ?? join('config', 'manifests', 'bases', `${o.packageName}.clusterserviceversion.yaml`);
  const basePath = isAbsolute(baseRel) ? baseRel : join(projectDir, baseRel);
  let baseCsv: Obj | undefined;
  if (await pathExists(basePath)) {
    const docs = parseManifestStream(await readFile(basePath, 'utf8'), basePath);
    baseCsv = docs.find((d) => d.obj.kind === 'ClusterServiceVersion')?.obj;
    if (baseCsv === undefined) {
      throw new UserError(`${basePath} holds no ClusterServiceVersion`, {
        hint: 'the base CSV file must contain one object with kind: ClusterServiceVersion',
      });
    }
  } else if (o.baseCsvFile !== undefined) {
    throw new UserError(`base CSV ${basePath} does not exist`, { hint: 'fix the --base-csv path' });
  }
  const existing = await readTree(outputDir);
  const existingAnnotations = readAnnotations(existing.get('metadata/annotations.yaml'));
  const bundleDirInContext = relative(projectDir, outputDir).split('\\').join('/') || '.';
  const built = buildBundle({
    manifests: o.manifests,
    ...(baseCsv !== undefined ? { baseCsv } : {}),
    options: {
      ...o,
      baseCsvPath: relative(projectDir, basePath) || basePath,
      bundleDirInContext,
      ...(existingAnnotations !== undefined ? { existingAnnotations } : {}),
    },
  });
  if (o.resolveDigest !== undefined) {
    const pinned = await pinImageDigests(built.csv, o.resolveDigest);
    built.files.set(`manifests/${bundleFileName(pinned, o.packageName)}`, toYaml(pinned, { sortKeys: true }));
  }
  const staged = new Map<string, string>();
  for (const [path, content] of existing) if (!path.startsWith('manifests/')) staged.set(path, content);
  for (const [path, content] of built.files) staged.set(path, content);

  const findings = validateBundleFiles(staged);
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    throw new UserError(`the generated bundle is invalid; nothing was written:\n${formatFindings(errors).trimEnd()}`, {
      hint: 'fix the base CSV or the input manifests named above, then re-run',
    });
  }
  // One flush for the bundle and its Dockerfile: stale manifests go, and a failure leaves both as they were.
  const tree = new VirtualTree(projectDir);
  const inProject = (path: string): string => relative(projectDir, join(outputDir, path)).split(sep).join('/');
  for (const [path, content] of staged) tree.write(inProject(path), content);
  for (const path of existing.keys()) if (!staged.has(path)) tree.remove(inProject(path));
  const dockerfilePath = join(projectDir, 'bundle.Dockerfile');
  tree.write('bundle.Dockerfile', built.dockerfile);
  tree.flush();
  return { outputDir, dockerfilePath, files: staged, warnings: built.warnings, findings };
}

function readAnnotations(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  try {
    const doc = parseManifestStream(text, 'annotations.yaml')[0]?.obj;
    if (!isObj(doc?.annotations)) return undefined;
    return Object.fromEntries(Object.entries(doc.annotations).map(([k, v]) => [k, String(v)]));
  } catch {
    return undefined;
  }
}
