// The kubebuilder book's CronJob tutorial (docs/book/src/cronjob-tutorial: cronjob-tutorial.md,
// new-api.md, webhook-implementation.md), its commands typed as the book has them, with the BUILT CLI in a
// fresh folder named `project`. Without an install first (--skip-install), then once for real: the
// project installs operator-ts from a packed tarball (the one flag added, since operator-ts is not taken
// from the registry here) and its own `npm run manifests`, type check and `npm test` pass with no hand
// edit of PROJECT.
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProject } from '../src/model/project-reader.js';
import { runCliOk } from './helpers/cli.js';
import { packOperatorTs } from './helpers/pack.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

const INIT = ['init', '--domain', 'tutorial.kubebuilder.io', '--repo', 'tutorial.kubebuilder.io/project'];
const CREATE_API = ['create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob'];
const CREATE_WEBHOOK = [
  'create',
  'webhook',
  '--group',
  'batch',
  '--version',
  'v1',
  '--kind',
  'CronJob',
  '--defaulting',
  '--programmatic-validation',
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

let work = '';

beforeAll(async () => {
  work = await makeWorkdir('book');
});

afterAll(async () => {
  await removeWorkdir(work);
});

describe("the book's commands, verbatim", () => {
  let dir = '';

  beforeAll(async () => {
    dir = join(work, 'scaffold', 'project');
    await mkdir(dir, { recursive: true });
    await runCliOk([...INIT, '--skip-install'], dir);
    await runCliOk(CREATE_API, dir);
    await runCliOk(CREATE_WEBHOOK, dir);
  });

  it('record the project and its own batch.tutorial.kubebuilder.io CronJob in PROJECT, as kubebuilder does', async () => {
    const project = parseProject(await readFile(join(dir, 'PROJECT'), 'utf8'));
    expect(project).toEqual(
      expect.objectContaining({
        domain: 'tutorial.kubebuilder.io',
        projectName: 'project',
        repo: 'tutorial.kubebuilder.io/project',
      }),
    );
    expect(project.resources).toEqual([
      expect.objectContaining({
        group: 'batch',
        domain: 'tutorial.kubebuilder.io',
        version: 'v1',
        kind: 'CronJob',
        plural: 'cronjobs',
        api: { crdVersion: 'v1', namespaced: true },
        controller: true,
        webhooks: { webhookVersion: 'v1', defaulting: true, validation: true },
      }),
    ]);
  });

  it("scaffold the webhook for the project's CronJob, not the built-in batch/v1 one", async () => {
    const webhook = await readFile(join(dir, 'src/webhooks/v1/cronjob.webhook.ts'), 'utf8');
    expect(webhook).toContain('.for(CronJobResource)');
    expect(webhook).toContain('path=/mutate-batch-tutorial-kubebuilder-io-v1-cronjob');
    expect(webhook).toContain('path=/validate-batch-tutorial-kubebuilder-io-v1-cronjob');
    expect(webhook).not.toContain('@kubernetes/client-node');
  });
});

describe("the book's commands, installed for real", () => {
  let dir = '';

  beforeAll(async () => {
    const tarball = await packOperatorTs(join(work, 'pack'));
    dir = join(work, 'install', 'project');
    await mkdir(dir, { recursive: true });
    await runCliOk([...INIT, '--operator-ts-version', tarball], dir);
    await runCliOk(CREATE_API, dir);
    await runCliOk(CREATE_WEBHOOK, dir);
  });

  it('npm run manifests writes the CRD, the role and the webhook configurations of batch.tutorial.kubebuilder.io', async () => {
    await npm(dir, 'run', 'manifests');
    const crd = await readFile(join(dir, 'config/crd/bases/batch.tutorial.kubebuilder.io_cronjobs.yaml'), 'utf8');
    expect(crd).toContain('name: cronjobs.batch.tutorial.kubebuilder.io');
    expect(await readFile(join(dir, 'config/rbac/role.yaml'), 'utf8')).toMatch(
      /- batch\.tutorial\.kubebuilder\.io\n\s+resources:\n\s+- cronjobs\n/,
    );
    const webhooks = await readFile(join(dir, 'config/webhook/manifests.yaml'), 'utf8');
    expect(webhooks).toContain('/mutate-batch-tutorial-kubebuilder-io-v1-cronjob');
    expect(webhooks).toContain('/validate-batch-tutorial-kubebuilder-io-v1-cronjob');
  });

  it('type-checks, and npm test passes (unit tests and the envtest suite)', async () => {
    await npm(dir, 'exec', '--', 'tsc', '--noEmit');
    const out = await npm(dir, 'test');
    for (const file of [
      'src/controllers/cronjob.controller.test.ts',
      'src/webhooks/v1/cronjob.webhook.test.ts',
      'test/envtest.test.ts',
    ])
      expect(out).toContain(file);
    expect(out).not.toMatch(/\bfailed\b/);
    expect(existsSync(join(dir, 'PROJECT'))).toBe(true);
  });
});
