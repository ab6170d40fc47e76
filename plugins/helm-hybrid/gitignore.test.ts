import { describe, expect, it } from 'vitest';
import type { ReadonlyTree } from '../../src/index.js';
import { gitignoreKeepingArchives } from './gitignore.js';

const tree = (gitignore: string | undefined): ReadonlyTree => ({
  root: '/project',
  exists: () => gitignore !== undefined,
  read: (p) => (p === '.gitignore' ? gitignore : undefined),
  readBytes: (p) => (p === '.gitignore' && gitignore !== undefined ? Buffer.from(gitignore) : undefined),
  list: () => [],
});

describe('gitignoreKeepingArchives', () => {
  it('adds an exception for the archives under charts/ right after *.tgz', () => {
    const d = gitignoreKeepingArchives(tree('node_modules/\ndist/\n*.tgz\n\ncoverage/\n'), [
      'Chart.yaml',
      'charts/sub-0.1.0.tgz',
    ]);
    expect(d).toEqual({
      kind: 'generated',
      path: '.gitignore',
      content: 'node_modules/\ndist/\n*.tgz\n!charts/**/*.tgz\n\ncoverage/\n',
      ifExists: 'overwrite',
    });
  });

  it('changes nothing for a chart without archives, an exception already there, or no *.tgz line', () => {
    expect(gitignoreKeepingArchives(tree('*.tgz\n'), ['Chart.yaml', 'templates/a.yaml'])).toBeUndefined();
    expect(gitignoreKeepingArchives(tree('*.tgz\n!charts/**/*.tgz\n'), ['charts/sub.tgz'])).toBeUndefined();
    expect(gitignoreKeepingArchives(tree('dist/\n'), ['charts/sub.tgz'])).toBeUndefined();
    expect(gitignoreKeepingArchives(tree(undefined), ['charts/sub.tgz'])).toBeUndefined();
  });
});
