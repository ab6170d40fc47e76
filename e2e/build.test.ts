// A new user's first hour, with the BUILT CLI (run `npm run build` first): pack operator-ts as the registry
// would ship it, `init` a project against that tarball (init runs npm install), add an API and its
// webhooks, then the project's own scripts must pass: manifests, generate, build, test and a type check.
// The project's npm scripts run on its pinned Node 24 (the `node` devDependency).
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliOk } from './helpers/cli.js';
import { packOperatorTs } from './helpers/pack.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

/** npm runs npm in the project and fails the test with its output when it fails. */
async function npm(dir: string, ...args: string[]): Promise<string> {
  const r = await execa('npm', args, {
    cwd: dir,
    reject: false,
    stdin: 'ignore',
    all: true,
    env: { NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  if (r.exitCode !== 0) throw new Error(`npm ${args.join(' ')} exited ${r.exitCode} in ${dir}\n${String(r.all)}`);
  return String(r.all);
}

describe('a generated project installs, builds and passes its own tests', () => {
  let work = '';
  let dir = '';

  beforeAll(async () => {
    work = await makeWorkdir('build');
    const tarball = await packOperatorTs(join(work, 'pack'));
    dir = join(work, 'memcached-operator');
    await mkdir(dir);
    await runCliOk(
      ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--operator-ts-version', tarball],
      dir,
    );
    await runCliOk(['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'], dir);
    await runCliOk(
      [
        'create',
        'webhook',
        '--group',
        'cache',
        '--version',
        'v1alpha1',
        '--kind',
        'Memcached',
        '--defaulting',
        '--programmatic-validation',
      ],
      dir,
    );
    await runCliOk(
      ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--sidecar-injection'],
      dir,
    );
  });

  afterAll(async () => {
    await removeWorkdir(work);
  });

  it('installed operator-ts from the tarball', async () => {
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies['operator-ts']).toMatch(/^file:\.\.\/pack\/operator-ts-.*\.tgz$/);
    expect(existsSync(join(dir, 'node_modules/operator-ts/dist/src/runtime/index.js'))).toBe(true);
  });

  it('npm run manifests writes the CRD, the role and the webhook configurations', async () => {
    await npm(dir, 'run', 'manifests');
    expect(await readFile(join(dir, 'config/crd/bases/cache.example.com_memcacheds.yaml'), 'utf8')).toContain(
      'kind: CustomResourceDefinition',
    );
    expect(await readFile(join(dir, 'config/rbac/role.yaml'), 'utf8')).toContain('memcacheds');
    const webhooks = await readFile(join(dir, 'config/webhook/manifests.yaml'), 'utf8');
    expect(webhooks).toContain('/mutate-cache-example-com-v1alpha1-memcached');
    // The sidecar injector's selectors come from the patch argument of its marker.
    expect(webhooks).toMatch(
      /path: \/inject--v1-pod\n(?:.*\n)*\s+namespaceSelector:\n\s+matchLabels:\n\s+sidecar\.example\.com\/injection: enabled\n/,
    );
    expect(webhooks).toContain('reinvocationPolicy: IfNeeded');
  });

  it('npm run generate reports nothing to change (create api already wrote the descriptors)', async () => {
    expect(await npm(dir, 'run', 'generate')).toContain('everything up to date');
  });

  it('npm run build compiles the manager', async () => {
    await npm(dir, 'run', 'build');
    expect(existsSync(join(dir, 'dist/main.js'))).toBe(true);
  });

  it('npm test runs the unit tests and the envtest suite with the project vitest config', async () => {
    const out = await npm(dir, 'test');
    for (const file of [
      'src/controllers/memcached.controller.test.ts',
      'src/webhooks/v1alpha1/memcached.webhook.test.ts',
      'src/webhooks/v1/pod.webhook.test.ts',
      'test/envtest.test.ts',
    ])
      expect(out).toContain(file);
    expect(out).not.toMatch(/\bfailed\b/);
  });

  it('npx tsc --noEmit type-checks sources and tests', async () => {
    await npm(dir, 'exec', '--', 'tsc', '--noEmit');
  });
});
