import { describe, expect, it } from 'vitest';
import { commentToken, containsFragment, insertAtMarkers, markerLine } from './markers.js';

describe('markers', () => {
  it('uses the comment syntax of the file type', () => {
    expect(markerLine('src/main.ts', 'imports')).toBe('// +operator-ts:scaffold:imports');
    expect(markerLine('config/default/kustomization.yaml', 'resources')).toBe('# +operator-ts:scaffold:resources');
    expect(commentToken('Makefile')).toBe('#');
    expect(commentToken('Dockerfile')).toBe('#');
    expect(() => commentToken('notes.txt')).toThrow(/no scaffold marker syntax/);
  });

  it('inserts above the marker with its indentation', () => {
    const src = 'a\n  // +operator-ts:scaffold:x\nb\n';
    const out = insertAtMarkers('f.ts', src, { x: ['one();', 'two();'] });
    expect(out.content).toBe('a\n  one();\n  two();\n  // +operator-ts:scaffold:x\nb\n');
    expect(out.missing).toEqual([]);
  });

  it('skips a fragment already present, even re-indented', () => {
    const src = 'a\n    one();\n// +operator-ts:scaffold:x\n';
    expect(insertAtMarkers('f.ts', src, { x: ['one();'] }).content).toBe(src);
  });

  it('is idempotent for multi-line fragments', () => {
    const src = 'list:\n# +operator-ts:scaffold:items\n';
    const fragment = '- name: a\n  value: 1';
    const once = insertAtMarkers('k.yaml', src, { items: [fragment] }).content;
    const twice = insertAtMarkers('k.yaml', once, { items: [fragment] }).content;
    expect(once).toBe('list:\n- name: a\n  value: 1\n# +operator-ts:scaffold:items\n');
    expect(twice).toBe(once);
  });

  it('reports missing markers instead of inserting anywhere', () => {
    const out = insertAtMarkers('f.ts', 'nothing here\n', { imports: ['x'] });
    expect(out.missing).toEqual(['imports']);
    expect(out.content).toBe('nothing here\n');
  });

  it('matches fragments line by line, not as substrings', () => {
    expect(containsFragment(['foo();', 'bar();'], 'foo();\nbar();')).toBe(true);
    expect(containsFragment(['foo();', 'x', 'bar();'], 'foo();\nbar();')).toBe(false);
    expect(containsFragment(['foofoo();'], 'foo();')).toBe(false);
  });
});
