import { readFileSync } from 'node:fs';
import { formatChanges } from '../output.js';
import { UserError } from '../../errors/user-error.js';
import { applyDescriptors, conflictError } from '../../machinery/apply.js';
import type { FileDescriptor } from '../../machinery/descriptors.js';
import { VirtualTree } from '../../machinery/tree.js';
import { formatDiagnostic } from '../../errors/diagnostic.js';
import { readClusterCrds } from '../../importer/from-cluster.js';
import { importedFilePolicy } from '../../importer/external-api.js';
import { readSources } from '../../importer/read-sources.js';
import { DEFAULT_OUTPUT, type ImportResult, runImport } from '../../importer/run-import.js';

/** ImportIO is where the command reads and reports. */
export interface ImportIO {
  readonly cwd: string;
  out(text: string): void;
  err(text: string): void;
}

/** ImportFlags are the parsed flags of `import crd`. */
export interface ImportFlags {
  output?: string;
  fromCluster?: string[];
  force?: boolean;
  dryRun?: boolean;
}

const NO_TEMPLATES = { render: (): string => { throw new Error('import crd renders no templates'); } };

/** importFiles stages the files of an import on a tree: files the import wrote before are replaced, any other file in the way is a conflict (unless force). */
export function importFiles(tree: VirtualTree, files: ReadonlyMap<string, string>, force: boolean): void {
  const descriptors: FileDescriptor[] = [...files].map(([path, content]) => ({ kind: 'generated', path, content, ifExists: importedFilePolicy(tree.read(path)) }));
  const conflicts = applyDescriptors(tree, descriptors, { renderer: NO_TEMPLATES, force, command: '`operator-ts import crd`' });
  if (conflicts.length > 0) throw conflictError(conflicts);
}

/** reportImport prints what was imported and every construct the report names. */
export function reportImport(io: Pick<ImportIO, 'err'>, result: ImportResult): void {
  for (const k of result.kinds) io.err(`imported ${k.crd.kind} (${k.crd.name}): ${k.folders.map((f) => f.version).join(', ')}\n`);
  if (result.skipped > 0) io.err(`skipped ${result.skipped} document(s) that are not CustomResourceDefinitions\n`);
  if (result.notes.length > 0) {
    io.err('not expressed by markers (kept with +operator-ts:schema or Schemaless, or not reproduced):\n');
    for (const n of result.notes) io.err(`  ${n.crd} ${n.version} ${n.path}: ${n.message}\n`);
  }
}

/**
 * importAction runs `operator-ts import crd`: reads the sources, imports them, and writes the files
 * through the virtual tree. Any invalid CRD is reported at its file:line:col and nothing is written.
 */
export async function importAction(io: ImportIO, args: readonly string[], flags: ImportFlags): Promise<void> {
  const names = flags.fromCluster ?? [];
  if (args.length === 0 && names.length === 0) throw new UserError('no CRD to import', { hint: 'name CRD files or folders, - for standard input, or --from-cluster <crd-name>' });
  const sources = [...readSources(io.cwd, args, () => readFileSync(0, 'utf8')), ...(names.length > 0 ? await readClusterCrds(names) : [])];
  const result = await runImport({ sources, output: flags.output ?? DEFAULT_OUTPUT });
  if (result.diagnostics.length > 0) {
    for (const d of result.diagnostics) io.err(`${formatDiagnostic(d)}\n`);
    throw new UserError(`import crd found ${result.diagnostics.length} error${result.diagnostics.length === 1 ? '' : 's'}; no file was written`, { hint: 'fix the CRDs at the positions listed above and run the import again' });
  }
  if (result.kinds.length === 0) throw new UserError('the sources hold no CustomResourceDefinition', { hint: 'pass the CRD manifests (kind: CustomResourceDefinition) of the operator whose kinds you use' });
  const tree = new VirtualTree(io.cwd);
  importFiles(tree, result.files, flags.force === true);
  reportImport(io, result);
  const changes = flags.dryRun === true ? tree.changes() : tree.flush();
  io.out(formatChanges(changes));
  if (flags.dryRun === true) io.out('Dry run: nothing was written.\n');
}
