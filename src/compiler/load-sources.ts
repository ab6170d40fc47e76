import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SourceFile, ts as TsTypes } from 'ts-morph';
import { Project, ts } from './ts-morph.js';
import { BUILTIN_LIB_NAME, BUILTIN_LIB_TEXT } from './builtin-lib.js';
import { CLIENT_NODE, SHIM_NAME, TYPES_SHIM_NAME, TYPES_SHIM_TEXT, clientNodeDistDir, importedClientNodeNames, shimText } from './client-node-shim.js';

let shared: Project | undefined;
/** Where the in-memory library lives: outside any project, so no module resolves from it. */
const BUILTIN_LIB_PATH = join('/operator-ts-generate', BUILTIN_LIB_NAME);
/** Shim file per client-node dist directory; absent means resolve the real module. */
const shims = new Map<string, string>();
/** Stand-in for client-node's types.d.ts per dist directory (only IntOrString is used by models). */
const typesShims = new Map<string, string>();

function project(): Project {
  if (shared !== undefined) return shared;
  shared = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2023,
      // The default library is replaced by an in-memory list of global names (see builtin-lib.ts).
      noLib: true,
      // Bundler resolution follows package exports like NodeNext, but does not look up the nearest
      // package.json of every file to decide whether it is ESM or CommonJS, which only matters to emit.
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
    resolutionHost: (host, getOptions) => {
      return {
        resolveModuleNames: (names: string[], containingFile: string) =>
          names.map((name) => {
            const sibling = clientNodeModelImport(name, containingFile);
            if (sibling !== undefined) return sibling;
            const real = ts.resolveModuleName(name, containingFile, getOptions(), host).resolvedModule;
            if (real === undefined) return real;
            const dist = join(real.resolvedFileName, '..');
            // client-node's types.d.ts imports the whole API (api.js) for two models: models that only need
            // IntOrString (probes, ports, PodDisruptionBudget...) must not pull in all 2,700 files.
            const typesShim = basename(real.resolvedFileName) === 'types.d.ts' ? typesShims.get(dist) : undefined;
            if (typesShim !== undefined) return { resolvedFileName: typesShim, extension: ts.Extension.Dts, isExternalLibraryImport: false };
            if (name !== CLIENT_NODE) return real;
            const shim = shims.get(dist);
            return shim === undefined ? real : { resolvedFileName: shim, extension: ts.Extension.Dts, isExternalLibraryImport: false };
          }),
      };
    },
  });
  shared.createSourceFile(BUILTIN_LIB_PATH, BUILTIN_LIB_TEXT);
  return shared;
}

/**
 * clientNodeModelImport resolves a client-node model's import of another model (`../models/V1X.js`)
 * straight to its declaration file: the models import each other over a hundred times for one pod
 * template, and the general resolution looks for package.json files for each.
 */
function clientNodeModelImport(name: string, containingFile: string): TsTypes.ResolvedModuleFull | undefined {
  if (!name.startsWith('../models/') || !name.endsWith('.js') || !containingFile.endsWith('/client-node/dist/gen/models/' + basename(containingFile))) return undefined;
  const resolvedFileName = join(dirname(containingFile), basename(name, '.js') + '.d.ts');
  return ts.sys.fileExists(resolvedFileName) ? { resolvedFileName, extension: ts.Extension.Dts, isExternalLibraryImport: true } : undefined;
}

function updateShim(p: Project, files: readonly SourceFile[]): void {
  const first = files[0];
  if (first === undefined) return;
  const dist = clientNodeDistDir(first.getFilePath(), p.getCompilerOptions(), ts.sys);
  if (dist === undefined) return;
  const names = importedClientNodeNames(files);
  const path = join(dist, SHIM_NAME);
  if (names === undefined) {
    shims.delete(dist);
    return;
  }
  const typesPath = join(dist, TYPES_SHIM_NAME);
  if (p.getSourceFile(typesPath) === undefined) p.createSourceFile(typesPath, TYPES_SHIM_TEXT);
  typesShims.set(dist, typesPath);
  const text = shimText(dist, names);
  const existing = p.getSourceFile(path);
  if (existing === undefined) p.createSourceFile(path, text);
  else if (existing.getFullText() !== text) existing.replaceWithText(text);
  shims.set(dist, path);
}

/**
 * loadSourceFiles returns the ts-morph source files for the given paths from one Project kept per
 * process. A file whose text is unchanged is reused, so the program and its type checker are only
 * rebuilt when an input changed; @kubernetes/client-node is seen through an in-memory shim exporting only
 * the imported models, so its 2,700 declaration files are not all parsed and bound.
 */
export function loadSourceFiles(paths: readonly string[]): { project: Project; files: SourceFile[] } {
  const p = project();
  const files: SourceFile[] = [];
  for (const path of paths) {
    const text = readFileSync(path, 'utf8');
    const existing = p.getSourceFile(path);
    if (existing !== undefined && existing.getFullText() === text) files.push(existing);
    else if (existing !== undefined) {
      existing.replaceWithText(text);
      files.push(existing);
    } else files.push(p.createSourceFile(path, text, { overwrite: true }));
  }
  updateShim(p, [...p.getSourceFiles()].filter((sf) => !sf.getFilePath().includes('/node_modules/') && sf.getFilePath() !== BUILTIN_LIB_PATH));
  return { project: p, files };
}

/** preloadSourceFiles adds many files at once (tests), so later runs over subsets share one type checker. */
export function preloadSourceFiles(paths: readonly string[]): void {
  loadSourceFiles(paths);
}
