import { UserError } from '../../errors/user-error.js';
import { PROJECT_FILE } from '../../model/project.js';
import type { FileMap } from './file-tree.js';

// What `alpha generate` keeps of the project it re-scaffolds. kubebuilder's command keeps nothing but
// PROJECT and the licence header, and leaves the user to copy their code back; here the code comes along,
// by one rule stated in the README ("Upgrading a project"):
//   - a file the new scaffold does not write is the author's (their own modules, charts, docs, CI): kept;
//   - a file the scaffold writes once for the author to fill in is kept as the author has it: everything
//     under src/ but src/main.ts (API types, controllers, webhooks, conversion, their tests), test/,
//     README.md, hack/, charts/ and config/samples/;
//   - package.json is the new one, plus every dependency, script and field of the author's it lacks
//     (their `version` stays);
//   - every other scaffolded file (src/main.ts, Makefile, Dockerfile, tsconfig, config/, CI workflows,
//     lint and format settings, PROJECT) is the new scaffold's: these are what a CLI upgrade changes.

const AUTHOR_DIRS = ['src/', 'test/', 'hack/', 'charts/', 'config/samples/'] as const;
const AUTHOR_FILES: ReadonlySet<string> = new Set(['README.md']);
const FRAME_IN_AUTHOR_DIRS: ReadonlySet<string> = new Set(['src/main.ts']);

/** isAuthorCode tells whether a scaffolded file is one the author fills in, so their copy is kept. */
export function isAuthorCode(path: string): boolean {
  if (FRAME_IN_AUTHOR_DIRS.has(path)) return false;
  return AUTHOR_FILES.has(path) || AUTHOR_DIRS.some((dir) => path.startsWith(dir));
}

const MERGED_SECTIONS = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
  'scripts',
] as const;

function parseJson(text: string, label: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UserError(`${label}: invalid JSON: ${(err as Error).message}`, {
      hint: `fix ${label} (npm cannot read it either), then re-run`,
    });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UserError(`${label}: not a JSON object`, { hint: `restore ${label} from version control` });
  return value as Record<string, unknown>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * mergePackageJson is the new scaffold's package.json with what the author added: dependencies and
 * scripts the scaffold does not name, top-level fields it does not have, and the author's version.
 */
export function mergePackageJson(scaffold: string, author: string): string {
  const next = parseJson(scaffold, 'the scaffolded package.json');
  const mine = parseJson(author, 'package.json');
  const out: Record<string, unknown> = { ...next };
  for (const [key, value] of Object.entries(mine)) {
    if (!(key in out)) out[key] = value;
    else if ((MERGED_SECTIONS as readonly string[]).includes(key) && isRecord(value) && isRecord(out[key]))
      out[key] = { ...value, ...out[key] };
  }
  if (typeof mine['version'] === 'string') out['version'] = mine['version'];
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** carryAcross lays the author's tree over a fresh scaffold by the rule above. */
export function carryAcross(scaffold: FileMap, author: FileMap): FileMap {
  const files: FileMap = new Map(scaffold);
  for (const [path, mine] of author) {
    const fresh = scaffold.get(path);
    if (fresh === undefined || isAuthorCode(path)) files.set(path, mine);
    else if (path === 'package.json')
      files.set(path, Buffer.from(mergePackageJson(fresh.toString('utf8'), mine.toString('utf8'))));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * replacedFiles are the scaffold files whose author's copy the result does not keep: the author's edits
 * there (or the old scaffold's text) gave way to the new scaffold. They are listed so they can be reviewed.
 */
export function replacedFiles(author: FileMap, result: FileMap): string[] {
  const skip = new Set([PROJECT_FILE, 'package.json']);
  return [...author]
    .filter(([path, mine]) => !skip.has(path) && result.get(path)?.equals(mine) === false)
    .map(([path]) => path);
}
