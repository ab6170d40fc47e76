import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyDescriptors, conflictError } from './apply.js';
import type { FileDescriptor } from './descriptors.js';
import { VirtualTree } from './tree.js';

const renderer = { render: (template: string, data: unknown) => `${template}:${JSON.stringify(data)}\n` };

function project(files: Record<string, string>): VirtualTree {
  const dir = mkdtempSync(join(tmpdir(), 'ots-apply-'));
  made.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return new VirtualTree(dir);
}

const tpl = (ifExists: 'error' | 'skip' | 'overwrite'): FileDescriptor => ({
  kind: 'template',
  template: 't.hbs',
  path: 'a.ts',
  data: {},
  ifExists,
});

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('applyDescriptors', () => {
  it('removes a file a remove descriptor names, and lists what is left as staged over disk', () => {
    const tree = project({ 'c/a.yaml': 'a', 'c/d/b.yaml': 'b', 'other.yaml': 'o' });
    expect(
      applyDescriptors(
        tree,
        [
          { kind: 'remove', path: 'c/a.yaml' },
          { kind: 'remove', path: 'c/none.yaml' },
          { kind: 'generated', path: 'c/new.yaml', content: 'n' },
        ],
        { renderer },
      ),
    ).toEqual([]);
    expect(tree.list('c')).toEqual(['c/d/b.yaml', 'c/new.yaml']);
    expect(tree.list('missing')).toEqual([]);
    expect(tree.changes()).toEqual([
      { path: 'c/a.yaml', kind: 'DELETE' },
      { path: 'c/new.yaml', kind: 'CREATE' },
    ]);
  });

  it('creates a missing file whatever the policy', () => {
    for (const policy of ['error', 'skip', 'overwrite'] as const) {
      const tree = project({});
      expect(applyDescriptors(tree, [tpl(policy)], { renderer })).toEqual([]);
      expect(tree.changes()).toEqual([{ path: 'a.ts', kind: 'CREATE' }]);
    }
  });

  it('applies the if-exists policy to a different existing file', () => {
    const skip = project({ 'a.ts': 'user' });
    expect(applyDescriptors(skip, [tpl('skip')], { renderer })).toEqual([]);
    expect(skip.changes()).toEqual([{ path: 'a.ts', kind: 'SKIP' }]);

    const over = project({ 'a.ts': 'user' });
    applyDescriptors(over, [tpl('overwrite')], { renderer });
    expect(over.changes()).toEqual([{ path: 'a.ts', kind: 'UPDATE' }]);

    const err = project({ 'a.ts': 'user' });
    const conflicts = applyDescriptors(err, [tpl('error')], { renderer, command: '`operator-ts create api`' });
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]?.hint).toContain('--force');
    expect(err.changes()).toEqual([]);
  });

  it('turns error into overwrite with force', () => {
    const tree = project({ 'a.ts': 'user' });
    expect(applyDescriptors(tree, [tpl('error')], { renderer, force: true })).toEqual([]);
    expect(tree.changes()).toEqual([{ path: 'a.ts', kind: 'UPDATE' }]);
  });

  it('serialises generated objects and always overwrites them', () => {
    const tree = project({ 'p.json': 'old' });
    applyDescriptors(
      tree,
      [
        { kind: 'generated', path: 'p.json', format: 'json', object: { b: 1, a: [1] } },
        { kind: 'generated', path: 'k.yaml', format: 'yaml', object: { resources: ['a'] } },
      ],
      { renderer },
    );
    expect(tree.read('p.json')).toBe('{\n  "b": 1,\n  "a": [\n    1\n  ]\n}\n');
    expect(tree.read('k.yaml')).toBe('resources:\n- a\n');
  });

  it('inserts into files declared earlier in the same run', () => {
    const tree = project({});
    applyDescriptors(
      tree,
      [
        { kind: 'generated', path: 'main.ts', content: 'x\n// +operator-ts:scaffold:imports\n' },
        { kind: 'insert', path: 'main.ts', ifMissing: 'error', fragments: { imports: ['import a;'] } },
      ],
      { renderer },
    );
    expect(tree.read('main.ts')).toBe('x\nimport a;\n// +operator-ts:scaffold:imports\n');
  });

  it('collects every missing marker and missing file, naming the line to restore', () => {
    const tree = project({ 'src/main.ts': 'marker removed\n' });
    const conflicts = applyDescriptors(
      tree,
      [
        { kind: 'insert', path: 'src/main.ts', ifMissing: 'error', fragments: { imports: ['a'], controllers: ['b'] } },
        { kind: 'insert', path: 'gone.yaml', ifMissing: 'error', fragments: { resources: ['- c'] } },
        { kind: 'insert', path: 'optional.yaml', ifMissing: 'skip', fragments: { resources: ['- c'] } },
      ],
      { renderer },
    );
    expect(conflicts.map((c) => c.message)).toEqual([
      'src/main.ts: scaffold marker "// +operator-ts:scaffold:imports" is missing',
      'src/main.ts: scaffold marker "// +operator-ts:scaffold:controllers" is missing',
      'gone.yaml does not exist',
    ]);
    expect(tree.changes()).toEqual([]);
    const err = conflictError(conflicts);
    expect(err.message).toContain('3 problems block this change');
    expect(err.hint).toContain('restore the line `// +operator-ts:scaffold:imports` in src/main.ts');
  });
});

describe('applyDescriptors with bytes', () => {
  it('writes a bytes descriptor byte for byte, skips it when identical, and applies ifExists to different bytes', () => {
    const bytes = Buffer.from([0x1f, 0x8b, 0xff, 0x00, 0xc3]);
    const tree = project({});
    writeFileSync(join(tree.root, 'same.bin'), bytes);
    writeFileSync(join(tree.root, 'other.bin'), Buffer.from([0xff, 0xff]));
    const conflicts = applyDescriptors(
      tree,
      [
        { kind: 'generated', path: 'new.bin', bytes },
        { kind: 'generated', path: 'same.bin', bytes, ifExists: 'error' },
        { kind: 'generated', path: 'other.bin', bytes, ifExists: 'error' },
      ],
      { renderer, command: 'operator-ts create api' },
    );
    expect(conflicts.map((c) => c.message)).toEqual(['other.bin already exists']);
    expect(tree.readBytes('new.bin')?.equals(bytes)).toBe(true);
    expect(tree.changes()).toEqual([
      { path: 'new.bin', kind: 'CREATE' },
      { path: 'same.bin', kind: 'SKIP' },
    ]);
  });
});
