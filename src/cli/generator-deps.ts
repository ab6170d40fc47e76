import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { packageRoot } from '../machinery/template-root.js';

/**
 * GENERATOR_EXEC_ENV is set on the `npm exec` that re-runs the CLI with its generator dependencies. Its value
 * is a file the re-run launcher creates as it starts, so the first launcher can tell an `npm exec` that
 * failed to install (no file) from a command that failed (file present); a launcher that sees the variable
 * never re-runs itself again.
 */
export const GENERATOR_EXEC_ENV = 'OPERATOR_TS_GENERATOR_EXEC';

/** Manifest is the part of a package.json the launcher reads. */
export interface Manifest {
  readonly name?: string;
  readonly version?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  /**
   * Packages only the CLI side loads (the generator, the scaffolder, the command line). They are pinned in
   * devDependencies rather than dependencies, so that `npm ci --omit=dev` of an operator leaves them out;
   * `init` writes them into the generated project's devDependencies with the same versions.
   */
  readonly generatorDependencies?: readonly string[];
  /** Written by `npm exec` into the package.json of the tree it installs: the package specs it was given. */
  readonly _npx?: { readonly packages?: readonly string[] };
}

/** readManifest reads dir/package.json, or returns undefined when there is none or it is not JSON. */
export function readManifest(dir: string): Manifest | undefined {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * generatorDependencies maps each package of the manifest's `generatorDependencies` to its pinned version in
 * `devDependencies`, the one place the versions are written down.
 */
export function generatorDependencies(manifest: Manifest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of manifest.generatorDependencies ?? []) {
    const version = manifest.devDependencies?.[name];
    if (version === undefined)
      throw new Error(`operator-ts package.json: generator dependency ${name} has no version in devDependencies`);
    out[name] = version;
  }
  return out;
}

/** ownGeneratorDependencies is {@link generatorDependencies} of the running operator-ts package. */
export function ownGeneratorDependencies(): Record<string, string> {
  return generatorDependencies(readManifest(packageRoot()) ?? {});
}

/** isMissing tells a package that cannot be found from one that is found but not importable by its bare name. */
function isMissing(err: unknown): boolean {
  return (err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND';
}

/**
 * missingPackages returns the names that cannot be resolved from the CLI's own modules (where the CLI imports
 * them from). Resolving reads package.json files only; nothing is loaded.
 */
export function missingPackages(
  names: readonly string[],
  resolveName: (name: string) => string = (n) => import.meta.resolve(n),
): string[] {
  return names.filter((name) => {
    try {
      resolveName(name);
      return false;
    } catch (err) {
      return isMissing(err);
    }
  });
}

/**
 * selfPackageSpecs returns the `npm exec --package` specs that install this operator-ts again, or undefined
 * when it does not run from a node_modules folder (a checkout, where `npm install` is the fix). Under
 * `npx`/`npm exec` they are the specs that tree was installed from (npm records them in its package.json),
 * so a tarball gives the same build again; in a project that depends on a local build, that build's path;
 * anywhere else, and for a registry spec, the running version from the registry.
 */
export function selfPackageSpecs(ownDir: string, version: string): string[] | undefined {
  if (basename(dirname(ownDir)) !== 'node_modules') return undefined;
  const root = dirname(dirname(ownDir));
  const manifest = readManifest(root);
  const npx = manifest?._npx?.packages;
  // A registry spec of operator-ts (`operator-ts`, `operator-ts@latest`) becomes the running version, whose
  // generator versions these are; a tarball, a folder or a git URL stays as given.
  const registrySpec = /^operator-ts(?:@[^/]*)?$/;
  // Array.isArray would widen the readonly string[] to any[].
  if (npx !== undefined && npx.length > 0) return npx.map((p) => (registrySpec.test(p) ? `operator-ts@${version}` : p));
  const spec = manifest?.dependencies?.['operator-ts'] ?? manifest?.devDependencies?.['operator-ts'];
  if (spec?.startsWith('file:') === true) return [resolve(root, spec.slice('file:'.length))];
  return [`operator-ts@${version}`];
}

/** GeneratorExec is how the launcher re-runs the CLI through `npm exec` with its generator dependencies. */
export interface GeneratorExec {
  readonly command: string;
  readonly args: string[];
  readonly env: NodeJS.ProcessEnv;
}

/**
 * generatorExec builds `npm exec --yes --package=<operator-ts> --package=<name>@<version> ... -- operator-ts
 * <args>`. npm installs every `--package` into one tree, so the generator dependencies land next to
 * operator-ts where its imports find them; npm keeps that tree and reuses it on later runs.
 */
export function generatorExec(
  self: readonly string[],
  deps: Readonly<Record<string, string>>,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  marker: string,
): GeneratorExec {
  const packages = [...self, ...Object.entries(deps).map(([name, version]) => `${name}@${version}`)];
  return {
    command: 'npm',
    args: ['exec', '--yes', ...packages.map((p) => `--package=${p}`), '--', 'operator-ts', ...argv.slice(2)],
    env: { ...env, [GENERATOR_EXEC_ENV]: marker },
  };
}

/** installHint is the command that puts operator-ts and its generator dependencies into a project. */
export function installHint(version: string, deps: Readonly<Record<string, string>>): string {
  return [
    'npm install --save-dev',
    `operator-ts@${version}`,
    ...Object.entries(deps).map(([n, v]) => `${n}@${v}`),
  ].join(' ');
}

/**
 * markStarted is called by a launcher started through {@link generatorExec}: it creates the marker file and
 * drops the variable, so that programs the CLI runs (npm install, ...) start with a clean environment.
 */
export function markStarted(env: NodeJS.ProcessEnv): boolean {
  const marker = env[GENERATOR_EXEC_ENV];
  if (marker === undefined) return false;
  delete env[GENERATOR_EXEC_ENV];
  if (marker !== '') writeFileSync(marker, '');
  return true;
}
