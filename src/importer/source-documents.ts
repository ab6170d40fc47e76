import { LineCounter, parseAllDocuments, isMap, isPair, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import type { Diagnostic, SourceLocation } from '../errors/diagnostic.js';
import { isJsonObject } from './json-value.js';

/** SourceText is one input: a file (or `-` for standard input) and its text. */
export interface SourceText {
  /** Name used in diagnostics: the path as given, or `<stdin>`. */
  readonly file: string;
  readonly text: string;
}

/** PathSegment is one step into a parsed document: a mapping key or a list index. */
export type PathSegment = string | number;

/** SourceObject is one object read from a document (or from the `items` of a `kind: List`), able to locate its own parts. */
export interface SourceObject {
  readonly file: string;
  readonly value: unknown;
  /** locate returns where the node at path (relative to this object) starts, or its nearest existing ancestor. */
  locate(path: readonly PathSegment[]): SourceLocation;
}

function child(node: YamlNode | null | undefined, seg: PathSegment): YamlNode | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
    return (pair?.value as YamlNode | null | undefined) ?? (pair?.key as YamlNode | undefined);
  }
  if (isSeq(node) && typeof seg === 'number') return node.items[seg] as YamlNode | undefined;
  return undefined;
}

/**
 * readSourceObjects parses a YAML or JSON text (JSON is read as YAML, so one parser gives positions for
 * both) into its objects: every document of a multi-document stream, and every item of a `kind: List`.
 * Syntax errors are diagnostics with the line and column the parser reports.
 */
export function readSourceObjects(source: SourceText): { objects: SourceObject[]; diagnostics: Diagnostic[] } {
  const lines = new LineCounter();
  const docs = parseAllDocuments(source.text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  const diagnostics: Diagnostic[] = [];
  const objects: SourceObject[] = [];
  const position = (offset: number): SourceLocation => {
    const { line, col } = lines.linePos(offset);
    return { file: source.file, line, column: col };
  };
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    if (doc.errors.length > 0) {
      for (const e of doc.errors) {
        const at = e.linePos?.[0];
        diagnostics.push({
          file: source.file,
          line: at?.line ?? 1,
          column: at?.col ?? 1,
          severity: 'error',
          message: `not valid YAML or JSON: ${e.message.split('\n')[0] ?? e.code}`,
          hint: 'fix the syntax at this position',
        });
      }
      continue;
    }
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    if (value === null || value === undefined) continue;
    const root = doc.contents;
    const objectAt = (prefix: readonly PathSegment[], v: unknown): SourceObject => ({
      file: source.file,
      value: v,
      locate(path) {
        let node: YamlNode | null | undefined = root;
        let last = node;
        for (const seg of [...prefix, ...path]) {
          node = child(node, seg);
          if (node === undefined) break;
          last = node;
        }
        return position(last?.range?.[0] ?? 0);
      },
    });
    if (isJsonObject(value) && value.kind === 'List' && Array.isArray(value.items)) {
      value.items.forEach((item, i) => objects.push(objectAt(['items', i], item)));
    } else {
      objects.push(objectAt([], value));
    }
  }
  return { objects, diagnostics };
}
