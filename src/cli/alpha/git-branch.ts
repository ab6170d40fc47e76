import { execa } from 'execa';
import { UserError } from '../../errors/user-error.js';

// `alpha update --branch` leaves the update as one commit on a branch of its own, as kubebuilder's
// `alpha update` leaves it on kubebuilder-update-from-<a>-to-<b>, so it is reviewed and merged like any change.

async function git(root: string, args: readonly string[]): Promise<{ ok: boolean; out: string; err: string }> {
  const r = await execa('git', args, { cwd: root, reject: false, stdin: 'ignore' });
  if (r.failed && r.exitCode === undefined)
    throw new UserError(`--branch needs git, which could not run: ${r.shortMessage}`, {
      hint: 'install git, or leave --branch out',
    });
  return { ok: r.exitCode === 0, out: String(r.stdout), err: String(r.stderr).trim() };
}

/** updateBranchName is the branch an update from one version to another is committed on by default. */
export function updateBranchName(from: string, to: string): string {
  return `operator-ts-update-from-${from}-to-${to}`.replace(/[^A-Za-z0-9._/-]/g, '-');
}

/**
 * checkBranch makes sure the update can be committed on a new branch: the project is in a git work tree
 * whose tracked files have no uncommitted change (the commit then holds the update only) and the branch
 * does not exist yet.
 */
export async function checkBranch(root: string, branch: string): Promise<void> {
  if (!(await git(root, ['rev-parse', '--is-inside-work-tree'])).ok)
    throw new UserError(`--branch: ${root} is not in a git repository`, {
      hint: 'run git init and commit the project first, or leave --branch out',
    });
  const status = await git(root, ['status', '--porcelain', '--untracked-files=no']);
  if (status.out.trim() !== '')
    throw new UserError('--branch: the project has uncommitted changes, which the update commit would mix in', {
      hint: 'commit or stash them first (git status shows them)',
    });
  if ((await git(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).ok)
    throw new UserError(`--branch: branch ${branch} already exists`, {
      hint: `delete it (git branch -D ${branch}) or name another one with --branch <name>`,
    });
  if (!(await git(root, ['check-ref-format', '--branch', branch])).ok)
    throw new UserError(`--branch: "${branch}" is not a valid branch name`, {
      hint: 'name another one with --branch <name>',
    });
}

/** switchToNewBranch creates branch at HEAD and switches to it. */
export async function switchToNewBranch(root: string, branch: string): Promise<void> {
  const r = await git(root, ['switch', '-c', branch]);
  if (!r.ok)
    throw new UserError(`--branch: git switch -c ${branch} failed: ${r.err}`, {
      hint: 'fix the repository state, then re-run',
    });
}

/** leaveNewBranch goes back to the branch before {@link switchToNewBranch} and deletes the new one. */
export async function leaveNewBranch(root: string, branch: string): Promise<void> {
  if ((await git(root, ['switch', '--quiet', '-'])).ok) await git(root, ['branch', '--quiet', '-D', branch]);
}

/** commitPaths commits the given project files (added, changed or deleted) with message. */
export async function commitPaths(root: string, paths: readonly string[], message: string): Promise<void> {
  if (paths.length === 0) return;
  const add = await git(root, ['add', '-A', '--', ...paths]);
  if (!add.ok)
    throw new UserError(`--branch: git add failed: ${add.err}`, { hint: 'the files are written; commit them by hand' });
  const commit = await git(root, ['commit', '--quiet', '-m', message]);
  if (!commit.ok)
    throw new UserError(`--branch: git commit failed: ${commit.err}`, {
      hint: 'the files are written and staged: commit them by hand, after setting git user.name and user.email',
    });
}
