import { describe, expect, it } from 'vitest';
import { importedNames } from './create-webhook.js';
import { prettierJson } from './format-config.js';

describe('prettierJson', () => {
  it('keeps objects expanded and puts a short array of scalars on one line, as Prettier formats .json', () => {
    expect(prettierJson({ a: { b: ['x', 'y'], c: true }, d: [], e: {} })).toBe(
      '{\n  "a": {\n    "b": ["x", "y"],\n    "c": true\n  },\n  "d": [],\n  "e": {}\n}\n',
    );
  });

  it('breaks an array whose line would pass the print width, and an array of objects', () => {
    const long = Array.from({ length: 12 }, (_, i) => `src/folder-${i}/**/*.ts`);
    expect(prettierJson({ include: long }).split('\n')).toHaveLength(long.length + 5);
    expect(prettierJson([{ a: 1 }])).toBe('[\n  {\n    "a": 1\n  }\n]\n');
  });
});

describe('importedNames', () => {
  it('lists the local names of named imports, type-only and aliased ones included', () => {
    const source =
      "import { a, type B } from 'x';\nimport type { C as D, E } from './y.js';\n// import { F } from 'z';\nconst G = 1;\n";
    expect([...importedNames(source)].sort()).toEqual(['B', 'D', 'E', 'a']);
  });
});
