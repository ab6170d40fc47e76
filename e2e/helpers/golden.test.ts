import { describe, expect, it } from 'vitest';
import { changeLines, diffTrees, firstDifference, formatTreeDiff, isEmptyDiff } from './golden.js';

describe('golden tree diffs', () => {
  const want = new Map([
    ['a.txt', 'one\ntwo\nthree\n'],
    ['gone.txt', 'x\n'],
  ]);
  const got = new Map([
    ['a.txt', 'one\nTWO\nthree\n'],
    ['new.txt', 'y\n'],
  ]);

  it('lists missing, extra and changed files', () => {
    const diff = diffTrees(want, got);
    expect(diff).toEqual({ missing: ['gone.txt'], extra: ['new.txt'], changed: ['a.txt'] });
    expect(isEmptyDiff(diff)).toBe(false);
    expect(isEmptyDiff(diffTrees(want, new Map(want)))).toBe(true);
  });

  it('shows the first differing line of each changed file and the fix', () => {
    const text = formatTreeDiff('e2e/golden/x', want, got, diffTrees(want, got), 'run UPDATE_GOLDEN=1');
    expect(text).toContain('  missing: gone.txt\n  extra:   new.txt\n  changed: a.txt\n  first difference at line 2:');
    expect(text).toContain('    -   2 | two');
    expect(text).toContain('    +   2 | TWO');
    expect(text.endsWith('run UPDATE_GOLDEN=1')).toBe(true);
  });

  it('points past the end when one text is a prefix of the other', () => {
    expect(firstDifference('a\n', 'a\nb\n')).toContain('first difference at line 2');
  });

  it('picks CREATE and UPDATE lines, not SKIP', () => {
    expect(changeLines('SKIP   a\nCREATE b\nUPDATE c\nNext: x')).toEqual(['CREATE b', 'UPDATE c']);
  });
});
