import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SourceFile } from 'ts-morph';
import { Project, ts } from './ts-morph.js';
import { BUILTIN_LIB_NAME, BUILTIN_LIB_TEXT } from './builtin-lib.js';
import { CLIENT_NODE, SHIM_NAME, clientNodeDistDir, importedClientNodeNames, shimText } from './client-node-shim.js';

let shared: Project | undefined;
/** Where the in-memory library lives: outside any project, so no module resolves from it. */
const BUILTIN_LIB_PATH = join('/operator-ts-generate', BUILTIN_LIB_NAME);
/** Shim file per client-node dist directory. */
const shims = new Map<string, string>();

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
            const real = ts.resolveModuleName(name, containingFile, getOptions(), host).resolvedModule;
            if (real === undefined || name !== CLIENT_NODE) return real;
            const shim = shims.get(dirname(real.resolvedFileName));
            return shim === undefined
              ? real
              : { resolvedFileName: shim, extension: ts.Extension.Dts, isExternalLibraryImport: false };
          }),
      };
    },
  });
  shared.createSourceFile(BUILTIN_LIB_PATH, BUILTIN_LIB_TEXT);
  return shared;
}

function updateShim(p: Project, files: readonly SourceFile[]): void {
  const first = files[0];
  if (first === undefined) return;
  const dist = clientNodeDistDir(first.getFilePath(), p.getCompilerOptions(), ts.sys);
  if (dist === undefined) return;
  const path = join(dist, SHIM_NAME);
  const text = shimText(dist, importedClientNodeNames(files));
  const existing = p.getSourceFile(path);
  if (existing === undefined) p.createSourceFile(path, text);
  else if (existing.getFullText() !== text) existing.replaceWithText(text);
  shims.set(dist, path);
}

/**
 * loadSourceFiles returns the ts-morph source files for the given paths from one Project kept per
 * process. A file whose text is unchanged is reused, so the program and its type checker are only
 * rebuilt when an input changed; @kubernetes/client-node is seen through an in-memory shim that declares
 * the imported names only (see client-node-shim.ts), so none of its 2,700 declaration files is read.
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
  updateShim(
    p,
    [...p.getSourceFiles()].filter(
      (sf) => !sf.getFilePath().includes('/node_modules/') && sf.getFilePath() !== BUILTIN_LIB_PATH,
    ),
  );
  return { project: p, files };
}

/** preloadSourceFiles adds many files at once (tests), so later runs over subsets share one type checker. */
export function preloadSourceFiles(paths: readonly string[]): void {
  loadSourceFiles(paths);
}
