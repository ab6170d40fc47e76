// Round trip of `import crd`: import a CRD, take the imported API over (drop `+kubebuilder:skip`), run
// `generate crd` on it, and compare the generated CRD with the original the way the controller-gen parity
// tier compares operator-ts with controller-gen (e2e/generate-parity/compare.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { runGenerate } from '../../src/generate/run.js';
import { formatDiagnostic } from '../../src/errors/diagnostic.js';
import { runImport } from '../../src/importer/run-import.js';
import {
  type CompareResult,
  type JsonObject,
  type NodeDiff,
  addResult,
  compareCrdShell,
  compareSchemas,
  emptyResult,
} from '../generate-parity/compare.js';

/** RoundTrip is the outcome for one source file. */
export interface RoundTrip {
  /** Schema nodes of every version of every CRD of the file. */
  result: CompareResult;
  /** Differences outside the schemas (names, scope, versions' flags, columns...). */
  shell: NodeDiff[];
  /** Import report lines. */
  notes: string[];
  /** The imported files, root-relative. */
  files: Map<string, string>;
}

function crdsOf(text: string): JsonObject[] {
  const out: JsonObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    const o = doc.toJS() as JsonObject | null;
    if (o?.kind === 'CustomResourceDefinition') out.push(o);
    if (o?.kind === 'List' && Array.isArray(o.items))
      for (const i of o.items as JsonObject[]) if (i.kind === 'CustomResourceDefinition') out.push(i);
  }
  return out;
}

/** schemaOf returns a version's openAPIV3Schema. */
export function schemaOf(v: JsonObject | undefined): JsonObject | undefined {
  return (v?.schema as { openAPIV3Schema?: JsonObject } | undefined)?.openAPIV3Schema;
}

/**
 * roundTrip imports `text` into `work` (a folder inside the repository, so that @kubernetes/client-node
 * resolves), regenerates the CRDs and compares them with the originals. It throws on import or generate
 * errors.
 */
export async function roundTrip(file: string, text: string, work: string): Promise<RoundTrip> {
  rmSync(work, { recursive: true, force: true });
  const imported = await runImport({ sources: [{ file, text }], output: 'api' });
  if (imported.diagnostics.length > 0)
    throw new Error(`import failed:\n${imported.diagnostics.map((d) => formatDiagnostic(d)).join('\n')}`);
  for (const [p, content] of imported.files) {
    const abs = join(work, p);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, p.endsWith('groupversion.ts') ? content.replace('// +kubebuilder:skip\n', '') : content);
  }
  const generated = runGenerate({ root: work, paths: ['api/**/*.ts'], generators: ['crd'], crdOutput: 'crd' });
  if (generated.diagnostics.length > 0)
    throw new Error(`generate failed:\n${generated.diagnostics.map((d) => formatDiagnostic(d, work)).join('\n')}`);
  const ours = new Map<string, JsonObject>();
  for (const content of generated.files.values())
    for (const c of crdsOf(content)) ours.set(String((c.metadata as JsonObject).name), c);
  const result: CompareResult = emptyResult();
  const shell: NodeDiff[] = [];
  for (const theirs of crdsOf(text)) {
    const name = String((theirs.metadata as JsonObject).name);
    const mine = ours.get(name);
    if (mine === undefined) throw new Error(`generate wrote no CRD ${name}`);
    shell.push(...compareCrdShell(mine, theirs));
    const mv = (mine.spec as { versions: JsonObject[] }).versions;
    for (const v of (theirs.spec as { versions: JsonObject[] }).versions) {
      const r = compareSchemas(schemaOf(mv.find((x) => x.name === v.name)), schemaOf(v), `<${name}/${String(v.name)}>`);
      addResult(result, r);
    }
  }
  return {
    result,
    shell,
    notes: imported.notes.map((n) => `${n.crd} ${n.version} ${n.path}: ${n.message}`),
    files: imported.files,
  };
}
