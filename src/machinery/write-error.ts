import { UserError } from '../errors/user-error.js';

/**
 * WriteProblem is one reason the staged change cannot be written: `blocker` is the path the OS refuses
 * (a read-only folder, a file where a folder must be), `paths` the staged files it blocks.
 */
export interface WriteProblem {
  /** Errno code, such as EACCES, ENOTDIR, EISDIR, ENOSPC, EROFS. */
  readonly code: string;
  /** Project-relative path the OS refuses. */
  readonly blocker: string;
  /** What is wrong with the blocker, in words: "is not writable", "is a file, but ... must be a folder". */
  readonly reason: string;
  /** Project-relative staged paths that cannot be written because of it. */
  readonly paths: readonly string[];
}

/** fixFor tells the user how to clear an errno code on a path; `nothing was written` is added by the caller. */
export function fixFor(code: string, blocker: string): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `make ${blocker} writable for your user (e.g. chmod u+w ${blocker}), or run in a copy you own`;
    case 'EROFS':
      return `${blocker} is on a read-only file system: run in a writable copy of the project, or remount it read-write`;
    case 'ENOTDIR':
      return `move or delete the file ${blocker}: operator-ts needs a folder there`;
    case 'EISDIR':
      return `move or delete the folder ${blocker}: operator-ts writes a file there`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `free some space (or quota) on the device holding ${blocker}`;
    case 'ENAMETOOLONG':
      return `use a shorter project path than ${blocker}`;
    default:
      return `check that ${blocker} can be written`;
  }
}

function listPaths(paths: readonly string[]): string {
  const shown = paths.slice(0, 3).join(', ');
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}

/** problemsError turns pre-flight problems into one UserError that names every blocker, its errno and the fix. */
export function problemsError(problems: readonly WriteProblem[]): UserError {
  const line = (p: WriteProblem): string =>
    p.paths.length === 1 && p.paths[0] === p.blocker
      ? `${p.blocker} ${p.reason} (${p.code})`
      : `${p.blocker} ${p.reason} (${p.code}), needed for ${listPaths(p.paths)}`;
  const hints = [...new Set(problems.map((p) => fixFor(p.code, p.blocker)))];
  const hint = `${hints.join('; ')}; then re-run. Nothing was written.`;
  if (problems.length === 1) return new UserError(`cannot write the changes: ${line(problems[0]!)}`, { hint });
  return new UserError(
    `cannot write the changes (${problems.length} problems):\n${problems.map((p) => `  - ${line(p)}`).join('\n')}`,
    { hint },
  );
}
