import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../machinery/template-root.js';
import {
  generatorDependencies,
  generatorExec,
  installHint,
  markStarted,
  missingPackages,
  readManifest,
  selfPackageSpecs,
} from './generator-deps.js';
import { relaunch } from './relaunch.js';

/** Options of {@link runWithGeneratorDependencies}; tests replace where packages are looked up. */
export interface GeneratorCheck {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly err: (text: string) => void;
  readonly ownDir?: string;
  readonly resolveName?: (name: string) => string;
}

function list(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/**
 * runWithGeneratorDependencies makes sure the CLI can load its generator dependencies before it starts.
 * It resolves to undefined when they are installed next to operator-ts (a project after `npm install`,
 * this repository), so the launcher goes on. When they are not (a bare `npx operator-ts`, an operator
 * installed with `--omit=dev`), it runs the same command once more through `npm exec` with them and resolves
 * to that run's exit code, or to 1 with an error and a hint when that is not possible.
 */
export async function runWithGeneratorDependencies(check: GeneratorCheck): Promise<number | undefined> {
  const relaunched = markStarted(check.env);
  const ownDir = check.ownDir ?? packageRoot();
  const manifest = readManifest(ownDir) ?? {};
  const deps = generatorDependencies(manifest);
  const missing = missingPackages(Object.keys(deps), check.resolveName);
  if (missing.length === 0) return undefined;
  const version = manifest.version ?? '0.0.0';
  const self = selfPackageSpecs(ownDir, version);
  if (relaunched || self === undefined) {
    const fix =
      self === undefined
        ? `run \`npm install\` in ${ownDir}`
        : `install them next to operator-ts: ${installHint(version, deps)}`;
    check.err(
      `Error: operator-ts cannot find ${list(missing)}, which its commands load, from ${ownDir}\nHint: ${fix}\n`,
    );
    return 1;
  }
  check.err(
    `operator-ts: ${list(missing)} ${missing.length === 1 ? 'is' : 'are'} not installed next to operator-ts; ` +
      'running the command again through npm exec with them (a generated project lists them in devDependencies)\n',
  );
  const dir = mkdtempSync(join(tmpdir(), 'operator-ts-exec-'));
  const marker = join(dir, 'started');
  try {
    const code = await relaunch(generatorExec(self, deps, check.argv, check.env, marker));
    if (code === 0 || existsSync(marker)) return code;
    check.err(
      `Error: npm exec could not install the generator dependencies of operator-ts (npm's messages are above)\n` +
        "Hint: check the network and npm's registry settings, or install them in a project: " +
        `${installHint(version, deps)}\n`,
    );
    return 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
