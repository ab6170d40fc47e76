import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GENERATOR_EXEC_ENV,
  generatorDependencies,
  generatorExec,
  markStarted,
  missingPackages,
  ownGeneratorDependencies,
  selfPackageSpecs,
} from './generator-deps.js';
import { runWithGeneratorDependencies } from './generator-exec.js';

let work = '';
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'generator-deps-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function writeJson(dir: string, value: unknown): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(value));
  return dir;
}

const notFound = (name: string): never => {
  throw Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' });
};

describe('generatorDependencies', () => {
  it('takes each listed package with its version from devDependencies', () => {
    const manifest = {
      generatorDependencies: ['ts-morph', 'commander'],
      devDependencies: { commander: '15.1.0', 'ts-morph': '28.0.0', vitest: '4.1.12' },
    };
    expect(generatorDependencies(manifest)).toEqual({ 'ts-morph': '28.0.0', commander: '15.1.0' });
  });

  it('fails on a listed package without a pinned version', () => {
    expect(() => generatorDependencies({ generatorDependencies: ['handlebars'], devDependencies: {} })).toThrow(
      /handlebars has no version/,
    );
  });

  it('reads the running package: the generator is pinned, and none of it is a production dependency', () => {
    const own = ownGeneratorDependencies();
    expect(Object.keys(own)).toEqual(
      expect.arrayContaining(['commander', 'handlebars', 'json-schema-to-typescript', 'ts-morph']),
    );
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(own).filter((name) => name in pkg.dependencies)).toEqual([]);
    for (const version of Object.values(own)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('missingPackages', () => {
  it('reports names that do not resolve, and keeps a package found but not importable by its bare name', () => {
    const resolveName = (name: string): string => {
      if (name === 'gone') notFound(name);
      if (name === 'no-main') throw Object.assign(new Error('not exported'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
      return `file:///x/${name}`;
    };
    expect(missingPackages(['here', 'gone', 'no-main'], resolveName)).toEqual(['gone']);
  });

  it('resolves from the CLI modules by default (this checkout has the generator installed)', () => {
    expect(missingPackages(['commander', 'ts-morph', 'no-such-package-operator-ts'])).toEqual([
      'no-such-package-operator-ts',
    ]);
  });
});

describe('selfPackageSpecs', () => {
  it('reuses the specs npm exec installed the tree from', () => {
    const root = writeJson(join(work, '_npx/abc'), {
      dependencies: { 'operator-ts': 'file:../x.tgz' },
      _npx: { packages: ['/tmp/operator-ts-0.1.0.tgz'] },
    });
    expect(selfPackageSpecs(join(root, 'node_modules/operator-ts'), '0.1.0')).toEqual(['/tmp/operator-ts-0.1.0.tgz']);
  });

  it('pins a registry spec of operator-ts to the running version, whose generator versions it has', () => {
    const root = writeJson(join(work, '_npx/def'), { _npx: { packages: ['operator-ts@latest', 'left-pad@1.3.0'] } });
    const specs = selfPackageSpecs(join(root, 'node_modules/operator-ts'), '0.2.1');
    expect(specs).toEqual(['operator-ts@0.2.1', 'left-pad@1.3.0']);
    const bare = writeJson(join(work, '_npx/ghi'), { _npx: { packages: ['operator-ts'] } });
    expect(selfPackageSpecs(join(bare, 'node_modules/operator-ts'), '0.2.1')).toEqual(['operator-ts@0.2.1']);
  });

  it('turns a project dependency on a local build into its absolute path', () => {
    const root = writeJson(join(work, 'proj'), {
      dependencies: { 'operator-ts': 'file:../pack/operator-ts-0.1.0.tgz' },
    });
    expect(selfPackageSpecs(join(root, 'node_modules/operator-ts'), '0.1.0')).toEqual([
      join(work, 'pack/operator-ts-0.1.0.tgz'),
    ]);
  });

  it('asks the registry for the exact running version otherwise (a registry dependency, a global install)', () => {
    const root = writeJson(join(work, 'proj'), { dependencies: { 'operator-ts': '^0.1.0' } });
    expect(selfPackageSpecs(join(root, 'node_modules/operator-ts'), '0.1.3')).toEqual(['operator-ts@0.1.3']);
    expect(selfPackageSpecs(join(work, 'lib/node_modules/operator-ts'), '0.1.3')).toEqual(['operator-ts@0.1.3']);
  });

  it('has nothing to offer for a checkout outside node_modules', () => {
    expect(selfPackageSpecs(join(work, 'operator-ts'), '0.1.0')).toBeUndefined();
  });
});

describe('generatorExec', () => {
  it('installs operator-ts and every generator package into one npm exec tree and runs the same arguments', () => {
    const plan = generatorExec(
      ['/t/operator-ts-0.1.0.tgz'],
      { commander: '15.1.0', 'ts-morph': '28.0.0' },
      ['node', '/b/operator-ts.js', 'init', '--domain', 'x.io'],
      { HOME: '/h' },
      '/m',
    );
    expect(plan.command).toBe('npm');
    expect(plan.args).toEqual([
      'exec',
      '--yes',
      '--package=/t/operator-ts-0.1.0.tgz',
      '--package=commander@15.1.0',
      '--package=ts-morph@28.0.0',
      '--',
      'operator-ts',
      'init',
      '--domain',
      'x.io',
    ]);
    expect(plan.env).toEqual({ HOME: '/h', [GENERATOR_EXEC_ENV]: '/m' });
  });
});

describe('markStarted', () => {
  it('creates the marker and drops the variable, and does nothing outside an npm exec re-run', () => {
    const marker = join(work, 'started');
    const env: NodeJS.ProcessEnv = { [GENERATOR_EXEC_ENV]: marker, HOME: '/h' };
    expect(markStarted(env)).toBe(true);
    expect(existsSync(marker)).toBe(true);
    expect(env).toEqual({ HOME: '/h' });
    expect(markStarted(env)).toBe(false);
  });
});

describe('runWithGeneratorDependencies', () => {
  const manifest = {
    name: 'operator-ts',
    version: '0.1.0',
    generatorDependencies: ['commander'],
    devDependencies: { commander: '15.1.0' },
  };

  it('lets the launcher go on when the generator is installed', async () => {
    const ownDir = writeJson(join(work, 'node_modules/operator-ts'), manifest);
    let printed = '';
    const code = await runWithGeneratorDependencies({
      argv: ['node', 'bin'],
      env: {},
      err: (t) => (printed += t),
      ownDir,
      resolveName: (n) => n,
    });
    expect(code).toBeUndefined();
    expect(printed).toBe('');
  });

  it('refuses to re-run a second time and names the install that fixes it', async () => {
    const ownDir = writeJson(join(work, 'node_modules/operator-ts'), manifest);
    let printed = '';
    const env: NodeJS.ProcessEnv = { [GENERATOR_EXEC_ENV]: join(work, 'started') };
    const code = await runWithGeneratorDependencies({
      argv: ['node', 'bin'],
      env,
      err: (t) => (printed += t),
      ownDir,
      resolveName: notFound,
    });
    expect(code).toBe(1);
    expect(printed).toContain('Error: operator-ts cannot find commander, which its commands load');
    expect(printed).toContain(
      'Hint: install them next to operator-ts: npm install --save-dev operator-ts@0.1.0 commander@15.1.0',
    );
  });

  it('asks for npm install in a checkout', async () => {
    const ownDir = writeJson(join(work, 'operator-ts'), manifest);
    let printed = '';
    const code = await runWithGeneratorDependencies({
      argv: ['node', 'bin'],
      env: {},
      err: (t) => (printed += t),
      ownDir,
      resolveName: notFound,
    });
    expect(code).toBe(1);
    expect(printed).toContain(`Hint: run \`npm install\` in ${ownDir}`);
  });
});
