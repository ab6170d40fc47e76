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
 * scanCommentGroups finds every comment of a file with the TypeScript scanner (so comment-like text in
 * strings is not mistaken for a marker) and groups `//` comments not separated by a blank line. A block
 * comment always starts a group: the JSDoc block nearest to a declaration is its doc, not a header above it.
 */
export function scanCommentGroups(text: string): CommentGroup[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const groups: CommentGroup[] = [];
  let current: CommentGroup | undefined;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const pos = scanner.getTokenStart();
    const end = scanner.getTokenEnd();
    const raw = text.slice(pos, end);
    const block = kind === ts.SyntaxKind.MultiLineCommentTrivia;
    const lines = block ? blockComment(raw, pos) : [lineComment(raw, pos)];
    const between = current === undefined ? '' : text.slice(current.end, pos);
    const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
    const trailing = text.slice(lineStart, pos).trim() !== '';
    if (current !== undefined && !block && !trailing && !current.trailing && /^\s*$/.test(between) && newlines(between) <= 1) {
      current.end = end;
      current.block ||= block;
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
