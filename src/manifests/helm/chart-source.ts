import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { LineCounter, parseAllDocuments } from 'yaml';
import { UserError } from '../../errors/user-error.js';

// A chart as `chart version` reads it: its Chart.yaml text and its CRDs, from the working tree, another
// directory, or a git revision. CRDs are read from crds/ and from templates/, where the template actions
// around them (the chart's conditionals) are taken out before the YAML is parsed.

/** ChartFiles maps a chart's file paths (relative to the chart) to their text. */
export type ChartFiles = ReadonlyMap<string, string>;

/** ChartSource is a chart's files and where they came from (for messages). */
export interface ChartSource {
  readonly label: string;
  readonly files: ChartFiles;
  /** The commit a chart read from git is at (`--from HEAD` in a clean checkout is the chart itself). */
  readonly commit?: string;
}

// Every file counts: an unchanged chart needs no new version, a changed one at least a patch.
const RELEVANT = /^(?!\.git\/)[^]+$/;

/** chartFromDirectory reads a chart directory; undefined when it holds no Chart.yaml. */
export function chartFromDirectory(dir: string, label: string): ChartSource | undefined {
  const files = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else {
        const rel = relative(dir, full).split('\\').join('/');
        if (RELEVANT.test(rel)) files.set(rel, readFileSync(full, 'utf8'));
      }
    }
  };
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return undefined;
  walk(dir);
  return files.has('Chart.yaml') ? { label, files } : undefined;
}

/**
 * chartFromGit reads the chart at `chartDir` (relative to cwd) as committed in `ref`; undefined when the
 * revision has no Chart.yaml there (the chart's first version).
 */
export async function chartFromGit(cwd: string, ref: string, chartDir: string): Promise<ChartSource | undefined> {
  const git = async (args: string[]): Promise<{ ok: boolean; out: string; err: string }> => {
    const r = await execa('git', args, { cwd, reject: false, stdin: 'ignore', stripFinalNewline: false });
    return { ok: r.exitCode === 0, out: String(r.stdout), err: String(r.stderr).trim() };
  };
  const rev = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (!rev.ok)
    throw new UserError(
      `--from ${ref}: not a git revision of the repository at ${cwd}${rev.err === '' ? '' : ` (${rev.err})`}`,
      {
        hint: 'name a commit, branch or tag that holds the previous chart (default HEAD), or a directory with the previous chart',
      },
    );
  const list = await git(['ls-tree', '-r', '--name-only', ref, '--', `${chartDir}/`]);
  const files = new Map<string, string>();
  for (const path of list.out.split('\n').filter((p) => p !== '')) {
    const rel = path.slice(chartDir.length + 1);
    if (!RELEVANT.test(rel)) continue;
    const show = await git(['show', `${ref}:./${path}`]);
    if (show.ok) files.set(rel, show.out);
  }
  return files.has('Chart.yaml') ? { label: `${chartDir} at ${ref}`, files, commit: rev.out.trim() } : undefined;
}

/** headCommit is the commit checked out in cwd, undefined outside a git repository or before its first commit. */
export async function headCommit(cwd: string): Promise<string | undefined> {
  const args = ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'];
  const r = await execa('git', args, { cwd, reject: false, stdin: 'ignore' });
  return r.exitCode === 0 ? String(r.stdout).trim() : undefined;
}

type Obj = Record<string, unknown>;

/** CrdEntry is one CRD of a chart and the file it is in. */
export interface CrdEntry {
  readonly crd: Obj;
  readonly file: string;
}

/** withoutTemplateActions blanks Go template actions: lines of only actions go, inline ones become a word. */
export function withoutTemplateActions(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      /^\s*(\{\{-?[\s\S]*?-?\}\}\s*)+$/.test(line) ? '' : line.replace(/\{\{-?[\s\S]*?-?\}\}/g, 'TEMPLATED'),
    )
    .join('\n');
}

/** chartCrds reads every CRD of a chart, keyed by name; a file that does not parse is reported with its line. */
export function chartCrds(source: ChartSource): Map<string, CrdEntry> {
  const out = new Map<string, CrdEntry>();
  for (const [path, text] of [...source.files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/^(crds|templates)\/.*\.ya?ml$/.test(path) || !text.includes('CustomResourceDefinition')) continue;
    const counter = new LineCounter();
    const file = `${source.label}/${path}`;
    for (const doc of parseAllDocuments(path.startsWith('crds/') ? text : withoutTemplateActions(text), {
      lineCounter: counter,
    })) {
      const error = doc.errors[0];
      if (error !== undefined)
        throw new UserError(
          `${file}:${counter.linePos(error.pos[0]).line}: cannot read the CRD: ${error.message.split('\n')[0] ?? ''}`,
          {
            hint: 'keep template actions on their own lines or inside values, as operator-ts edit --plugins helm/v1 writes them',
          },
        );
      const value: unknown = doc.toJS();
      if (typeof value !== 'object' || value === null || (value as Obj)['kind'] !== 'CustomResourceDefinition')
        continue;
      const name = String(((value as Obj)['metadata'] as Obj | undefined)?.['name'] ?? '');
      out.set(name, { crd: value as Obj, file });
    }
  }
  return out;
}
