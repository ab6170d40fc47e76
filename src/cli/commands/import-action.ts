import { formatDiagnostic } from '../../errors/diagnostic.js';
import { UserError } from '../../errors/user-error.js';
import { applyDescriptors, conflictError } from '../../machinery/apply.js';
import type { FileDescriptor } from '../../machinery/descriptors.js';
import { VirtualTree } from '../../machinery/tree.js';
import { readClusterCrds } from '../../importer/from-cluster.js';
import { importedFilePolicy } from '../../importer/external-api.js';
import { readSources } from '../../importer/read-sources.js';
import { DEFAULT_OUTPUT, type ImportResult, runImport } from '../../importer/run-import.js';
import { isDns1123Subdomain } from '../../manifests/olm/model/names.js';
import { errPaint, printChanges, type CliIO } from '../io.js';
import { progressFor } from '../progress.js';

/** ImportFlags are the parsed flags of `import crd`. */
export interface ImportFlags {
  output?: string;
  fromCluster?: string[];
  force?: boolean;
  dryRun?: boolean;
}

const NO_TEMPLATES = {
  render: (): string => {
    throw new Error('import crd renders no templates');
  },
};

/** importFiles stages the files of an import on a tree: files the import wrote before are replaced, any other file in the way is a conflict (unless force). */
function importFiles(tree: VirtualTree, files: ReadonlyMap<string, string>, force: boolean): void {
  const descriptors: FileDescriptor[] = [...files].map(([path, content]) => ({
    kind: 'generated',
    path,
    content,
    ifExists: importedFilePolicy(tree.read(path)),
  }));
  const conflicts = applyDescriptors(tree, descriptors, {
    renderer: NO_TEMPLATES,
    force,
    command: '`operator-ts import crd`',
  });
  if (conflicts.length > 0) throw conflictError(conflicts);
}

/** reportImport prints what was imported and every construct the report names. */
function reportImport(io: Pick<CliIO, 'err'>, result: ImportResult): void {
  for (const k of result.kinds)
    io.err(`imported ${k.crd.kind} (${k.crd.name}): ${k.folders.map((f) => f.version).join(', ')}\n`);
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
export async function importAction(io: CliIO, args: readonly string[], flags: ImportFlags): Promise<void> {
  const names = flags.fromCluster ?? [];
  if (args.length === 0 && names.length === 0)
    throw new UserError('no CRD to import', {
      hint: 'name CRD files or folders, - for standard input, or --from-cluster <crd-name>',
    });
  if (flags.output !== undefined && flags.output.trim() === '')
    throw new UserError('--output is empty', {
      hint: `name the base folder of the imported types, or leave --output out for ${DEFAULT_OUTPUT}`,
    });
  for (const name of names)
    if (!isDns1123Subdomain(name) || !name.includes('.'))
      throw new UserError(`--from-cluster ${JSON.stringify(name)} is not a CustomResourceDefinition name`, {
        hint: 'a CRD is named <plural>.<group>, e.g. --from-cluster certificates.cert-manager.io',
      });
  const stdin = args.includes('-') ? await readStdin(io) : '';
  const progress = progressFor(io, 'import crd', errPaint(io));
  let result: ImportResult;
  try {
    const files = readSources(io.cwd, args, () => stdin);
    const crds = names.length === 1 ? 'a CRD' : `${names.length} CRDs`;
    if (names.length > 0) progress.step(`reading ${crds} from the cluster`);
    const sources = [...files, ...(names.length > 0 ? await readClusterCrds(names) : [])];
    progress.step('writing the types');
    result = await runImport({ sources, output: flags.output ?? DEFAULT_OUTPUT });
  } finally {
    progress.done();
  }
  if (result.diagnostics.length > 0) {
    for (const d of result.diagnostics) io.err(`${formatDiagnostic(d)}\n`);
    throw new UserError(
      `import crd found ${result.diagnostics.length} error${result.diagnostics.length === 1 ? '' : 's'}; no file was written`,
      { hint: 'fix the CRDs at the positions listed above and run the import again' },
    );
  }
  if (result.kinds.length === 0)
    throw new UserError('the sources hold no CustomResourceDefinition', {
      hint: 'pass the CRD manifests (kind: CustomResourceDefinition) of the operator whose kinds you use',
    });
  const tree = new VirtualTree(io.cwd);
  importFiles(tree, result.files, flags.force === true);
  reportImport(io, result);
  printChanges(io, flags.dryRun === true ? tree.changes() : tree.flush(), flags.dryRun === true);
}

/** readStdin is the CRDs piped in for `-`; a terminal on stdin is no source. */
async function readStdin(io: CliIO): Promise<string> {
  const text = await io.readStdin?.();
  if (text === undefined)
    throw new UserError('- reads CRDs from standard input, but nothing is piped into it', {
      hint: 'pipe the CRDs in, e.g. kubectl get crd certificates.cert-manager.io -o yaml | operator-ts import crd -',
    });
  return text;
}
