import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { execa } from 'execa';
import semver from 'semver';
import { UserError } from '../../errors/user-error.js';
import { cliVersion } from '../../machinery/template-root.js';
import { generatorDependencies, readManifest } from '../generator-deps.js';
import type { CliIO } from '../io.js';
import { startProgress } from '../progress.js';
import { inProcessScaffolder, programScaffolder, type RunArgv, type Scaffolder } from './scaffolder.js';

/** CLI_CACHE_ENV overrides where other operator-ts versions are installed (default ~/.cache/operator-ts/cli). */
export const CLI_CACHE_ENV = 'OPERATOR_TS_CLI_CACHE';

function cacheRoot(): string {
  const own = process.env[CLI_CACHE_ENV];
  if (own !== undefined && own !== '') return own;
  const xdg = process.env['XDG_CACHE_HOME'];
  return join(xdg !== undefined && xdg !== '' ? xdg : join(homedir(), '.cache'), 'operator-ts', 'cli');
}

function looksLikePath(spec: string): boolean {
  return spec.startsWith('.') || isAbsolute(spec) || spec.includes('/') || spec.includes('\\') || spec.endsWith('.tgz');
}

/** packageAt reads an operator-ts package folder: its version and launcher, or a UserError naming what is missing. */
function packageAt(dir: string, spec: string): { version: string; bin: string } {
  const pkgPath = join(dir, 'package.json');
  const pkg = existsSync(pkgPath)
    ? (JSON.parse(readFileSync(pkgPath, 'utf8')) as { name?: unknown; version?: unknown })
    : undefined;
  const bin = join(dir, 'bin', 'operator-ts.js');
  if (pkg?.name !== 'operator-ts' || typeof pkg.version !== 'string' || !existsSync(bin))
    throw new UserError(
      `${spec} is not an operator-ts package (no package.json named operator-ts with bin/operator-ts.js)`,
      {
        hint:
          'give a version (0.1.0), a tarball made by `npm pack` in an operator-ts checkout, ' +
          'or the folder of a built checkout',
      },
    );
  if (!existsSync(join(dir, 'dist', 'src', 'cli', 'main.js')))
    throw new UserError(`${spec} holds operator-ts ${pkg.version} but it is not built (no dist/)`, {
      hint: `run \`npm run build\` in ${dir}`,
    });
  return { version: pkg.version, bin };
}

/**
 * npmInstall installs spec into target with npm, through a sibling folder renamed into place once npm has
 * succeeded: an install that failed or was interrupted leaves no half-filled cache entry to be taken later.
 */
async function npmInstall(io: CliIO, target: string, spec: string, label: string): Promise<void> {
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const progress = startProgress(io.err, `installing ${label}`, { tty: io.errIsTTY === true });
  const install = (specs: readonly string[]) =>
    execa(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', '--prefix', partial, ...specs],
      {
        reject: false,
        stdin: 'ignore',
        ...(io.signal === undefined ? {} : { cancelSignal: io.signal }),
      },
    );
  try {
    let r = await install([spec]);
    // A release that keeps its generator in devDependencies (generatorDependencies) needs them next to it to
    // scaffold; they go in the same install, since a later --no-save install would prune operator-ts.
    const manifest = r.exitCode === 0 ? readManifest(join(partial, 'node_modules', 'operator-ts')) : undefined;
    const generator = Object.entries(manifest === undefined ? {} : generatorDependencies(manifest));
    if (generator.length > 0) r = await install([spec, ...generator.map(([name, version]) => `${name}@${version}`)]);
    progress.done(r.exitCode === 0 ? 'done' : 'failed');
    io.signal?.throwIfAborted();
    if (r.exitCode !== 0)
      throw new UserError(
        `cannot install ${label} with npm: ${String(r.stderr).trim().split('\n').slice(-3).join(' ')}`,
        {
          hint:
            'check the version exists (npm view operator-ts versions) and that the registry is reachable, ' +
            'or pass a tarball made by `npm pack`',
        },
      );
    // Another run may have filled the entry meanwhile: then its copy stays.
    if (!existsSync(join(target, 'node_modules', 'operator-ts', 'package.json'))) {
      rmSync(target, { recursive: true, force: true });
      renameSync(partial, target);
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * scaffolderFor gives the operator-ts that scaffolds for a version spec: this CLI when the spec is its own
 * version; the folder of a built operator-ts package; a tarball (`npm pack`), installed once into the cache;
 * or a published version, installed once from the registry (as `npx operator-ts@<version>` would).
 */
export async function scaffolderFor(spec: string, io: CliIO, flag: string, runArgv: RunArgv): Promise<Scaffolder> {
  if (spec === cliVersion()) return inProcessScaffolder(spec, io.signal, runArgv);
  if (looksLikePath(spec)) {
    const path = resolve(io.cwd, spec);
    if (!existsSync(path))
      throw new UserError(`${flag} ${spec}: no such file or folder`, {
        hint: 'give a version, an operator-ts tarball or a built operator-ts folder',
      });
    if (statSync(path).isDirectory()) {
      const found = packageAt(path, spec);
      return programScaffolder(found.version, found.bin, io.signal);
    }
    const digest = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
    const target = join(cacheRoot(), `tarball-${digest}`);
    const installed = join(target, 'node_modules', 'operator-ts');
    if (!existsSync(join(installed, 'package.json'))) await npmInstall(io, target, path, spec);
    const found = packageAt(installed, spec);
    return programScaffolder(found.version, found.bin, io.signal);
  }
  const version = semver.valid(semver.clean(spec) ?? spec);
  if (version === null)
    throw new UserError(`${flag} ${JSON.stringify(spec)} is neither a version nor a path`, {
      hint: `for example ${flag} 0.1.0, or ${flag} ./operator-ts-0.1.0.tgz`,
    });
  if (version === cliVersion()) return inProcessScaffolder(version, io.signal, runArgv);
  const target = join(cacheRoot(), version);
  const installed = join(target, 'node_modules', 'operator-ts');
  if (!existsSync(join(installed, 'package.json')))
    await npmInstall(io, target, `operator-ts@${version}`, `operator-ts ${version}`);
  const found = packageAt(installed, `operator-ts@${version}`);
  return programScaffolder(found.version, found.bin, io.signal);
}
