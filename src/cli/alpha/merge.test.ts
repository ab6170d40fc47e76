import { describe, expect, it } from 'vitest';
import type { FileMap } from './file-tree.js';
import { gitMergeFile, hasConflictMarkers, threeWayMerge } from './merge.js';

const tree = (entries: Record<string, string>): FileMap =>
  new Map(Object.entries(entries).map(([k, v]) => [k, Buffer.from(v)]));
const labels = { ours: 'ours', base: 'ancestor (operator-ts 0.1.0)', theirs: 'theirs (operator-ts 0.2.0)' };
const merge = (base: FileMap, theirs: FileMap, ours: FileMap) =>
  threeWayMerge(base, theirs, ours, gitMergeFile(labels));

describe('threeWayMerge', () => {
  it("takes the side that changed a file, and keeps the author's own files", async () => {
    const out = await merge(
      tree({ a: '1\n', b: '1\n', c: '1\n' }),
      tree({ a: '2\n', b: '1\n', c: '1\n', n: 'new\n' }),
      tree({ a: '1\n', b: 'mine\n', c: '1\n', own: 'x\n' }),
    );
    expect(Object.fromEntries([...out.files].map(([k, v]) => [k, v.toString()]))).toEqual({
      a: '2\n',
      b: 'mine\n',
      c: '1\n',
      n: 'new\n',
      own: 'x\n',
    });
    expect(out.updated).toEqual(['a', 'n']);
    expect(out.merged).toEqual([]);
    expect(out.conflicts).toEqual([]);
  });

  it('merges changes to different lines of one file', async () => {
    const base = 'one\ntwo\nthree\nfour\nfive\n';
    const out = await merge(
      tree({ f: base }),
      tree({ f: base.replace('one', 'ONE') }),
      tree({ f: base.replace('five', 'FIVE') }),
    );
    expect(out.files.get('f')?.toString()).toBe('ONE\ntwo\nthree\nfour\nFIVE\n');
    expect(out.merged).toEqual(['f']);
  });

  it('marks overlapping changes as git does', async () => {
    const out = await merge(tree({ f: 'a\nx\nb\n' }), tree({ f: 'a\ntheirs\nb\n' }), tree({ f: 'a\nmine\nb\n' }));
    expect(out.conflicts).toEqual(['f']);
    const text = out.files.get('f')?.toString() ?? '';
    expect(text).toBe(
      'a\n<<<<<<< ours\nmine\n||||||| ancestor (operator-ts 0.1.0)\nx\n' +
        '=======\ntheirs\n>>>>>>> theirs (operator-ts 0.2.0)\nb\n',
    );
    expect(hasConflictMarkers(Buffer.from(text))).toBe(true);
  });

  it('takes the same change made on both sides without conflict (a re-run is a no-op)', async () => {
    const out = await merge(tree({ f: 'a\nb\nc\nd\n' }), tree({ f: 'A\nb\nc\nd\n' }), tree({ f: 'A\nb\nc\nD\n' }));
    expect(out.files.get('f')?.toString()).toBe('A\nb\nc\nD\n');
    expect(out.conflicts).toEqual([]);
  });

  it('removes a file the new scaffold drops only when the author never changed it', async () => {
    const out = await merge(tree({ same: '1\n', edited: '1\n' }), tree({}), tree({ same: '1\n', edited: '2\n' }));
    expect([...out.files.keys()]).toEqual(['edited']);
    expect(out.removed).toEqual(['same']);
    expect(out.keptAsYours).toEqual(['edited']);
  });

  it('leaves a file the author deleted deleted, and a binary file both changed as the author has it', async () => {
    const bin = (s: string) => Buffer.from(`\0${s}`);
    const out = await threeWayMerge(
      new Map([
        ['gone', Buffer.from('1\n')],
        ['chart.tgz', bin('a')],
      ]),
      new Map([
        ['gone', Buffer.from('2\n')],
        ['chart.tgz', bin('b')],
      ]),
      new Map([['chart.tgz', bin('c')]]),
      gitMergeFile(labels),
    );
    expect(out.files.has('gone')).toBe(false);
    expect(out.keptAsYours).toEqual(['gone']);
    expect(out.conflicts).toEqual(['chart.tgz']);
    expect(out.files.get('chart.tgz')).toEqual(bin('c'));
  });
});
