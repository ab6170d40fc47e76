// `operator-ts alpha generate` on the golden projects: the project is scaffolded again from its PROJECT by the
// BUILT CLI (run `npm run build` first) and must come out as committed; with the author's edits, their code
// is carried across and the scaffold's own files are the new ones.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { goldenRoot } from './helpers/paths.js';
import { expectSameProject } from './helpers/replay-order.js';
import { makeWorkdir, removeWorkdir, snapshotTree } from './helpers/workdir.js';

let work = '';
beforeAll(async () => {
  work = await makeWorkdir('alpha-generate');
});
afterAll(async () => {
  await removeWorkdir(work);
});

describe.each(['single-group', 'multigroup', 'namespaced', 'conversion', 'mesh', 'helm-hybrid'])(
  'alpha generate of golden project %s',
  (name) => {
    it('scaffolds the project again as committed (commands replayed from PROJECT, generate run)', async () => {
      const out = join(work, `${name}-out`);
      const r = await runCli(['alpha', 'generate', '--input-dir', join(goldenRoot, name), '--output-dir', out], work);
      expect(r.exitCode, r.stderr).toBe(0);
      const want = await snapshotTree(join(goldenRoot, name));
      const got = await snapshotTree(out);
      expectSameProject(got, want);
      if (name === 'single-group' || name === 'namespaced' || name === 'helm-hybrid') expect(got).toEqual(want);
    });
  },
);

