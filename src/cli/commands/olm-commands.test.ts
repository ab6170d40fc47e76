import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { isUserError } from '../../errors/user-error.js';
import { FIXTURE_DIR } from '../../manifests/olm/testdata/memcached-fixture.js';
import { RunContext } from '../run-context.js';
import { bundleCommand, generateBundleCommand } from './bundle.js';
import { catalogCommand, generateCatalogCommand } from './catalog.js';

interface Run {
  out: string;
  err: string;
  error: unknown;
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'olm-cli-'));
  mkdirSync(join(dir, 'config/manifests/bases'), { recursive: true });
  cpSync(
    join(FIXTURE_DIR, 'base.clusterserviceversion.yaml'),
    join(dir, 'config/manifests/bases/memcached-operator.clusterserviceversion.yaml'),
  );
  writeFileSync(
    join(dir, 'PROJECT'),
    'domain: example.com\nlayout:\n- typescript.operator-ts.io/v1\nprojectName: memcached-operator\nversion: "3"\n',
  );
  return dir;
}

async function run(cwd: string, args: string[], stdin?: string): Promise<Run> {
  const r: Run = { out: '', err: '', error: undefined };
  const io = {
    cwd,
    out: (t: string) => void (r.out += t),
    err: (t: string) => void (r.err += t),
    readStdin: async () => stdin,
  };
  const ctx = new RunContext(io, args);
  const program = new Command('operator-ts').exitOverride();
  program.addCommand(
    new Command('generate').addCommand(generateBundleCommand(ctx)).addCommand(generateCatalogCommand(ctx)),
  );
  program.addCommand(bundleCommand(ctx));
  program.addCommand(catalogCommand(ctx));
  for (const c of program.commands) c.exitOverride();
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (err) {
    r.error = err;
  }
  return r;
}

const KUSTOMIZE = (): string => readFileSync(join(FIXTURE_DIR, 'kustomize-output.yaml'), 'utf8');

describe('olm commands', () => {
  it('generate bundle from stdin, then bundle validate passes', async () => {
    const dir = project();
    const gen = await run(
      dir,
      ['generate', 'bundle', '--version', '0.1.0', '--channels', 'stable', '--default-channel', 'stable'],
      KUSTOMIZE(),
    );
    expect(gen.error).toBeUndefined();
    expect(gen.out).toContain('wrote bundle/manifests/memcached-operator.clusterserviceversion.yaml');
    expect(gen.out).toContain('wrote bundle.Dockerfile');
    const annotations = readFileSync(join(dir, 'bundle/metadata/annotations.yaml'), 'utf8');
    expect(annotations).toContain('project_layout: typescript.operator-ts.io/v1');
    expect(annotations).toMatch(/metrics.builder: operator-ts-v\d/);
    const val = await run(dir, ['bundle', 'validate', 'bundle', '--select-optional', 'suite=operatorframework']);
    expect(val.error).toBeUndefined();
    expect(val.out).toContain('All validation tests have completed successfully');
  });

  it('generate bundle reads --input-dir and refuses an empty stdin', async () => {
    const dir = project();
    mkdirSync(join(dir, 'rendered'));
    writeFileSync(join(dir, 'rendered/all.yaml'), KUSTOMIZE());
    expect(
      (await run(dir, ['generate', 'bundle', '--version', '0.1.0', '--input-dir', 'rendered', '-q'])).error,
    ).toBeUndefined();
    const none = await run(dir, ['generate', 'bundle', '--version', '0.1.0']);
    expect(isUserError(none.error) && none.error.message).toMatch(/no input manifests/);
    const noVersion = await run(dir, ['generate', 'bundle'], KUSTOMIZE());
    expect(isUserError(noVersion.error) && noVersion.error.message).toMatch(/--version is required/);
  });

  it('bundle validate fails with a UserError on errors and prints JSON', async () => {
    const dir = project();
    await run(dir, ['generate', 'bundle', '--version', '0.1.0', '-q'], KUSTOMIZE());
    writeFileSync(join(dir, 'bundle/manifests/ns.yaml'), 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n');
    const r = await run(dir, ['bundle', 'validate', 'bundle', '-o', 'json']);
    expect(isUserError(r.error)).toBe(true);
    const parsed = JSON.parse(r.out) as { passed: boolean; findings: { check: string }[] };
    expect(parsed.passed).toBe(false);
    expect(parsed.findings.map((f) => f.check)).toContain('content-unsupported-kind');
    const json = await run(dir, ['bundle', 'validate', 'bundle', '--json']);
    expect(isUserError(json.error)).toBe(true);
    expect(json.out).toBe(r.out);
    const list = await run(dir, ['bundle', 'validate', '--list-optional']);
    expect(list.out).toContain('good-practices\tname=good-practices,suite=operatorframework');
    const bad = await run(dir, ['bundle', 'validate', 'bundle', '--select-optional', 'name=nope']);
    expect(isUserError(bad.error) && bad.error.message).toMatch(/matches no validator/);
  });

  it('generate catalog grows the catalog and catalog validate checks it', async () => {
    const dir = project();
    await run(dir, ['generate', 'bundle', '--version', '0.1.0', '--channels', 'stable', '-q'], KUSTOMIZE());
    const c1 = await run(dir, [
      'generate',
      'catalog',
      '--bundle-image',
      'quay.io/example/memcached-operator-bundle:v0.1.0',
    ]);
    expect(c1.error).toBeUndefined();
    expect(c1.out).toContain('wrote catalog/memcached-operator/index.yaml');
    await run(dir, ['generate', 'bundle', '--version', '0.2.0', '--channels', 'stable', '-q'], KUSTOMIZE());
    expect(
      (await run(dir, ['generate', 'catalog', '--bundle-image', 'quay.io/example/memcached-operator-bundle:v0.2.0']))
        .error,
    ).toBeUndefined();
    const v = await run(dir, ['catalog', 'validate', 'catalog']);
    expect(v.error).toBeUndefined();
    writeFileSync(
      join(dir, 'catalog/memcached-operator/extra.yaml'),
      'schema: olm.channel\npackage: memcached-operator\nname: stable\nentries: []\n',
    );
    const bad = await run(dir, ['catalog', 'validate', 'catalog']);
    expect(isUserError(bad.error)).toBe(true);
    expect(bad.out).toContain('[fbc-channel-name]');
    const noImage = await run(dir, ['generate', 'catalog']);
    expect(isUserError(noImage.error) && noImage.error.message).toMatch(/--bundle-image is required/);
  });
});
