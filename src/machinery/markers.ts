import { basename, extname } from 'node:path';

/** MARKER_PREFIX is the text after the comment token of every scaffold marker. */
export const MARKER_PREFIX = '+operator-ts:scaffold:';

/**
 * commentToken is the line-comment syntax of a file, looked up by extension or file name. An unknown
 * type is a programming error: markers are only put into files the scaffolder knows how to comment.
 */
export function commentToken(path: string): string {
  const ext = extname(path);
  if (['.ts', '.mts', '.cts', '.js', '.mjs'].includes(ext)) return '//';
  if (['.yaml', '.yml'].includes(ext)) return '#';
  const name = basename(path);
  if (name === 'Makefile' || name === 'Dockerfile' || name.startsWith('.') || ext === '.sh') return '#';
  throw new Error(`no scaffold marker syntax known for ${path}`);
}

/** markerLine is the exact marker text (without indentation) for marker `name` in the file at path. */
export function markerLine(path: string, name: string): string {
  return `${commentToken(path)} ${MARKER_PREFIX}${name}`;
}

/** InsertResult is the outcome of {@link insertAtMarkers}. */
export interface InsertResult {
  readonly content: string;
  /** Markers that were not found in the file. */
  readonly missing: readonly string[];
}

/**
 * insertAtMarkers puts each fragment on the lines directly above its marker, indented like the marker.
 * A fragment is skipped when its trimmed lines already appear consecutively anywhere in the file, which
 * makes re-runs idempotent and tolerant of reformatting.
 */
export function insertAtMarkers(
  path: string,
  content: string,
  fragments: Readonly<Record<string, readonly string[]>>,
): InsertResult {
  let lines = content.split('\n');
  const missing: string[] = [];
  for (const [name, list] of Object.entries(fragments)) {
    const marker = markerLine(path, name);
    const index = lines.findIndex((l) => l.trim() === marker);
    if (index < 0) {
      missing.push(name);
      continue;
    }
    const indent = /^\s*/.exec(lines[index] ?? '')?.[0] ?? '';
    for (const fragment of list) {
      if (containsFragment(lines, fragment)) continue;
      const at = lines.findIndex((l) => l.trim() === marker);
      const added = fragment.split('\n').map((l) => (l.length > 0 ? indent + l : l));
      lines = [...lines.slice(0, at), ...added, ...lines.slice(at)];
    }
  }
  return { content: lines.join('\n'), missing };
}

/** containsFragment tells whether the trimmed, non-empty lines of fragment appear consecutively in lines. */
export function containsFragment(lines: readonly string[], fragment: string): boolean {
  const want = fragment
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  if (want.length === 0) return true;
  const have = lines.map((l) => l.trim()).filter((l) => l.length > 0);
  outer: for (let i = 0; i + want.length <= have.length; i++) {
    for (let j = 0; j < want.length; j++) {
      if (have[i + j] !== want[j]) continue outer;
    }
    return true;
  }
  return false;
}
