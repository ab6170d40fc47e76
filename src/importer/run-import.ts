import { posix } from 'node:path';
import { type Diagnostic, sortDiagnostics } from '../errors/diagnostic.js';
import type { ImportedCrd } from './crd-model.js';
import { kindMarkers } from './kind-markers.js';
import { fileHeader, groupVersionFile, resourceFile, resourceFileName, typesFileName } from './output-files.js';
import { isCrd, readCrd } from './read-crd.js';
import { renderTypes } from './render-types.js';
import { type SourceText, readSourceObjects } from './source-documents.js';
import { TypePlanner } from './type-plan.js';

/** DEFAULT_OUTPUT is where imported API folders go: `<output>/<group>/<version>/`. */
export const DEFAULT_OUTPUT = 'src/api/external';

/** ImportNote is one line of the import report: a construct kept by the escape hatch, or one not reproduced. */
export interface ImportNote {
  crd: string;
  version: string;
  path: string;
  message: string;
}

/** ImportedKind summarises one imported CRD. */
export interface ImportedKind {
  crd: ImportedCrd;
  /** Folder of each version, relative to the project root. */
  folders: { version: string; dir: string }[];
}

/** ImportResult is what an import would write (root-relative posix paths) and what it found. */
export interface ImportResult {
  files: Map<string, string>;
  kinds: ImportedKind[];
  notes: ImportNote[];
  diagnostics: Diagnostic[];
  /** Documents that are not CustomResourceDefinitions (a release manifest holds Deployments too). */
  skipped: number;
}

/** ImportOptions are the inputs of {@link runImport}. */
export interface ImportOptions {
  sources: readonly SourceText[];
  /** Base folder (default {@link DEFAULT_OUTPUT}). */
  output?: string;
}

/** readCrds parses every source and validates every CustomResourceDefinition in it. */
export function readCrds(sources: readonly SourceText[]): {
  crds: ImportedCrd[];
  diagnostics: Diagnostic[];
  skipped: number;
} {
  const crds: ImportedCrd[] = [];
  const diagnostics: Diagnostic[] = [];
  let skipped = 0;
  for (const source of sources) {
    const read = readSourceObjects(source);
    diagnostics.push(...read.diagnostics);
    for (const obj of read.objects) {
      if (!isCrd(obj.value)) {
        skipped++;
        continue;
      }
      const r = readCrd(obj);
      diagnostics.push(...r.diagnostics);
      if (r.crd !== undefined) crds.push(r.crd);
    }
  }
  return { crds, diagnostics, skipped };
}

/**
 * runImport turns CustomResourceDefinitions into TypeScript API folders: per kind and version a types
 * file (json-schema-to-typescript output with the markers that reproduce the schema) and a typed resource
 * descriptor, plus the folder's groupversion.ts. It writes nothing: the caller writes `files` only when
 * `diagnostics` is empty. The same input always gives the same bytes.
 */
export async function runImport(options: ImportOptions): Promise<ImportResult> {
  const { crds, diagnostics, skipped } = readCrds(options.sources);
  const files = new Map<string, string>();
  const notes: ImportNote[] = [];
  const kinds: ImportedKind[] = [];
  const base = options.output ?? DEFAULT_OUTPUT;
  const seen = new Map<string, ImportedCrd>();
  for (const crd of crds) {
    const prev = seen.get(crd.name);
    if (prev !== undefined) {
      const at = crd.source.locate(['metadata', 'name']);
      const first = prev.source.locate(['metadata', 'name']);
      diagnostics.push({
        ...at,
        severity: 'error',
        message: `CustomResourceDefinition ${crd.name} is given twice (also at ${first.file}:${first.line})`,
        hint: 'import each CRD once',
      });
    }
    seen.set(crd.name, crd);
  }
  if (diagnostics.length > 0)
    return { files: new Map(), kinds: [], notes: [], diagnostics: sortDiagnostics(diagnostics), skipped };
  for (const crd of [...crds].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const kind: ImportedKind = { crd, folders: [] };
    for (const version of crd.versions) {
      const dir = posix.join(base, crd.group, version.name);
      const planNotes: { path: string; message: string }[] = [];
      const rootMarkers = kindMarkers(crd, version, planNotes);
      const plan = new TypePlanner().planRoot(version.schema, crd.kind, rootMarkers);
      if (plan.decls[0]?.name !== crd.kind) {
        diagnostics.push({
          ...crd.source.locate(['spec', 'names', 'kind']),
          severity: 'error',
          message: `kind ${crd.kind} has the name of a type the imported files use`,
          hint: 'import it into a file of its own by hand',
        });
        continue;
      }
      files.set(posix.join(dir, typesFileName(crd.kind)), await renderTypes(plan, fileHeader(crd)));
      files.set(posix.join(dir, resourceFileName(crd.kind)), resourceFile(crd, version.name));
      files.set(posix.join(dir, 'groupversion.ts'), groupVersionFile(crd.group, version.name));
      for (const n of [...planNotes, ...plan.notes]) notes.push({ crd: crd.name, version: version.name, ...n });
      kind.folders.push({ version: version.name, dir });
    }
    kinds.push(kind);
  }
  return { files, kinds, notes, diagnostics: sortDiagnostics(diagnostics), skipped };
}
