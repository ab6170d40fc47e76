import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RunContext } from '../run-context.js';
import { generateCommand } from './generate.js';

describe('generateCommand', () => {
  it('declares the issue flags with their defaults', () => {
    const cmd = generateCommand(new RunContext({ cwd: process.cwd(), out: () => undefined, err: () => undefined }, []));
    expect(cmd.name()).toBe('generate');
    const longs = cmd.options.map((o) => o.long);
    expect(longs).toEqual([
      '--paths',
      '--crd-output',
      '--rbac-output',
      '--role-name',
      '--webhook-output',
      '--max-desc-len',
      '--embedded-object-meta',
      '--json',
    ]);
    cmd.exitOverride();
    cmd.action(() => undefined);
    cmd.parse(['crd', 'rbac', '--max-desc-len', '0'], { from: 'user' });
    expect(cmd.opts()).toMatchObject({
      paths: ['src/**/*.ts'],
      crdOutput: 'config/crd/bases',
      roleName: 'manager-role',
      maxDescLen: '0',
      embeddedObjectMeta: false,
    });
    expect(cmd.args).toEqual(['crd', 'rbac']);
  });

  it('keeps ts-morph out of the module graph until the action runs', () => {
    // Type-only imports are erased from the JavaScript; every other import loads when `--help` does.
    const text = readFileSync(new URL('./generate.ts', import.meta.url), 'utf8');
    const staticImports = [...text.matchAll(/^import (?!type ).* from '([^']+)';$/gm)].map((m) => m[1]);
    // The list of generators and the completion hints are two small modules of their own.
    expect(staticImports).toEqual(['commander', '../../generate/generators.js', '../completion/spec.js']);
  });
});
