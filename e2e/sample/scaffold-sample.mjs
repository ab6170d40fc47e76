// Scaffolds a sample operator end to end, as a new user would: pack this checkout, `init` (which runs
// npm install), `create api`, `create webhook`, then the project's own manifests, build and tests.
// Usage: npm run sample [-- <target dir>]   (default: .work/sample, recreated on every run)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const target = resolve(process.argv[2] ?? join(repo, '.work/sample'));
const packDir = join(repo, '.work/pack');
const bin = join(repo, 'bin/operator-ts.js');

function run(cmd, args, cwd) {
  process.stderr.write(`\n$ ${[cmd, ...args].join(' ')}\n`);
  execFileSync(cmd, args, { cwd, stdio: 'inherit' });
}

rmSync(packDir, { recursive: true, force: true });
mkdirSync(packDir, { recursive: true });
run('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir], repo);
const tarball = join(
  packDir,
  readdirSync(packDir).find((f) => f.endsWith('.tgz')),
);

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
const cli = (...args) => run(process.execPath, [bin, ...args], target);
cli('init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--operator-ts-version', tarball);
cli('create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached');
cli(
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
);
run('npm', ['run', 'manifests'], target);
run('npm', ['run', 'build'], target);
run('npm', ['test'], target);
process.stderr.write(`\nSample operator ready in ${target}\n`);
