import type { ts as TsTypes } from 'ts-morph';
import { ts } from '../compiler/ts-morph.js';

/** CommentLine is one line of comment text with the comment syntax removed, and where that text starts. */
export interface CommentLine {
  text: string;
  /** Offset in the file of the first character of `text`. */
  offset: number;
}

/** CommentGroup is a run of comments with no blank line between them. */
export interface CommentGroup {
  start: number;
  end: number;
  block: boolean;
  /** The group starts after code on the same line (`x: string; // note`), so it documents nothing below. */
  trailing: boolean;
  lines: CommentLine[];
}

/** CommentRange is one comment of a file: where it is, and whether it is a `/* *\/` block. */
export interface CommentRange {
  pos: number;
  end: number;
  block: boolean;
}

function lineComment(text: string, pos: number): CommentLine {
  let body = text.slice(2);
  let offset = pos + 2;
  if (body.startsWith(' ')) {
    body = body.slice(1);
    offset++;
  }
  return { text: body.trimEnd(), offset };
}

function blockComment(text: string, pos: number): CommentLine[] {
  const out: CommentLine[] = [];
  const inner = text.slice(text.startsWith('/**') ? 3 : 2, -2);
  let offset = pos + (text.startsWith('/**') ? 3 : 2);
  for (const raw of inner.split('\n')) {
    const m = /^(\s*\*?\s?)(.*)$/.exec(raw);
    const lead = m?.[1] ?? '';
    out.push({ text: (m?.[2] ?? '').trimEnd(), offset: offset + lead.length });
    offset += raw.length + 1;
  }
  while (out.length > 0 && out[0]?.text.trim() === '') out.shift();
  while (out.length > 0 && out[out.length - 1]?.text.trim() === '') out.pop();
  return out;
}

function newlines(text: string): number {
  let n = 0;
  for (const c of text) if (c === '\n') n++;
  return n;
}

/**
 * fileComments lists every comment of a parsed file, in order. Comments are found where the compiler
 * puts them: in the trivia before each token. A token that is a node of its own (identifier, literal,
 * template piece, regex, operator) only has its leading trivia read, never its text, so strings,
 * template literals and regular expressions can neither hide a comment nor fake one; the keywords and
 * punctuation between child nodes are scanned, which is safe because none of them starts a literal.
 */
export function fileComments(sf: TsTypes.SourceFile, onNode?: (node: TsTypes.Node) => void): CommentRange[] {
  const text = sf.text;
  const found = new Map<number, CommentRange>();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const add = (pos: number, end: number, kind: TsTypes.SyntaxKind): void => {
    found.set(pos, { pos, end, block: kind === ts.SyntaxKind.MultiLineCommentTrivia });
  };
  const trivia = (pos: number): void => {
    // Most tokens follow a space or nothing; only whitespace or a slash (or a non-ASCII space) starts trivia.
    const c = text.charCodeAt(pos);
    if (c !== 0x2f && c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d && c < 0x80) return;
    for (const r of ts.getLeadingCommentRanges(text, pos) ?? []) add(r.pos, r.end, r.kind);
    for (const r of ts.getTrailingCommentRanges(text, pos) ?? []) add(r.pos, r.end, r.kind);
  };
  // Gaps are visited in file order, so the next slash is looked up once per slash, not once per gap.
  let nextSlash = -1;
  // Scans the keywords and punctuation between two child nodes (or a node's edges and its children).
  const gap = (from: number, to: number): void => {
    if (to <= from) return;
    if (nextSlash < from) {
      const at = text.indexOf('/', from);
      nextSlash = at < 0 ? text.length : at;
    }
    if (nextSlash >= to) return;
    scanner.resetTokenState(from);
    for (
      let kind = scanner.scan();
      scanner.getTokenStart() < to && kind !== ts.SyntaxKind.EndOfFileToken;
      kind = scanner.scan()
    ) {
      if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia)
        add(scanner.getTokenStart(), scanner.getTokenEnd(), kind);
    }
  };
  const visit = (node: TsTypes.Node): void => {
    onNode?.(node);
    if (ts.isToken(node)) {
      trivia(node.pos);
      return;
    }
    let cursor = node.pos;
    const child = (c: TsTypes.Node): void => {
      gap(cursor, c.pos);
      visit(c);
      cursor = c.end;
    };
    ts.forEachChild(node, child, (list) => {
      gap(cursor, list.pos);
      cursor = list.pos;
      for (const c of list) child(c);
      gap(cursor, list.end);
      cursor = list.end;
    });
    gap(cursor, node.end);
  };
  visit(sf);
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

/**
 * commentGroups groups the comments of a file: `//` comments not separated by a blank line form one
 * group. A block comment always starts a group: the JSDoc block nearest to a declaration is its doc,
 * not a header above it.
 */
export function commentGroups(text: string, comments: readonly CommentRange[]): CommentGroup[] {
  const groups: CommentGroup[] = [];
  let current: CommentGroup | undefined;
  for (const { pos, end, block } of comments) {
    const raw = text.slice(pos, end);
    const lines = block ? blockComment(raw, pos) : [lineComment(raw, pos)];
    const between = current === undefined ? '' : text.slice(current.end, pos);
    const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
    const trailing = text.slice(lineStart, pos).trim() !== '';
    if (
      current !== undefined &&
      !block &&
      !trailing &&
      !current.trailing &&
      /^\s*$/.test(between) &&
      newlines(between) <= 1
    ) {
      current.end = end;
      current.lines.push(...lines);
    } else {
      current = { start: pos, end, block, trailing, lines };
      groups.push(current);
    }
  }
  return groups;
}

/** gapNewlines counts the newlines between two offsets when only whitespace lies between them, else -1. */
export function gapNewlines(text: string, from: number, to: number): number {
  const between = text.slice(from, to);
  return /^\s*$/.test(between) ? newlines(between) : -1;
}
