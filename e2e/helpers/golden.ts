import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** TreeDiff is how a generated tree differs from the committed golden tree. */
export interface TreeDiff {
  /** Files in the golden tree that were not generated. */
  readonly missing: readonly string[];
  /** Generated files the golden tree does not have. */
  readonly extra: readonly string[];
  /** Files present in both with different content. */
  readonly changed: readonly string[];
}

/** diffTrees compares two path -> content maps. */
export function diffTrees(want: ReadonlyMap<string, string>, got: ReadonlyMap<string, string>): TreeDiff {
  const missing = [...want.keys()].filter((p) => !got.has(p)).sort();
  const extra = [...got.keys()].filter((p) => !want.has(p)).sort();
  const changed = [...want.keys()].filter((p) => got.has(p) && got.get(p) !== want.get(p)).sort();
  return { missing, extra, changed };
}

/** isEmptyDiff tells whether two trees were identical. */
export function isEmptyDiff(diff: TreeDiff): boolean {
  return diff.missing.length === 0 && diff.extra.length === 0 && diff.changed.length === 0;
}

/**
 * firstDifference shows where two texts part: the first differing line number with a few lines of
 * context from each side, prefixed `-` (want) and `+` (got).
 */
export function firstDifference(want: string, got: string, context = 3): string {
  const a = want.split('\n');
  const b = got.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 1);
  const show = (lines: string[], sign: string): string[] =>
    lines.slice(from, i + context).map((l, k) => `    ${sign}${String(from + k + 1).padStart(4)} | ${l}`);
  return [`  first difference at line ${i + 1}:`, ...show(a, '-'), ...show(b, '+')].join('\n');
}

/**
 * formatTreeDiff renders a diff for a test failure: missing and extra files, then the first differing
 * lines of up to `maxFiles` changed files, and how to accept the change.
 */
export function formatTreeDiff(
  label: string,
  want: ReadonlyMap<string, string>,
  got: ReadonlyMap<string, string>,
  diff: TreeDiff,
  fix: string,
  maxFiles = 5,
): string {
  const out = [`${label} differs (- committed, + generated):`];
  for (const p of diff.missing) out.push(`  missing: ${p}`);
  for (const p of diff.extra) out.push(`  extra:   ${p}`);
  for (const p of diff.changed.slice(0, maxFiles))
    out.push(`  changed: ${p}`, firstDifference(want.get(p) ?? '', got.get(p) ?? ''));
  if (diff.changed.length > maxFiles)
    out.push(
      `  ... and ${diff.changed.length - maxFiles} more changed files: ${diff.changed.slice(maxFiles).join(', ')}`,
    );
  out.push(fix);
  return out.join('\n');
}

/** writeTree replaces dir with exactly the files of tree. */
export async function writeTree(dir: string, tree: ReadonlyMap<string, string>): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const [path, content] of tree) {
    const abs = join(dir, path);
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, content);
  }
}

/** changeLines picks the CREATE / UPDATE lines of a scaffolding command's output (SKIP lines are no change). */
export function changeLines(stdout: string): string[] {
  return stdout.split('\n').filter((l) => /^(CREATE|UPDATE)\s/.test(l));
}
