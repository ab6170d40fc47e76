// The kubebuilder book's CronJob tutorial, ported: e2e/tutorials/cronjob is the committed project (as the
// book keeps docs/book/src/cronjob-tutorial/testdata/project), scaffolded by the built CLI with the book's
// commands and then filled in. This copies it to a temp dir, installs it against operator-ts packed from
// this checkout, and checks that `npm run manifests` and `npm run generate` with that build write exactly
// the committed files, that it type-checks, and that its own `npm test` passes: unit tests on the fake
// client and the book's envtest suite on a real kube-apiserver and etcd.
import { execa } from 'execa';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaryAssets, isBinaryAssets } from '../../dist/src/testing/index.js';
import { packOperatorTs } from '../helpers/pack.js';
import { repoRoot } from '../helpers/paths.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from '../helpers/workdir.js';

const TUTORIAL = join(repoRoot, 'e2e/tutorials/cronjob');

/** npm runs npm in the project and fails the test with its output when it fails. */
async function npm(dir: string, ...args: string[]): Promise<string> {
  const r = await execa('npm', args, { cwd: dir, reject: false, stdin: 'ignore', all: true, env: { NO_COLOR: '1', FORCE_COLOR: '0' } });
  if (r.exitCode !== 0) throw new Error(`npm ${args.join(' ')} exited ${r.exitCode} in ${dir}\n${String(r.all)}`);
  return String(r.all);
}

describe("the book's CronJob tutorial project", () => {
  let work = '';
  let dir = '';
  let committed = new Map<string, string>();

  beforeAll(async () => {
    work = await makeWorkdir('cronjob');
    const tarball = await packOperatorTs(join(work, 'pack'));
    dir = join(work, 'project');
    committed = await snapshotTree(TUTORIAL);
    // A checkout where the project was installed by hand has node_modules and dist: leave them behind.
    await cp(TUTORIAL, dir, { recursive: true, filter: (src) => !/[/\\](node_modules|dist)$/.test(src) });
    // The one edit: operator-ts from the packed checkout instead of the registry.
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    pkg.dependencies['operator-ts'] = `file:${tarball}`;
    await writeFile(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    await npm(dir, 'install', '--no-audit', '--no-fund');
  });

  afterAll(async () => {
    await removeWorkdir(work);
  });

  it('npm run manifests and npm run generate write exactly the committed CRD, role, webhook configurations and descriptors', async () => {
    await npm(dir, 'run', 'manifests');
    expect(await npm(dir, 'run', 'generate')).toContain('everything up to date');
    const regenerated = await snapshotTree(dir);
    for (const installed of ['package.json', 'package-lock.json']) {
      regenerated.delete(installed);
      committed.delete(installed);
    }
    expect([...regenerated.keys()].sort()).toEqual([...committed.keys()].sort());
    for (const [path, content] of committed) expect(regenerated.get(path), `${path} as npm run manifests writes it`).toBe(content);
    // The CRD carries every marker of the types.
    const crd = committed.get('config/crd/bases/batch.tutorial.kubebuilder.io_cronjobs.yaml') ?? '';
    for (const fragment of [
      'schedule:\n                minLength: 0\n                type: string',
      'startingDeadlineSeconds:\n                format: int64\n                minimum: 0\n                type: integer',
      "concurrencyPolicy:\n                default: Allow\n                enum:\n                - Allow\n                - Forbid\n                - Replace",
      'active:\n                items:',
      'maxItems: 10\n                minItems: 1\n                type: array\n                x-kubernetes-list-type: atomic',
      'lastScheduleTime:\n                format: date-time',
      '- jobTemplate\n            - schedule',
    ]) expect(crd).toContain(fragment);
  });

  it('type-checks under strict', async () => {
    await npm(dir, 'run', 'lint');
  });

  it("npm test passes: the unit tests and the book's envtest suite", async () => {
    const out = await npm(dir, 'test');
    for (const file of ['src/schedule.test.ts', 'src/controllers/cronjob.controller.test.ts', 'src/webhooks/v1/cronjob.webhook.test.ts', 'test/envtest.test.ts']) expect(out).toContain(file);
    expect(out).not.toMatch(/\bfailed\b/);
    // Where this suite finds control-plane binaries the project finds them too: its envtest suite ran.
    if (isBinaryAssets(findBinaryAssets())) {
      expect(out).not.toContain('envtest suite skipped');
      expect(out).toMatch(/Tests\s+\d+ passed \(\d+\)/);
      expect(out).not.toMatch(/skipped/);
    }
  });
});
