import type { JSONSchemaProps } from '../json-schema.js';

// The API server's OpenAPI joins the lines of each Go doc comment into one paragraph; controller-gen keeps
// them as written. The texts are the same word for word, so the Go sources of k8s.io/api and
// k8s.io/apimachinery give every description back its line breaks: a description is looked up by its
// words (whitespace collapsed) among the doc comments of those sources.

/** spacedKey is the lookup key of a description: its words, separated by single spaces. */
export function spacedKey(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** isMarkerLine tells a `// +marker` comment line, which controller-gen leaves out of docs. */
function isMarkerLine(comment: string): boolean {
  return comment.slice(2).trim().startsWith('+');
}

/** isDirective tells `//go:generate`-style lines, which go/ast's CommentGroup.Text drops. */
function isDirective(text: string): boolean {
  return /^(line |extern |export |[a-z0-9]+:[a-z0-9])/.test(text);
}

/**
 * docText renders a group of `//` comment lines as controller-gen writes a doc: markers removed, then
 * go/ast's CommentGroup.Text (one leading space and trailing spaces trimmed, blank lines at the ends
 * dropped and runs of them collapsed), then Kubernetes' doc conventions outside fenced code blocks
 * (`TODO` lines are left out, a `---` line ends the doc), lines joined with `\n`.
 */
export function docText(comments: readonly string[]): string {
  const lines: string[] = [];
  for (const c of comments) {
    if (isMarkerLine(c)) continue;
    let text = c.slice(2);
    if (text.startsWith(' ')) text = text.slice(1);
    else if (isDirective(text)) continue;
    lines.push(text.replace(/[ \t\r]+$/, ''));
  }
  const out: string[] = [];
  for (const l of lines) {
    if (l === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(l);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  const kept: string[] = [];
  let inCode = false;
  for (const l of out) {
    if (l.startsWith('```') || l.startsWith('~~~')) inCode = !inCode;
    if (!inCode && l.startsWith('TODO')) continue;
    if (!inCode && l.startsWith('---')) break;
    kept.push(l);
  }
  return kept.join('\n');
}

/**
 * goDocComments returns the doc comment of every declaration and struct field of a Go source file: each
 * run of `//` lines directly followed by a line of code.
 */
export function goDocComments(source: string): string[] {
  const docs: string[] = [];
  let group: string[] = [];
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('//')) {
      group.push(line);
      continue;
    }
    if (line !== '' && group.length > 0) {
      const text = docText(group);
      if (text !== '') docs.push(text);
    }
    group = [];
  }
  return docs;
}

/** GoDocIndex maps a description's {@link spacedKey} to the text with the Go source's line breaks. */
export interface GoDocIndex {
  texts: ReadonlyMap<string, string>;
  /** Keys whose doc comments break lines differently in different places: left as the OpenAPI has them. */
  ambiguous: ReadonlySet<string>;
}

/** indexGoDocs builds the lookup from Go sources, in the order given (the result does not depend on it). */
export function indexGoDocs(sources: Iterable<string>): GoDocIndex {
  const texts = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const source of sources) {
    for (const doc of goDocComments(source)) {
      const key = spacedKey(doc);
      const seen = texts.get(key);
      if (seen === undefined) texts.set(key, doc);
      else if (seen !== doc) ambiguous.add(key);
    }
  }
  for (const k of ambiguous) texts.delete(k);
  return { texts, ambiguous };
}

/**
 * withGoLineBreaks returns the schema with every description found in the index replaced by its Go text;
 * it counts the descriptions it replaced and those it could not find.
 */
export function withGoLineBreaks(
  schema: JSONSchemaProps,
  index: GoDocIndex,
  counts: { replaced: number; missing: number },
): JSONSchemaProps {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'description' && typeof v === 'string') {
        const text = index.texts.get(spacedKey(v));
        if (text !== undefined && text !== v) counts.replaced++;
        if (text === undefined) counts.missing++;
        out[k] = text ?? v;
      } else if (k === 'default' || k === 'example' || k === 'enum') {
        out[k] = v;
      } else {
        out[k] = walk(v);
      }
    }
    return out;
  };
  return walk(schema) as JSONSchemaProps;
}
