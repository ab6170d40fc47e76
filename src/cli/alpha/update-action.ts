import { join } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import { cliVersion } from '../../machinery/template-root.js';
import type { Change } from '../../machinery/tree.js';
import { PROJECT_FILE, serializeProject } from '../../model/project.js';
import { withCommandLock } from '../command-lock.js';
import type { RunContext } from '../run-context.js';
import { scaffolderFor } from './cli-source.js';
import { readFileMap, type FileMap } from './file-tree.js';
import { checkBranch, commitPaths, leaveNewBranch, switchToNewBranch, updateBranchName } from './git-branch.js';
import { gitMergeFile, hasConflictMarkers, threeWayMerge, type MergeOutcome } from './merge.js';
import type { RunArgv } from './scaffolder.js';
import { freshScaffold, printWritten, readProjectIn, regenerate, stageTree, withScratch } from './staging.js';

/** AlphaUpdateFlags are the flags of `alpha update`. */
export interface AlphaUpdateFlags {
  readonly from?: string;
  readonly to?: string;
  readonly force?: boolean;
  readonly dryRun?: boolean;
  /** Commit the update on a new branch: true for the default name, or the name. */
  readonly branch?: boolean | string;
}

function withoutProject(files: FileMap): FileMap {
  const out = new Map(files);
  out.delete(PROJECT_FILE);
  return out;
}

function summary(outcome: MergeOutcome): string {
  const rows: [string, readonly string[]][] = [
    ['updated', outcome.updated],
    ['merged', outcome.merged],
    ['removed', outcome.removed],
    ['kept', outcome.keptAsYours],
    ['conflict', outcome.conflicts],
  ];
  return rows.flatMap(([label, paths]) => paths.map((p) => `  ${label.padEnd(8)} ${p}\n`)).join('');
}

/**
 * alphaUpdateAction moves the project to another operator-ts version by a three-way merge, as kubebuilder's
 * `alpha update`: the ancestor is the project scaffolded afresh by the version it was made with (--from,
 * else PROJECT's cliVersion), theirs the same by the target version (--to, else this CLI), ours the project
 * as it is. Nothing is written while a file conflicts, unless --force: then the merge is written with the
 * conflicts marked as git marks them, and the command still fails until they are resolved. With --branch the
 * result is committed on a new branch.
 */
export async function alphaUpdateAction(ctx: RunContext, flags: AlphaUpdateFlags, runArgv: RunArgv): Promise<void> {
  const { io } = ctx;
  const root = io.cwd;
  const file = readProjectIn(root, root, 'alpha update');
  const from = flags.from ?? (file.config.cliVersion === '' ? undefined : file.config.cliVersion);
  if (from === undefined)
    throw new UserError(
      `${PROJECT_FILE} records no cliVersion, so the version this project was scaffolded with is unknown`,
      {
        hint:
          'name it: operator-ts alpha update --from <version> ' +
          '(the operator-ts version in package.json when the project was created)',
      },
    );
  const dryRun = flags.dryRun === true;
  await withCommandLock(io, 'alpha update', { dryRun }, async () => {
    const [base, theirs] = [
      await scaffolderFor(from, io, '--from', runArgv),
      await scaffolderFor(flags.to ?? cliVersion(), io, '--to', runArgv),
    ];
    const branch =
      flags.branch === undefined || flags.branch === false || dryRun
        ? undefined
        : flags.branch === true
          ? updateBranchName(base.version, theirs.version)
          : flags.branch;
    if (branch !== undefined) await checkBranch(root, branch);
    const labels = {
      ours: 'ours',
      base: `ancestor (operator-ts ${base.version})`,
      theirs: `theirs (operator-ts ${theirs.version})`,
    };
    io.err(`Scaffolding the project with operator-ts ${base.version} (ancestor) and ${theirs.version} (theirs) ...\n`);
    const result = await withScratch(async (scratch) => {
      const catalog = ctx.plugins();
      const ancestor = withoutProject(
        await freshScaffold(file, catalog, root, base, join(scratch, 'ancestor'), { io, strict: false }),
      );
      const next = withoutProject(
        await freshScaffold(file, catalog, root, theirs, join(scratch, 'theirs'), {
          io,
          strict: theirs.version === cliVersion(),
        }),
      );
      const ours = withoutProject(readFileMap(root));
      const stale = [...ours].filter(
        ([path, content]) =>
          hasConflictMarkers(content) && ancestor.get(path)?.equals(next.get(path) ?? Buffer.alloc(0)) === false,
      );
      if (stale.length > 0)
        throw new UserError(`${stale.map(([p]) => p).join(', ')} still hold conflict markers of an earlier update`, {
          hint: 'resolve the <<<<<<< ours / >>>>>>> theirs regions (or restore the files from git), then re-run',
        });
      const outcome = await threeWayMerge(ancestor, next, ours, gitMergeFile(labels, io.signal));
      const project = { ...file.config, cliVersion: theirs.version };
      outcome.files.set(PROJECT_FILE, Buffer.from(serializeProject(project)));
      // Generated files follow the merged API types, unless a conflict in them would only make generate fail.
      const regenerated =
        outcome.conflicts.length === 0
          ? await regenerate(join(scratch, 'result'), outcome.files, io, runArgv)
          : { files: outcome.files };
      return { outcome, ...regenerated };
    });
    const { outcome } = result;
    io.out(`alpha update: operator-ts ${base.version} -> ${theirs.version}\n${summary(outcome)}`);
    if (outcome.conflicts.length > 0 && flags.force !== true)
      throw new UserError(
        `${outcome.conflicts.length} files conflict (you and operator-ts ${theirs.version} changed the same lines): ` +
          `${outcome.conflicts.join(', ')}; nothing was written`,
        {
          hint:
            're-run with --force to write the merge with the conflicts marked as git marks them ' +
            '(<<<<<<< ours, ||||||| ancestor, =======, >>>>>>> theirs), then resolve them',
        },
      );
    io.signal?.throwIfAborted();
    const tree = stageTree(root, result.files, outcome.removed);
    if (branch !== undefined) await switchToNewBranch(root, branch);
    let changes: Change[];
    try {
      changes = dryRun ? tree.changes() : tree.flush();
    } catch (err) {
      // The flush wrote nothing (it is all or nothing): the branch made for it goes too.
      if (branch !== undefined) await leaveNewBranch(root, branch);
      throw err;
    }
    printWritten(io, changes, dryRun);
    if (branch !== undefined) {
      const conflicts =
        outcome.conflicts.length === 0 ? '' : ` (conflicts to resolve: ${outcome.conflicts.join(', ')})`;
      const written = changes.filter((c) => c.kind !== 'SKIP').map((c) => c.path);
      await commitPaths(
        root,
        written,
        `Upgrade the scaffold from operator-ts ${base.version} to ${theirs.version}${conflicts}`,
      );
      io.out(`Committed on branch ${branch}.\n`);
    }
    if (result.problem !== undefined)
      io.err(`Warning: generate failed on the merged project, its outputs are as they were: ${result.problem}\n`);
    const marked = [...result.files].filter(([, content]) => hasConflictMarkers(content)).map(([p]) => p);
    if (marked.length > 0)
      throw new UserError(`${marked.length} files hold conflict markers: ${marked.join(', ')}`, {
        hint: 'resolve each <<<<<<< ours ... >>>>>>> theirs region, then run npm run manifests && npm test',
      });
    io.out(`Next: review the changes (git diff), then run npm install && npm run manifests && npm test\n`);
  });
}
