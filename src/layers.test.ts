import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The layers of the package, top to bottom (CONTRIBUTING.md draws them). Each folder names the folders
// its modules may import; anything else is an upward or sideways import and fails here, and so does a
// table that would let two folders depend on each other. Adding a dependency is a deliberate edit of
// this table. Tests are left out: they drive a layer from above (the schema goldens run `generate`).
const LAYERS: Readonly<Record<string, readonly string[]>> = {
  'src/cli': [
    'plugins',
    'src/testing',
    'src/generate',
    'src/importer',
    'src/manifests',
    'src/plugin',
    'src/machinery',
    'src/model',
    'src/errors',
  ],
  // Built-in plugins use the public plugin API only, as third-party plugins do.
  plugins: ['src/index'],
  'src/index': ['src/importer', 'src/codegen', 'src/plugin', 'src/machinery', 'src/model', 'src/errors'],
  'src/generate': [
    'src/manifests',
    'src/schema',
    'src/markers',
    'src/compiler',
    'src/codegen',
    'src/machinery',
    'src/model',
    'src/errors',
  ],
  'src/importer': ['src/schema', 'src/markers', 'src/codegen', 'src/machinery', 'src/model', 'src/errors'],
  'src/manifests': [
    'src/schema',
    'src/markers',
    'src/compiler',
    'src/machinery',
    'src/model',
    'src/yaml',
    'src/errors',
  ],
  'src/schema': ['src/markers', 'src/compiler', 'src/model', 'src/yaml', 'src/errors'],
  'src/markers': ['src/compiler', 'src/errors'],
  'src/compiler': ['src/errors'],
  'src/codegen': [],
  'src/plugin': ['src/machinery', 'src/model', 'src/errors'],
  'src/machinery': ['src/model', 'src/yaml', 'src/errors'],
  // The built-in kinds a project may reconcile are the runtime's own table of descriptors.
  'src/model': ['src/runtime', 'src/yaml', 'src/errors'],
  'src/testing': ['src/runtime', 'src/errors'],
  'src/yaml': [],
  'src/errors': [],
  'src/types': [],
  // The runtime ships in every operator: see src/runtime/boundary.test.ts for the packages it may not load.
  'src/runtime': [],
};

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return ['testdata', 'fixtures', 'node_modules'].includes(e.name) ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** localImports are the repository files a module imports (static, type-only, re-exports and `import()`). */
function localImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      return statSync(target, { throwIfNoEntry: false })?.isDirectory() === true ? join(target, 'index.ts') : target;
    });
}

/** layerOf is the row of the table a repository file belongs to: its top folder under src/, `src/index` for src/index.ts. */
function layerOf(file: string): string {
  const parts = relative(repo, file).split('/');
  if (parts[0] === 'plugins') return 'plugins';
  return parts.length === 2 ? `src/${(parts[1] ?? '').replace(/\.ts$/, '')}` : `src/${parts[1] ?? ''}`;
}

/** cycles lists the strongly connected components (more than one node) of a graph, with Tarjan's algorithm. */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) component.push(w);
    if (component.length > 1) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

function addEdge(graph: Map<string, Set<string>>, from: string, to: string): void {
  const set = graph.get(from) ?? new Set<string>();
  set.add(to);
  graph.set(from, set);
}

const files = [...sourceFiles(join(repo, 'src')), ...sourceFiles(join(repo, 'plugins'))];
const edges = files.flatMap((from) => localImports(from).map((to) => ({ from, to })));

describe('layers', () => {
  it('finds the sources and their imports', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(edges.length).toBeGreaterThan(800);
  });

  it('has a row for every folder, and rows that only name rows', () => {
    expect([...new Set(files.map(layerOf))].filter((l) => LAYERS[l] === undefined)).toEqual([]);
    expect(
      Object.values(LAYERS)
        .flat()
        .filter((l) => LAYERS[l] === undefined),
    ).toEqual([]);
  });

  it('is a table without cycles', () => {
    expect(cycles(new Map(Object.entries(LAYERS).map(([k, v]) => [k, new Set(v)])))).toEqual([]);
  });

  it('holds: every import goes to the same folder or one the table allows', () => {
    const offences = edges
      .filter(({ from, to }) => layerOf(from) !== layerOf(to) && !(LAYERS[layerOf(from)] ?? []).includes(layerOf(to)))
      .map(
        ({ from, to }) =>
          `${relative(repo, from)} -> ${relative(repo, to)} (${layerOf(from)} may not import ${layerOf(to)})`,
      );
    expect(offences).toEqual([]);
  });

  it('has no import cycle between files', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) addEdge(graph, relative(repo, from), relative(repo, to));
    expect(cycles(graph)).toEqual([]);
  });

  it('has no import cycle between sibling folders', () => {
    // Folders with the same parent (olm/bundle and olm/validate) depend on each other one way only; a
    // folder's own files may use its subfolders and be used by them. The runtime's folders (manager,
    // metrics, client, webhook...) are not held to this yet: they still import each other both ways.
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const a = relative(repo, dirname(from)).split('/');
      const b = relative(repo, dirname(to)).split('/');
      let common = 0;
      while (common < a.length && common < b.length && a[common] === b[common]) common++;
      if (common >= a.length || common >= b.length) continue;
      const parent = a.slice(0, common).join('/');
      // The top folders are the table's rows, checked above.
      if (parent === '' || parent === 'src' || parent === 'src/runtime' || parent.startsWith('src/runtime/')) continue;
      addEdge(graph, a.slice(0, common + 1).join('/'), b.slice(0, common + 1).join('/'));
    }
    expect(cycles(graph)).toEqual([]);
  });
});
