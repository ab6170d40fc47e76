/** SourceLocation points at a 1-based line and column of a file. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** Diagnostic is one problem found while reading markers or types: where, what, and how to fix it. */
export interface Diagnostic extends SourceLocation {
  severity: 'error' | 'warning';
  message: string;
  hint?: string;
}

/** formatDiagnostic renders a diagnostic as `file:line:col: error: message` plus an indented hint line. */
export function formatDiagnostic(d: Diagnostic, relativeTo?: string): string {
  let file = d.file;
  if (relativeTo !== undefined && file.startsWith(`${relativeTo}/`)) file = file.slice(relativeTo.length + 1);
  const head = `${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
  return d.hint === undefined ? head : `${head}\n  hint: ${d.hint}`;
}

/** sortDiagnostics orders diagnostics by file, line and column so reports are stable. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) =>
    a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.line !== b.line ? a.line - b.line : a.column - b.column,
  );
}
