// Kinds named like what the scaffolded code imports or uses (operator-ts/runtime exports such as Wire,
// Manager and Warnings, client-node models, Node globals) scaffold a project that compiles: one project
// with all of them, API types, controllers, webhooks and a conversion, installed for real (one npm
// install) and type-checked with tsc; `npm run manifests` writes a CRD for every kind. The names that are
// refused instead (TypeScript globals, Condition, V1ObjectMeta, ...List) are tested in
// src/model/kind-names.test.ts and src/cli/name-checks.test.ts.
import { execa } from 'execa';
import { readdir, readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliOk } from './helpers/cli.js';
import { packOperatorTs } from './helpers/pack.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

const KINDS = [
  // imported beside the kind's type by the scaffolds: aliased there
  'Wire',
  'Manager',
  'Warnings',
  'AdmissionContext',
  'CustomDefaulter',
  'CustomValidator',
  'FakeClient',
  'ReconcileContext',
  'AbortController',
  // other runtime exports, client-node models and Node globals: nothing to alias
  'Client',
  'Result',
  'Request',
  'Reconciler',
  'EventRecorder',
  'V1Pod',
  'Buffer',
  'URL',
  'Event',
  'Response',
];

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

describe('kinds named like names the scaffolds use', () => {
  let work = '';
  let dir = '';

  beforeAll(async () => {
    work = await makeWorkdir('kind-names');
    const tarball = await packOperatorTs(join(work, 'pack'));
    dir = join(work, 'names-operator');
    await mkdir(dir);
    await runCliOk(['init', '--domain', 'example.com', '--operator-ts-version', tarball], dir);
    for (const kind of KINDS) {
      await runCliOk(['create', 'api', '--group', 'names', '--version', 'v1', '--kind', kind], dir);
      await runCliOk(
        [
          'create',
          'webhook',
          '--group',
          'names',
          '--version',
          'v1',
          '--kind',
          kind,
          '--defaulting',
          '--programmatic-validation',
        ],
        dir,
      );
    }
    await runCliOk(
      ['create', 'api', '--group', 'names', '--version', 'v2', '--kind', 'Wire', '--controller=false'],
      dir,
    );
    await runCliOk(
      ['create', 'webhook', '--group', 'names', '--version', 'v2', '--kind', 'Wire', '--conversion', '--spoke', 'v1'],
      dir,
    );
  });

  afterAll(async () => {
    await removeWorkdir(work);
  });

  it('imports such a kind under an alias next to the runtime name', async () => {
    expect(await readFile(join(dir, 'src/webhooks/v1/wire.webhook.ts'), 'utf8')).toContain(
      "import type { Wire as WireObject } from '../../api/v1/wire.types.js';",
    );
    expect(await readFile(join(dir, 'src/webhooks/v1/manager.webhook.ts'), 'utf8')).toContain(
      'export function setupManagerWebhookWithManager(mgr: Manager)',
    );
    expect(await readFile(join(dir, 'src/webhooks/v2/wire.conversion.ts'), 'utf8')).toContain('Wire<WireObject>');
  });

  it('npm run manifests writes a CRD for every kind', async () => {
    await npm(dir, 'run', 'manifests');
    const crds = (await readdir(join(dir, 'config/crd/bases'))).sort();
    expect(crds).toHaveLength(KINDS.length);
    expect(await readFile(join(dir, 'config/crd/bases/names.example.com_wires.yaml'), 'utf8')).toMatch(
      /name: v1\n[^]*name: v2\n/,
    );
  });

  it('tsc type-checks the whole project with the installed dependencies', async () => {
    await npm(dir, 'exec', '--', 'tsc', '--noEmit');
  });
});
