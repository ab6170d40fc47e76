import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VirtualTree } from './tree.js';

const made: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ots-tree-'));
  made.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('VirtualTree', () => {
  it('reads through to disk and sees staged content first', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'disk');
    const tree = new VirtualTree(dir);
    expect(tree.read('a.txt')).toBe('disk');
    tree.write('a.txt', 'staged');
    expect(tree.read('a.txt')).toBe('staged');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('disk');
    expect(tree.read('missing.txt')).toBeUndefined();
  });

  it('lists CREATE, UPDATE and SKIP (byte-identical writes are no change)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'same.txt'), 'x');
    writeFileSync(join(dir, 'changed.txt'), 'old');
    const tree = new VirtualTree(dir);
    tree.write('same.txt', 'x');
    tree.write('changed.txt', 'new');
    tree.write('sub/new.txt', 'n');
    tree.touch('skipped.txt');
    expect(tree.changes()).toEqual([
      { path: 'changed.txt', kind: 'UPDATE' },
      { path: 'same.txt', kind: 'SKIP' },
      { path: 'skipped.txt', kind: 'SKIP' },
      { path: 'sub/new.txt', kind: 'CREATE' },
    ]);
  });

  it('writes nothing before flush and only changed files on flush', () => {
    const dir = tempDir();
    const tree = new VirtualTree(dir);
    tree.write('deep/dir/file.ts', 'content');
    expect(existsSync(join(dir, 'deep'))).toBe(false);
    tree.flush();
    expect(readFileSync(join(dir, 'deep/dir/file.ts'), 'utf8')).toBe('content');
  });
});
