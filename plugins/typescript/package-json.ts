import { isAbsolute, relative, resolve } from 'node:path';
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
} as const;

/**
 * operatorTsSpec turns --operator-ts-version into a dependency spec: a version stays a version; a path
 * or a `.tgz` becomes `file:<path relative to the project>` so a project can use a local build.
 */
export function operatorTsSpec(value: string, cwd: string): string {
  const looksLikePath = value.endsWith('.tgz') || value.startsWith('.') || value.startsWith('/') || value.startsWith('file:') || value.includes('/');
  if (!looksLikePath) return value;
  const raw = value.startsWith('file:') ? value.slice('file:'.length) : value;
  const abs = isAbsolute(raw) ? raw : resolve(cwd, raw);
  const rel = relative(cwd, abs);
  return `file:${rel === '' ? '.' : rel.split('\\').join('/')}`;
}

/** packageJson builds the generated project's package.json object (keys in npm's usual order). */
export function packageJson(projectName: string, operatorTs: string): Record<string, unknown> {
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
      test: 'vitest run',
      manifests: 'operator-ts generate crd rbac webhook',
      generate: 'operator-ts generate code',
      lint: 'tsc --noEmit',
      bundle: bundleScript(),
    },
    dependencies: {
      '@kubernetes/client-node': VERSIONS.clientNode,
      'operator-ts': operatorTs,
    },
    devDependencies: {
      '@types/node': VERSIONS.typesNode,
      esbuild: VERSIONS.esbuild,
      node: VERSIONS.node,
      typescript: VERSIONS.typescript,
      vite: VERSIONS.vite,
      vitest: VERSIONS.vitest,
    },
  };
}

/** tsconfigJson is the strict type-checking configuration (covers src/ and test/). */
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
    include: ['src/**/*.ts', 'test/**/*.ts'],
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
