import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../machinery/project-lock.js';
import { INIT, newProjectDir, removeProjectDirs, runCli } from './fixtures/cli-harness.js';

afterAll(removeProjectDirs);

const api = (kind: string): string[] => ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', kind];

describe('commands on one project at once', () => {
  it('two create api runs both land in PROJECT and in the code', async () => {
    const dir = newProjectDir();
    expect((await runCli(dir, ...INIT)).code).toBe(0);
    const [a, b] = await Promise.all([runCli(dir, ...api('Memcached')), runCli(dir, ...api('Redis'))]);
    expect([a.code, b.code], `${a.err}\n${b.err}`).toEqual([0, 0]);
    expect([a.err, b.err].join('')).toMatch(
      /Waiting for `operator-ts create api` \(pid \d+\) to finish with this project \(lock .*\.operator-ts\.lock\) \.\.\./,
    );
    const project = readFileSync(join(dir, 'PROJECT'), 'utf8');
    expect(project).toContain('kind: Memcached');
    expect(project).toContain('kind: Redis');
    const main = readFileSync(join(dir, 'src/main.ts'), 'utf8');
    expect(main).toMatch(/MemcachedReconciler/);
    expect(main).toMatch(/RedisReconciler/);
    const crds = readFileSync(join(dir, 'config/crd/kustomization.yaml'), 'utf8');
    expect(crds).toContain('cache.example.com_memcacheds.yaml');
    expect(crds).toContain('cache.example.com_redis.yaml');
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('a failed command leaves no lock behind', async () => {
    const dir = newProjectDir();
    expect((await runCli(dir, ...INIT)).code).toBe(0);
    expect((await runCli(dir, ...INIT)).code).toBe(1);
    expect((await runCli(dir, 'create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'lower')).code).toBe(1);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('the scaffolded .gitignore keeps a lock left by a killed command out of git', async () => {
    const dir = newProjectDir();
    expect((await runCli(dir, ...INIT)).code).toBe(0);
    const ignored = readFileSync(join(dir, '.gitignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).toContain(`/${LOCK_FILE}`);
  });
});
