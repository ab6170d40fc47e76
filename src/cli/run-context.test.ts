import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INIT, newProjectDir, removeProjectDirs, runCli, snapshot } from './fixtures/cli-harness.js';
import { builtinCatalog } from './plugin-catalog.js';
import { RunContext } from './run-context.js';

afterAll(removeProjectDirs);

const quiet = (cwd: string, argv: string[] = []): RunContext =>
  new RunContext({ cwd, out: () => undefined, err: () => undefined }, argv, builtinCatalog());

async function initialised(): Promise<string> {
  const dir = newProjectDir();
  expect((await runCli(dir, ...INIT)).code).toBe(0);
  return dir;
}

describe('the run context of a command', () => {
  it('reads PROJECT once and resolves the chain once, for the flags and for the action', async () => {
    const dir = await initialised();
    const ctx = quiet(dir);
    const file = ctx.projectFile();
    expect(ctx.projectFile()).toBe(file);
    const chain = ctx.helpChain();
    expect(ctx.chain().plugins).toBe(chain);
    await ctx.locked('create api', {}, () => {
      expect(ctx.projectFile(), 'unchanged PROJECT is not parsed again under the lock').toBe(file);
      expect(ctx.chain().plugins).toBe(chain);
    });
  });

  it('reads PROJECT when the command first asks for it, not when it takes the lock', async () => {
    const dir = await initialised();
    const path = join(dir, 'PROJECT');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, 'not: [valid');
    const ctx = new RunContext({ cwd: dir, out: () => undefined, err: () => undefined }, ['generate']);
    await ctx.locked('generate', {}, () => {
      writeFileSync(path, text);
      expect(ctx.projectFile()?.config.projectName).toBe('memcached-operator');
    });
  });

  it('sees under the lock what another command wrote while it waited', async () => {
    const dir = await initialised();
    const ctx = quiet(dir);
    const before = ctx.projectFile();
    const path = join(dir, 'PROJECT');
    writeFileSync(path, readFileSync(path, 'utf8').replace('multigroup: false', 'multigroup: true'));
    await ctx.locked('create api', {}, () => {
      expect(ctx.projectFile()).not.toBe(before);
      expect(ctx.projectFile()?.config.multigroup).toBe(true);
    });
  });

  it('builds help from the default chain over a broken PROJECT, and the action reports it at its line', async () => {
    const dir = await initialised();
    const path = join(dir, 'PROJECT');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/layout:\n- (.*)\n/, 'layout:\n- nothing.example.com/v9\n'));
    const ctx = quiet(dir);
    expect(ctx.helpChain().length).toBeGreaterThan(0);
    expect(() => ctx.chain()).toThrow(
      /^PROJECT:\d+:3: no plugin matches "nothing\.example\.com\/v9" \(the layout recorded in PROJECT\)$/,
    );
  });
});

describe('a hand-edited PROJECT', () => {
  it.each([
    [
      'an invalid domain',
      (t: string) => t.replace('domain: example.com', 'domain: EXAMPLE..com'),
      /^Error: PROJECT:\d+:9: invalid domain "EXAMPLE\.\.com": a domain is a lower-case DNS-1123 subdomain such as example\.com\nHint: write `domain: example\.com` on line \d+ of PROJECT\n$/,
    ],
    [
      'no layout',
      (t: string) => t.replace(/layout:\n- .*\n/, ''),
      /^Error: PROJECT:\d+:1: PROJECT has no layout \(the plugin chain its commands run\)\nHint: add `layout: \[operator-ts\.dev\/v1\]` to PROJECT/,
    ],
  ])('with %s is refused by every command, nothing written', async (_name, edit, message) => {
    const dir = await initialised();
    const path = join(dir, 'PROJECT');
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
    const before = snapshot(dir);
    for (const args of [
      ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'],
      ['create', 'webhook', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached', '--defaulting'],
      ['edit', '--multigroup'],
    ]) {
      const r = await runCli(dir, ...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err, args.join(' ')).toMatch(message);
    }
    expect(snapshot(dir)).toEqual(before);
  });

  it('keeps its bytes when a command changes nothing in it', async () => {
    const dir = await initialised();
    const path = join(dir, 'PROJECT');
    // A hand-written resource without plural: the plural is computed on read and not written back.
    const text = `${readFileSync(path, 'utf8')}resources:\n- group: cache\n  domain: example.com\n  version: v1alpha1\n  kind: Gizmo\n  path: src/api/v1alpha1\n`;
    writeFileSync(path, text);
    expect((await runCli(dir, 'edit', '--multigroup=false')).code).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
