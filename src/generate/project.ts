import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project, type SourceFile, ts } from 'ts-morph';
import { CLIENT_NODE, SHIM_NAME, clientNodeDistDir, importedClientNodeNames, shimText } from './client-node-shim.js';

let shared: Project | undefined;
/** Shim file per client-node dist directory; absent means resolve the real module. */
const shims = new Map<string, string>();

function project(): Project {
  shared ??= new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
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
            if (name !== CLIENT_NODE || real === undefined) return real;
            const shim = shims.get(join(real.resolvedFileName, '..'));
            return shim === undefined ? real : { resolvedFileName: shim, extension: ts.Extension.Dts, isExternalLibraryImport: false };
          }),
      };
    },
  });
  return shared;
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
  updateShim(p, [...p.getSourceFiles()].filter((sf) => !sf.getFilePath().includes('/node_modules/')));
  return { project: p, files };
}

/** preloadSourceFiles adds many files at once (tests), so later runs over subsets share one type checker. */
export function preloadSourceFiles(paths: readonly string[]): void {
  loadSourceFiles(paths);
}
