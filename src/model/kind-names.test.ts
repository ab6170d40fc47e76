import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tsconfigJson } from '../../plugins/typescript/package-json.js';
import { checkKindName, TYPESCRIPT_GLOBALS } from './kind-names.js';
import { checkKind } from './naming.js';

const LIB_DIR = fileURLToPath(new URL('../../node_modules/typescript/lib/', import.meta.url));

/** libNames reads the PascalCase names a TypeScript lib (and the libs it references) declares. */
function libNames(lib: string, seen = new Set<string>(), names = new Set<string>()): Set<string> {
  if (seen.has(lib)) return names;
  seen.add(lib);
  const text = readFileSync(`${LIB_DIR}lib.${lib}.d.ts`, 'utf8');
  for (const m of text.matchAll(/\/\/\/ <reference lib="([^"]+)" \/>/g)) libNames(m[1] ?? '', seen, names);
  for (const m of text.matchAll(
    /^(?:declare )?(?:interface|type|var|const|namespace|function|class) ([A-Z][A-Za-z0-9]*)/gm,
  ))
    names.add(m[1] ?? '');
  return names;
}

describe('kind names', () => {
  it('knows every global of the lib the generated projects compile against', () => {
    const libs = (tsconfigJson()['compilerOptions'] as { lib: string[] }).lib.map((l) => l.toLowerCase());
    const declared = new Set(libs.flatMap((l) => [...libNames(l)]));
    expect(declared.size).toBeGreaterThan(150);
    expect([...declared].filter((n) => !TYPESCRIPT_GLOBALS.has(n))).toEqual([]);
    expect([...TYPESCRIPT_GLOBALS].filter((n) => !declared.has(n))).toEqual([]);
  });

  it.each([
    ['Promise', 'cache', 'Promise is a TypeScript global', 'CachePromise'],
    ['Map', 'cache', 'Map is a TypeScript global', 'CacheMap'],
    ['Date', 'batch', 'Date is a TypeScript global', 'BatchDate'],
    ['Error', 'cache', 'Error is a TypeScript global', 'CacheError'],
    ['Record', 'my-group', 'Record is a TypeScript global', 'MyGroupRecord'],
    ['Condition', 'cache', 'every API types file imports Condition', 'CacheCondition'],
    ['V1ObjectMeta', 'cache', 'every API types file imports V1ObjectMeta', 'CacheV1ObjectMeta'],
    ['V1ListMeta', 'cache', 'every API types file imports V1ListMeta', 'CacheV1ListMeta'],
    ['ShoppingList', 'cache', 'takes a type named <Kind>List for the list of <Kind>', 'ShoppingCollection'],
  ])('refuses %s', (kind, group, reason, suggestion) => {
    const problem = checkKindName(kind, group, []);
    expect(problem?.reason).toContain(reason);
    expect(problem?.suggestion).toBe(suggestion);
    expect(checkKind(problem?.suggestion ?? '')).toBeUndefined();
    expect(checkKindName(problem?.suggestion ?? '', group, [])).toBeUndefined();
  });

  it("refuses a kind that is another kind's derived name in the same API folder, either way", () => {
    expect(checkKindName('MemcachedSpec', 'cache', ['Memcached'])?.reason).toBe(
      "MemcachedSpec is also the name of Memcached's spec type in the same API folder",
    );
    expect(checkKindName('Memcached', 'cache', ['MemcachedStatus'])?.reason).toBe(
      "MemcachedStatus is also the name of Memcached's status type in the same API folder",
    );
    expect(checkKindName('FooResource', 'cache', ['Foo'])?.reason).toContain("Foo's resource type");
    expect(checkKindName('MemcachedSpec', 'cache', ['Redis'])).toBeUndefined();
  });

  it.each(['Wire', 'Manager', 'Warnings', 'Client', 'Result', 'Request', 'V1Pod', 'Cache', 'AbortController'])(
    'lets %s through (the scaffolds alias it where needed)',
    (kind) => {
      expect(checkKindName(kind, 'cache', [])).toBeUndefined();
    },
  );
});
