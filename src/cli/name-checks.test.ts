import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INIT, newProjectDir, removeProjectDirs, runCli, snapshot } from './fixtures/cli-harness.js';

afterAll(removeProjectDirs);

describe('init over files of its own', () => {
  it('hints at what works: init has no --force', async () => {
    const dir = newProjectDir();
    writeFileSync(join(dir, 'tsconfig.json'), '{}\n');
    const before = snapshot(dir);
    const r = await runCli(dir, ...INIT);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'Error: tsconfig.json already exists\nHint: move tsconfig.json away (`operator-ts init` never overwrites a file), then run it again\n',
    );
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('names checked as kubebuilder checks them, with a valid suggestion', () => {
  it.each([
    [['init', '--domain', 'EXAMPLE..com'], 'invalid domain "EXAMPLE..com"', 'pass --domain example.com'],
    [['init', '--domain', '-example.com'], 'invalid domain "-example.com"', 'pass --domain example.com'],
    [
      ['init', '--domain', 'example.com', '--repo', 'github.com/me/my project'],
      'invalid repo "github.com/me/my project"',
      'pass --repo github.com/me/my-project',
    ],
  ])('init %j', async (args, message, hint) => {
    const dir = newProjectDir();
    const r = await runCli(dir, ...args, '--skip-install');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`Error: ${message}`);
    expect(r.err).toContain(`Hint: ${hint}\n`);
    expect(snapshot(dir)).toEqual({});
  });

  it.each([
    [
      ['--group', '-cache', '--version', 'v1', '--kind', 'Memcached'],
      'invalid group "-cache"',
      'use a name such as --group cache',
    ],
    [
      ['--group', 'cache-', '--version', 'v1', '--kind', 'Memcached'],
      'invalid group "cache-"',
      'use a name such as --group cache',
    ],
    [
      ['--group', 'my_group', '--version', 'v1', '--kind', 'Memcached'],
      'invalid group "my_group"',
      'use a name such as --group my-group',
    ],
    [['--group', 'cache', '--version', 'V1', '--kind', 'Memcached'], 'invalid version "V1"', 'pass --version v1'],
    [
      ['--group', 'cache', '--version', 'v1beta', '--kind', 'Memcached'],
      'invalid version "v1beta"',
      'pass --version v1beta1',
    ],
    [
      ['--group', 'cache', '--version', 'v1', '--kind', 'memcached'],
      'invalid kind "memcached"',
      'use a name such as --kind Memcached',
    ],
    [
      ['--group', 'cache', '--version', 'v1', '--kind', 'My-Kind'],
      'invalid kind "My-Kind"',
      'use a name such as --kind MyKind',
    ],
    [
      ['--group', 'cache', '--version', 'v1', '--kind', `K${'a'.repeat(63)}`],
      `invalid kind "K${'a'.repeat(63)}"`,
      `use a name such as --kind K${'a'.repeat(62)}`,
    ],
    [
      ['--group', 'a'.repeat(245), '--version', 'v1', '--kind', 'Memcached'],
      `invalid API group "${'a'.repeat(245)}.example.com"`,
      'use a shorter --group',
    ],
    [
      ['--group', 'cache', '--version', 'v1', '--kind', 'Promise'],
      'cannot scaffold a kind named Promise: Promise is a TypeScript global',
      'use a name such as --kind CachePromise',
    ],
    [
      ['--group', 'cache', '--version', 'v1', '--kind', 'Condition'],
      'cannot scaffold a kind named Condition: every API types file imports Condition',
      'use a name such as --kind CacheCondition',
    ],
    [
      ['--group', 'cache', '--version', 'v1', '--kind', 'V1ObjectMeta'],
      'cannot scaffold a kind named V1ObjectMeta',
      'use a name such as --kind CacheV1ObjectMeta',
    ],
    [
      ['--group', 'cache', '--version', 'v1', '--kind', 'GroceryList'],
      'cannot scaffold a kind named GroceryList',
      'use a name such as --kind GroceryCollection',
    ],
  ])('create api %j', async (args, message, hint) => {
    const dir = newProjectDir();
    expect((await runCli(dir, ...INIT)).code).toBe(0);
    const before = snapshot(dir);
    const r = await runCli(dir, 'create', 'api', ...args);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`Error: ${message}`);
    expect(r.err).toContain(`Hint: ${hint}\n`);
    expect(snapshot(dir)).toEqual(before);
  });
});
