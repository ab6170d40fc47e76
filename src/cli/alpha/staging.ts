import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { isUserError, UserError } from '../../errors/user-error.js';
import { cliVersion } from '../../machinery/template-root.js';
import { VirtualTree, type Change } from '../../machinery/tree.js';
import { parseProjectFile, readProjectText, type ProjectFile } from '../../model/project-reader.js';
import { PROJECT_FILE } from '../../model/project.js';
import type { PluginCatalog } from '../chain.js';
import type { CliIO } from '../io.js';
import { readFileMap, writeFileMap, type FileMap } from './file-tree.js';
import { projectDifference } from './project-check.js';
import { replayPlan } from './replay-plan.js';
import { inProcessScaffolder, scaffoldProject, type RunArgv, type Scaffolder } from './scaffolder.js';

/** BOILERPLATE is the project's licence header, read so the fresh scaffold carries it. */
const BOILERPLATE = 'hack/boilerplate.ts.txt';

/** readProjectIn reads and validates dir/PROJECT for an alpha command, or says how to get one. */
export function readProjectIn(dir: string, cwd: string, command: string): ProjectFile {
  const text = readProjectText(dir);
  const label = relative(cwd, join(dir, PROJECT_FILE)) || PROJECT_FILE;
  if (text === undefined)
    throw new UserError(
      `no ${PROJECT_FILE} file in ${dir}: \`operator-ts ${command}\` scaffolds a project again from it`,
      {
        hint:
          command === 'alpha generate'
            ? 'run it in the project folder, or point --input-dir at it'
            : 'run it in the project folder',
      },
    );
  return parseProjectFile(text, label);
}

/**
 * withScratch runs fn with a scratch folder in the system temp folder, removed afterwards: every fresh
 * scaffold is made there, so nothing reaches the project before the one flush at the end.
 */
export async function withScratch<T>(fn: (scratch: string) => Promise<T>): Promise<T> {
  const scratch = mkdtempSync(join(tmpdir(), 'operator-ts-alpha-'));
  try {
    return await fn(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** freshScaffold scaffolds the project PROJECT describes with one operator-ts, in scratch/<name>, and reads it. */
export async function freshScaffold(
  file: ProjectFile,
  catalog: PluginCatalog,
  root: string,
  scaffolder: Scaffolder,
  dir: string,
  /** strict refuses a replay that does not record PROJECT again; otherwise it is a warning (an older version). */
  check: { readonly io: CliIO; readonly strict: boolean },
): Promise<FileMap> {
  const { io, strict } = check;
  let boilerplate: string | undefined;
  try {
    boilerplate = readFileSync(join(root, BOILERPLATE), 'utf8');
  } catch {
    boilerplate = undefined;
  }
  const plan = replayPlan(file, catalog, { root, boilerplate });
  mkdirSync(dir, { recursive: true });
  await scaffoldProject(plan, scaffolder, dir, root);
  const files = readFileMap(dir);
  const written = files.get(PROJECT_FILE);
  const problem =
    written === undefined
      ? 'it wrote no PROJECT'
      : projectDifference(file.config, parseProjectFile(written.toString('utf8'), `${PROJECT_FILE} (replayed)`).config);
  if (problem !== undefined) {
    const message =
      `scaffolding ${file.file} afresh with operator-ts ${scaffolder.version} does not record it again: ` + problem;
    if (strict)
      throw new UserError(message, {
        hint: 'this operator-ts cannot re-create what PROJECT records; nothing was written (please report it)',
      });
    io.err(`Warning: ${message}; files it would have made count as yours in the merge\n`);
  }
  return files;
}

/**
 * regenerate writes files into the scratch folder dir and runs this CLI's `generate` there, so CRDs, roles,
 * webhook manifests and zz_generated files follow the API types the result holds. When generate fails
 * (the author's types have an error), the files stay as they were and the reason is returned.
 */
export async function regenerate(
  dir: string,
  files: FileMap,
  io: CliIO,
  runArgv: RunArgv,
): Promise<{ files: FileMap; problem?: string }> {
  mkdirSync(dir, { recursive: true });
  writeFileMap(dir, files);
  try {
    await inProcessScaffolder(cliVersion(), io.signal, runArgv).run(['generate'], dir);
  } catch (err) {
    if (!isUserError(err)) throw err;
    // The replay wording ("scaffolding ... failed at") fits no generate run: report generate's own error.
    const own = isUserError(err.cause) ? err.cause : err;
    return { files, problem: `${own.message}${own.hint === undefined ? '' : ` (${own.hint})`}` };
  }
  return { files: readFileMap(dir) };
}

/** stageTree stages files (and removals) over root in a virtual tree, for one all-or-nothing flush. */
export function stageTree(root: string, files: FileMap, removed: readonly string[] = []): VirtualTree {
  const tree = new VirtualTree(root);
  for (const [path, content] of files) tree.write(path, content);
  for (const path of removed) tree.remove(path);
  return tree;
}

/** printWritten lists the files a flush created, updated or deleted (unchanged ones are left out) and a count. */
export function printWritten(io: Pick<CliIO, 'out'>, changes: readonly Change[], dryRun: boolean): void {
  const written = changes.filter((c) => c.kind !== 'SKIP');
  io.out(written.map((c) => `${c.kind.padEnd(6)} ${c.path}\n`).join(''));
  const unchanged = changes.length - written.length;
  io.out(
    `${dryRun ? 'Dry run: nothing was written; it would change' : 'Changed'} ${written.length} files ` +
      `(${unchanged} unchanged).\n`,
  );
}
