import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTree, replaceDirectory, writeFileAtomic } from './tree.js';

describe('replaceDirectory', () => {
  it('swaps the directory content and leaves no staging dirs', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tree-'));
    mkdirSync(join(root, 'out/sub'), { recursive: true });
    writeFileSync(join(root, 'out/sub/old.txt'), 'old');
    await replaceDirectory(join(root, 'out'), new Map([['a/b.txt', 'new']]));
    expect(await readTree(join(root, 'out'))).toEqual(new Map([['a/b.txt', 'new']]));
    expect(readdirSync(root)).toEqual(['out']);
  });
  it('leaves the old directory in place when staging fails', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tree-'));
    mkdirSync(join(root, 'out'));
    writeFileSync(join(root, 'out/keep.txt'), 'keep');
    // A path that is both a file and a directory cannot be staged.
    await expect(replaceDirectory(join(root, 'out'), new Map([['x', '1'], ['x/y', '2']]))).rejects.toThrow();
    expect(readFileSync(join(root, 'out/keep.txt'), 'utf8')).toBe('keep');
    expect(readdirSync(root)).toEqual(['out']);
  });
});

describe('writeFileAtomic', () => {
  it('writes through a temporary file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tree-'));
    await writeFileAtomic(join(root, 'd/f.txt'), 'hello');
    expect(readFileSync(join(root, 'd/f.txt'), 'utf8')).toBe('hello');
    expect(readdirSync(join(root, 'd'))).toEqual(['f.txt']);
  });
});
