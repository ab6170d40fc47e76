// Types say what values are: a program using the timestamps of built-in kinds (batch/v1 Job
// metadata.creationTimestamp and status.startTime, a Lease's MicroTime renewTime) through the direct
// client, the manager's cache, informer events and Date writes is compiled with `tsc --strict` in a fresh
// project that depends on the built operator-ts, then run against a real API server. It must compile
// (including its @ts-expect-error lines: a Date method on a wire timestamp must not type-check) and every
// check it prints must hold.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { repoRoot } from '../helpers/paths.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

const run = promisify(execFile);
const assets = findBinaryAssets();

describe.skipIf(!isBinaryAssets(assets))('wire types of built-in kinds', () => {
  let env: TestEnv;
  let dir: string;

  beforeAll(async () => {
    env = await startTestEnv({ attachControlPlaneOutput: false });
    dir = await makeWorkdir('wire-types');
    await mkdir(join(dir, 'src'));
    await mkdir(join(dir, 'node_modules', '@types'), { recursive: true });
    // The project depends on operator-ts as npm would link a local checkout; the rest comes from its tree.
    await symlink(repoRoot, join(dir, 'node_modules', 'operator-ts'), 'dir');
    await symlink(join(repoRoot, 'node_modules', '@kubernetes'), join(dir, 'node_modules', '@kubernetes'), 'dir');
    await symlink(join(repoRoot, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'wire-types', private: true, type: 'module' }));
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          types: ['node'],
          rootDir: 'src',
          outDir: 'dist',
          skipLibCheck: true,
        },
        include: ['src'],
      }),
    );
    await copyFile(join(repoRoot, 'e2e', 'runtime', 'fixtures', 'timestamps', 'main.ts'), join(dir, 'src', 'main.ts'));
  }, 180_000);

  afterAll(async () => {
    await env?.stop();
    if (dir !== undefined) await removeWorkdir(dir);
  });

  it('compile with tsc --strict and run as typed against a real API server', async () => {
    const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const compiled = await run(process.execPath, [tsc, '-p', dir]).catch(
      (err: { stdout?: string; stderr?: string }) => err,
    );
    expect(`${compiled.stdout ?? ''}${compiled.stderr ?? ''}`).toBe('');

    const { stdout } = await run(process.execPath, [join(dir, 'dist', 'main.js')], {
      cwd: dir,
      env: { ...process.env, KUBECONFIG: env.kubeconfigPath, TEST_REST_CONFIG: JSON.stringify(env.config) },
      timeout: 120_000,
    });
    const results = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(results).toEqual({
      createdFromModel: true,
      getTimeThrows: true,
      startTimeRoundTrip: true,
      cachedGet: true,
      cachedList: true,
      informerEvents: true,
      microTime: true,
    });
  });
});
