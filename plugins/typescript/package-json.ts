import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { UserError } from '../../src/index.js';
import { bundleScript } from './bundle-script.js';
import { managerStartScript } from './manager-flags.js';

/** VERSIONS pins what a generated project installs (the node package runs npm scripts on Node 24 anywhere). */
export const VERSIONS = {
  clientNode: '2.0.1',
  typescript: '6.0.3',
  vitest: '4.1.12',
  vite: '8.3.8',
  typesNode: '24.19.4',
  node: '24.9.0',
  esbuild: '0.28.2',
  eslint: '10.16.0',
  eslintJs: '10.0.1',
  typescriptEslint: '8.74.0',
  prettier: '3.10.1',
  tsx: '4.23.15',
} as const;

const SPEC_HINT =
  'pass a version published on npm (0.1.0, ^0.1.0, latest), a .tgz made by `npm pack`, or the folder of an operator-ts build';

/** looksLikePath tells a local build (a path or a `.tgz`) from a registry version in --operator-ts-version. */
function looksLikePath(value: string): boolean {
  return (
    value.endsWith('.tgz') ||
    value.startsWith('.') ||
    value.startsWith('/') ||
    value.startsWith('file:') ||
    value.includes('/')
  );
}

/**
 * checkOperatorTsSpec refuses a --operator-ts-version that npm install could not resolve (a path that is
 * not there, a folder without a package.json, text that is no version, range or tag), before anything is
 * written rather than when the install fails afterwards.
 */
export function checkOperatorTsSpec(value: string, cwd: string): void {
  if (!looksLikePath(value)) {
    if (
      !/^(?:[a-z][a-z0-9._-]*|[~^]?\d+(?:\.(?:\d+|x|\*)){0,2}(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?|[<>]=?\s*\d[\w.+-]*)$/.test(
        value,
      )
    )
      throw new UserError(
        `--operator-ts-version ${JSON.stringify(value)} is neither a version, a range, a dist-tag nor a path`,
        { hint: SPEC_HINT },
      );
    return;
  }
  const raw = value.startsWith('file:') ? value.slice('file:'.length) : value;
  const abs = isAbsolute(raw) ? raw : resolve(cwd, raw);
  const stat = existsSync(abs) ? statSync(abs) : undefined;
  if (stat === undefined)
    throw new UserError(`--operator-ts-version ${value}: ${abs} does not exist`, { hint: SPEC_HINT });
  if (raw.endsWith('.tgz') ? !stat.isFile() : stat.isDirectory() && !existsSync(join(abs, 'package.json')))
    throw new UserError(
      `--operator-ts-version ${value}: ${abs} is not ${raw.endsWith('.tgz') ? 'a file' : 'a package (no package.json)'}`,
      { hint: SPEC_HINT },
    );
}

/**
 * operatorTsSpec turns --operator-ts-version into a dependency spec: a version stays a version; a path
 * or a `.tgz` becomes `file:<path relative to the project>` so a project can use a local build.
 */
export function operatorTsSpec(value: string, cwd: string): string {
  if (!looksLikePath(value)) return value;
  const raw = value.startsWith('file:') ? value.slice('file:'.length) : value;
  const abs = isAbsolute(raw) ? raw : resolve(cwd, raw);
  const rel = relative(cwd, abs);
  return `file:${rel === '' ? '.' : rel.split('\\').join('/')}`;
}

/**
 * packageJson builds the generated project's package.json object (keys in npm's usual order). The CLI's
 * generator dependencies (`generator`: ts-morph, handlebars, commander, ...) go to devDependencies: the
 * project's `operator-ts` scripts load them, its manager never does, so `npm ci --omit=dev` leaves them out.
 */
export function packageJson(
  projectName: string,
  operatorTs: string,
  generator: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const devDependencies: Record<string, string> = {
    ...generator,
    '@eslint/js': VERSIONS.eslintJs,
    '@types/node': VERSIONS.typesNode,
    esbuild: VERSIONS.esbuild,
    eslint: VERSIONS.eslint,
    node: VERSIONS.node,
    prettier: VERSIONS.prettier,
    tsx: VERSIONS.tsx,
    typescript: VERSIONS.typescript,
    'typescript-eslint': VERSIONS.typescriptEslint,
    vite: VERSIONS.vite,
    vitest: VERSIONS.vitest,
  };
  return {
    name: projectName,
    version: '0.0.1',
    private: true,
    description: `${projectName}: a Kubernetes operator built with operator-ts`,
    type: 'module',
    engines: { node: '>=22.19' },
    scripts: {
      build: 'tsc -p tsconfig.build.json',
      start: managerStartScript(),
      // `tsx watch` with readable logs (tsx maps the `.js` specifiers of the sources to their `.ts` files, which
      // node's type stripping does not), and `generate` again whenever an API type under src/api changes.
      dev: 'operator-ts dev',
      test: 'vitest run',
      // The Kind suite (make test-e2e): a cluster with the image loaded; `npm test` leaves test/e2e out.
      'test:e2e': 'vitest run --config test/e2e/vitest.config.ts',
      manifests: 'operator-ts generate crd rbac webhook',
      generate: 'operator-ts generate code',
      typecheck: 'tsc --noEmit',
      lint: 'eslint .',
      'lint:fix': 'eslint . --fix',
      format: 'prettier --write .',
      'format:check': 'prettier --check .',
      bundle: bundleScript(),
    },
    dependencies: {
      '@kubernetes/client-node': VERSIONS.clientNode,
      'operator-ts': operatorTs,
    },
    // npm's own order (npm install --save-dev sorts them this way).
    devDependencies: Object.fromEntries(Object.entries(devDependencies).sort(([a], [b]) => a.localeCompare(b, 'en'))),
  };
}

/** tsconfigJson is the strict type-checking configuration (covers src/, test/ and the vitest configuration, which type-aware lint reads through it). */
export function tsconfigJson(): Record<string, unknown> {
  return {
    compilerOptions: {
      target: 'ES2023',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023'],
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      noImplicitOverride: true,
      esModuleInterop: true,
      skipLibCheck: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      sourceMap: true,
      outDir: 'dist',
      rootDir: '.',
    },
    include: ['src/**/*.ts', 'test/**/*.ts', 'vitest.config.ts'],
  };
}

/** tsconfigBuildJson compiles src/ (without tests) to dist/ so that `npm start` runs dist/main.js. */
export function tsconfigBuildJson(): Record<string, unknown> {
  return {
    extends: './tsconfig.json',
    compilerOptions: { rootDir: 'src', outDir: 'dist' },
    include: ['src/**/*.ts'],
    exclude: ['src/**/*.test.ts'],
  };
}
