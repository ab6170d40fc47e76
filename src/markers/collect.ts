import type { SourceFile, ts as TsTypes } from 'ts-morph';
import { ts } from '../compiler/ts-morph.js';
import { type CommentGroup, type CommentLine, commentGroups, fileComments, gapNewlines } from './comments.js';
import type { Diagnostic, SourceLocation } from '../errors/diagnostic.js';
import { type ParsedMarker, parseMarker } from './parse-marker.js';
import type { MarkerRegistry } from './registry.js';

/** LocatedMarker is a parsed marker with the place it was written. */
export interface LocatedMarker extends ParsedMarker {
  loc: SourceLocation;
}

/** Attached is what the comments directly above one declaration carry. */
export interface Attached {
  markers: LocatedMarker[];
  /** Doc comment lines (markers removed), for the description. */
  doc: string[];
}

/** FileMarkers is every marker of one source file, sorted into declaration-attached and package-level. */
export interface FileMarkers {
  /** Keyed by the declaration's start offset (`node.getStart()`). */
  byDecl: Map<number, Attached>;
  packageMarkers: LocatedMarker[];
  diagnostics: Diagnostic[];
}

// `+operator-ts:scaffold:` lines are insertion points of the scaffolder; other `+operator-ts:` names are markers.
const IGNORED = [/^\+kubebuilder:scaffold:/, /^\+kubebuilder:docs-gen:/, /^\+operator-ts:scaffold:/];

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** locate converts an offset to a 1-based line and column. */
export function locate(file: string, starts: readonly number[], offset: number): SourceLocation {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { file, line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
}

const DECLARATION_KINDS: ReadonlySet<TsTypes.SyntaxKind> = new Set([
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.EnumMember,
]);

function nextTokenAfter(text: string, end: number): number {
  let i = end;
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}

/** Attachment says which declaration a comment group belongs to, and whether it is that declaration's doc comment. */
interface Attachment {
  readonly decl: number;
  readonly doc: boolean;
}

/**
 * attachGroups finds the declaration each comment group stands above: directly, or one blank line above
 * the declaration's doc comment (as kubebuilder scaffolds marker groups). Groups attached to nothing are
 * package-level.
 */
function attachGroups(
  text: string,
  groups: readonly CommentGroup[],
  decls: ReadonlySet<number>,
): Map<CommentGroup, Attachment> {
  // Walk groups backwards so a marker group can attach to the group (doc comment) below it.
  const attachedTo = new Map<CommentGroup, Attachment>();
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i];
    if (g === undefined || g.trailing) continue;
    const next = nextTokenAfter(text, g.end);
    const gap = gapNewlines(text, g.end, next);
    if (decls.has(next) && gap >= 0 && gap <= 2) {
      attachedTo.set(g, { decl: next, doc: gap <= 1 });
      continue;
    }
    const below = groups[i + 1];
    const belowAttach = below === undefined ? undefined : attachedTo.get(below);
    if (
      below !== undefined &&
      belowAttach !== undefined &&
      belowAttach.doc &&
      gap >= 0 &&
      gap <= 2 &&
      next === below.start
    ) {
      attachedTo.set(g, { decl: belowAttach.decl, doc: false });
    }
  }
  return attachedTo;
}

/** readMarkerLine parses one marker line of a comment and files it under its declaration or the package. */
function readMarkerLine(
  line: CommentLine,
  at: (offset: number) => SourceLocation,
  entry: Attached | undefined,
  result: FileMarkers,
  registry: MarkerRegistry,
): void {
  const t = line.text.trim();
  if (IGNORED.some((re) => re.test(t))) return;
  const loc = at(line.offset + line.text.length - line.text.trimStart().length);
  const parsed = parseMarker(t, registry);
  if (parsed === undefined) return;
  if (parsed.ok === 'ignored') {
    result.diagnostics.push({ ...loc, severity: 'warning', message: parsed.message, hint: parsed.hint });
    return;
  }
  if (!parsed.ok) {
    result.diagnostics.push({ ...loc, severity: 'error', message: parsed.message, hint: parsed.hint });
    return;
  }
  const located: LocatedMarker = { ...parsed.marker, loc };
  const targets = parsed.marker.def.targets;
  const packageOnly = targets.length === 1 && targets[0] === 'package';
  if (entry !== undefined && !packageOnly) entry.markers.push(located);
  else if (targets.includes('package')) result.packageMarkers.push(located);
  // Type/field markers in a comment attached to nothing have no effect, as in controller-gen.
}

/**
 * collectFileMarkers reads every marker of a file, as the registry defines them. Comments directly above a
 * declaration (its doc comment, and a marker group separated from it by one blank line, as kubebuilder
 * scaffolds them) attach to it; all other comments, and package-only markers anywhere, are package-level.
 */
export function collectFileMarkers(sf: SourceFile, registry: MarkerRegistry): FileMarkers {
  const text = sf.getFullText();
  const file = sf.getFilePath();
  const starts = lineStarts(text);
  // One walk over the compiler's nodes finds both the comments and the declarations: every client-node
  // model file a type reaches is read, and ts-morph's node wrappers cost more than the reading itself.
  const decls = new Set<number>();
  const root = sf.compilerNode;
  const comments = fileComments(root, (node) => {
    if (DECLARATION_KINDS.has(node.kind)) decls.add(node.getStart(root));
  });
  const groups = commentGroups(text, comments);
  const result: FileMarkers = { byDecl: new Map(), packageMarkers: [], diagnostics: [] };
  const attachedTo = attachGroups(text, groups, decls);
  const at = (offset: number): SourceLocation => locate(file, starts, offset);
  for (const g of groups) {
    const attach = attachedTo.get(g);
    const entry: Attached | undefined =
      attach === undefined ? undefined : (result.byDecl.get(attach.decl) ?? { markers: [], doc: [] });
    if (attach !== undefined && entry !== undefined) result.byDecl.set(attach.decl, entry);
    for (const line of g.lines) {
      if (/^\+[A-Za-z]/.test(line.text.trim())) readMarkerLine(line, at, entry, result, registry);
      else if (attach?.doc === true && entry !== undefined) entry.doc.push(line.text);
    }
  }
  return result;
}
