import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDirectory, pathExists, readTree } from './tree.js';

describe('readTree', () => {
  it('reads every file below a folder by relative path, and nothing for a missing folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tree-'));
    mkdirSync(join(root, 'out/sub'), { recursive: true });
    writeFileSync(join(root, 'out/sub/b.txt'), 'b');
    writeFileSync(join(root, 'out/a.txt'), 'a');
    expect(await readTree(join(root, 'out'))).toEqual(
      new Map([
        ['a.txt', 'a'],
        ['sub/b.txt', 'b'],
      ]),
    );
    expect(await readTree(join(root, 'missing'))).toEqual(new Map());
    expect(await isDirectory(join(root, 'out'))).toBe(true);
    expect(await isDirectory(join(root, 'out/a.txt'))).toBe(false);
    expect(await pathExists(join(root, 'out/a.txt'))).toBe(true);
  });
});