describe("alpha generate of a project with the author's edits", () => {
  let dir = '';
  let before = new Map<string, string>();

  beforeAll(async () => {
    dir = join(work, 'edited');
    await cp(join(goldenRoot, 'single-group'), dir, { recursive: true });
    const edit = async (path: string, from: string, to: string): Promise<void> => {
      const text = await readFile(join(dir, path), 'utf8');
      expect(text, path).toContain(from);
      await writeFile(
        join(dir, path),
        text.replace(from, () => to),
      );
    };
    await edit(
      'src/controllers/memcached.controller.ts',
      '    // TODO(user): your logic here. The event recorder is available as this.recorder.\n',
      "    const size = obj.spec?.size ?? 1;\n    ctx.log.info({ size }, 'scaling memcached');\n",
    );
    await edit(
      'src/api/v1alpha1/memcached.types.ts',
      'export interface MemcachedSpec {\n',
      'export interface MemcachedSpec {\n  /**\n   * Size is the number of memcached pods.\n' +
        '   * +kubebuilder:validation:Minimum=1\n   */\n  size?: int32;\n',
    );
    await edit(
      'src/api/v1alpha1/memcached.types.ts',
      'import type {',
      "import type { int32 } from 'operator-ts/types';\nimport type {",
    );
    await edit(
      'Makefile',
      '# Image URL to use for all building/pushing image targets\n',
      '# my own comment\n# Image URL to use for all building/pushing image targets\n',
    );
    await edit('README.md', '# memcached-operator', '# memcached-operator (ours)');
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    pkg['dependencies'] = { ...pkg['dependencies'], 'left-pad': '1.3.0' };
    pkg['scripts'] = { ...pkg['scripts'], 'my-script': 'echo mine' };
    await writeFile(join(dir, 'package.json'), `${JSON.stringify({ ...pkg, version: '1.2.3' }, null, 2)}\n`);
    await mkdir(join(dir, 'src/lib'));
    await writeFile(join(dir, 'src/lib/sizes.ts'), 'export const MAX = 5;\n');
    before = await snapshotTree(dir);
  });

  it('with --dry-run lists what it would change and writes nothing', async () => {
    const r = await runCli(['alpha', 'generate', '--dry-run'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^UPDATE Makefile$/m);
    expect(r.stdout).toContain('Dry run: nothing was written');
    expect(await snapshotTree(dir)).toEqual(before);
  });

  it("keeps the author's code, re-scaffolds the rest and regenerates the CRD from the edited types", async () => {
    const r = await runCli(['alpha', 'generate'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    const after = await snapshotTree(dir);
    for (const path of [
      'src/controllers/memcached.controller.ts',
      'src/api/v1alpha1/memcached.types.ts',
      'README.md',
      'src/lib/sizes.ts',
    ])
      expect(after.get(path), path).toBe(before.get(path));
    // Makefile is the scaffold's: the author's edit there is listed for review.
    expect(after.get('Makefile')).toBe((await snapshotTree(join(goldenRoot, 'single-group'))).get('Makefile'));
    expect(r.stderr).toContain('Replaced with operator-ts');
    expect(r.stderr).toMatch(/^ {2}Makefile$/m);
    expect(r.stdout).toMatch(/^UPDATE Makefile$/m);
    const pkg = JSON.parse(after.get('package.json') ?? '') as Record<string, Record<string, string> | string>;
    expect(pkg['version']).toBe('1.2.3');
    expect((pkg['dependencies'] as Record<string, string>)['left-pad']).toBe('1.3.0');
    expect((pkg['scripts'] as Record<string, string>)['my-script']).toBe('echo mine');
    expect((pkg['scripts'] as Record<string, string>)['manifests']).toBe('operator-ts generate crd rbac webhook');
    // generate ran on the result: the CRD has the author's new field.
    expect(after.get('config/crd/bases/cache.example.com_memcacheds.yaml')).toContain('size:');
    expect(after.get('config/crd/bases/cache.example.com_memcacheds.yaml')).toContain('minimum: 1');
  });

  it('changes nothing when run again', async () => {
    const first = await snapshotTree(dir);
    const r = await runCli(['alpha', 'generate'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('Changed 0 files');
    expect(await snapshotTree(dir)).toEqual(first);
  });
});

describe('alpha generate refuses bad input and writes nothing', () => {
  it('names the missing PROJECT', async () => {
    const empty = join(work, 'empty');
    await mkdir(empty);
    const r = await runCli(['alpha', 'generate'], empty);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('Error: no PROJECT file in');
    expect(await snapshotTree(empty)).toEqual(new Map());
  });

  it('names the line of a broken PROJECT', async () => {
    const dir = join(work, 'broken');
    await cp(join(goldenRoot, 'namespaced'), dir, { recursive: true });
    const text = await readFile(join(dir, 'PROJECT'), 'utf8');
    await writeFile(join(dir, 'PROJECT'), text.replace('domain: example.com', 'domain: Example_Com'));
    const before = await snapshotTree(dir);
    const r = await runCli(['alpha', 'generate'], dir);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/Error: PROJECT:4:9: invalid domain "Example_Com"/);
    expect(await snapshotTree(dir)).toEqual(before);
  });

  it('refuses a PROJECT setting the replay does not record again, rather than drop it', async () => {
    const dir = join(work, 'unknown-setting');
    await cp(join(goldenRoot, 'namespaced'), dir, { recursive: true });
    const text = await readFile(join(dir, 'PROJECT'), 'utf8');
    await writeFile(join(dir, 'PROJECT'), text.replace('    crdVersion: v1\n', '    crdVersion: v1\n    ssa: true\n'));
    const before = await snapshotTree(dir);
    const r = await runCli(['alpha', 'generate'], dir);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('does not record it again: resources: tenancy.example.com/v1 Tenant is recorded as');
    expect(r.stderr).toContain('"ssa":true');
    expect(await snapshotTree(dir)).toEqual(before);
  });

  it('refuses an output folder that is not empty', async () => {
    const out = join(work, 'taken');
    await mkdir(out);
    await writeFile(join(out, 'keep.txt'), 'mine\n');
    const r = await runCli(
      ['alpha', 'generate', '--input-dir', join(goldenRoot, 'namespaced'), '--output-dir', out],
      work,
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('is not empty');
    expect(await snapshotTree(out)).toEqual(new Map([['keep.txt', 'mine\n']]));
  });
});
