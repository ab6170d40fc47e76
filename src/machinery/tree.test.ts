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

  it('stages and writes bytes as they are, and compares them as bytes', () => {
    const dir = tempDir();
    // A gzip header and bytes that are not UTF-8: decoding them as text would replace them with U+FFFD.
    const bytes = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x80, 0x00, 0x0a]);
    writeFileSync(join(dir, 'same.tgz'), bytes);
    const tree = new VirtualTree(dir);
    expect(tree.readBytes('same.tgz')?.equals(bytes)).toBe(true);
    tree.write('same.tgz', new Uint8Array(bytes));
    tree.write('charts/sub-0.1.0.tgz', bytes);
    expect(tree.readBytes('charts/sub-0.1.0.tgz')?.equals(bytes)).toBe(true);
    expect(tree.readBytes('missing.tgz')).toBeUndefined();
    expect(tree.changes()).toEqual([
      { path: 'charts/sub-0.1.0.tgz', kind: 'CREATE' },
      { path: 'same.tgz', kind: 'SKIP' },
    ]);
    tree.flush();
    expect(readFileSync(join(dir, 'charts/sub-0.1.0.tgz')).equals(bytes)).toBe(true);
  });
});
