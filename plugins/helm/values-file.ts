import { isDeepStrictEqual } from 'node:util';
import { Document, isMap, isScalar, LineCounter, parseDocument, type Node, type Pair, YAMLMap } from 'yaml';
import { UserError } from '../../src/index.js';
import { defaultsOf, type ValueField, type ValueGroup } from './values-model.js';

const TO_STRING = { indent: 2, indentSeq: false, lineWidth: 0, minContentWidth: 0 } as const;

const HEADER = [
  ' Default values of the chart, written by `operator-ts edit --plugins helm/v1` from the kustomize output.',
  ' Edit them freely: running the command again keeps your values and comments, adds new keys and',
  ' removes keys the chart no longer reads. values.schema.json checks them (`helm lint`).',
].join('\n');

function nodeOf(doc: Document, model: ValueField | ValueGroup, top: boolean): Node {
  if (model.kind === 'field') return doc.createNode(defaultsOf(model));
  const map = new YAMLMap();
  for (const [key, child] of Object.entries(model.fields)) map.items.push(pairOf(doc, key, child, top));
  return map;
}

function pairOf(doc: Document, key: string, model: ValueField | ValueGroup, top: boolean): Pair {
  const pair = doc.createPair<Node, Node>(key, null);
  pair.value = nodeOf(doc, model, false);
  if (isScalar(pair.key)) {
    pair.key.commentBefore = ` ${model.description}`;
    if (top) pair.key.spaceBefore = true;
  }
  return pair;
}

/** renderValues writes values.yaml of a model: every default with its description as a comment. */
export function renderValues(model: ValueGroup): string {
  const doc = new Document();
  doc.commentBefore = HEADER;
  doc.contents = nodeOf(doc, model, true);
  const first = (doc.contents as YAMLMap).items[0];
  if (first !== undefined && isScalar(first.key)) first.key.spaceBefore = false;
  return doc.toString(TO_STRING);
}

/** ValuesMerge is the merged values.yaml and what the merge did, one line per key. */
export interface ValuesMerge {
  readonly text: string;
  readonly notes: readonly string[];
}

function located(
  source: string,
  counter: LineCounter,
  node: Node | null | undefined,
  message: string,
  hint: string,
): UserError {
  const line = node?.range === undefined || node.range === null ? 1 : counter.linePos(node.range[0]).line;
  return new UserError(`${source}:${line}: ${message}`, { hint });
}

/**
 * mergeValues brings a values.yaml the user may have edited up to date with the model: the user's values
 * (and comments) stay, keys the chart now reads are added with their defaults, keys it no longer reads
 * inside the chart's own maps are removed. Keys at the top level that the chart does not define (for a
 * subchart, `global`) are left alone. The notes say what changed and which kept values differ from the
 * defaults the kustomize output gives now.
 */
export function mergeValues(existing: string, model: ValueGroup, source: string): ValuesMerge {
  const counter = new LineCounter();
  const doc: Document = parseDocument(existing, { lineCounter: counter });
  const error = doc.errors[0];
  if (error !== undefined)
    throw new UserError(
      `${source}:${counter.linePos(error.pos[0]).line}: invalid YAML: ${error.message.split('\n')[0] ?? ''}`,
      { hint: 'fix the syntax, or delete the file to have it written afresh' },
    );
  if (doc.contents === null) doc.contents = new YAMLMap();
  if (!isMap(doc.contents))
    throw located(
      source,
      counter,
      doc.contents,
      'values.yaml must be a map of values',
      'delete the file to have it written afresh',
    );
  const notes: string[] = [];
  const walk = (map: YAMLMap, group: ValueGroup, path: readonly string[]): void => {
    for (const [key, child] of Object.entries(group.fields)) {
      const at = [...path, key].join('.');
      const pair = map.items.find((p) => isScalar(p.key) && p.key.value === key);
      if (pair === undefined) {
        map.items.push(pairOf(doc, key, child, path.length === 0));
        notes.push(`added ${at}: ${JSON.stringify(defaultsOf(child))}`);
        continue;
      }
      const value = pair.value as Node | null;
      if (child.kind === 'group') {
        if (!isMap(value))
          throw located(
            source,
            counter,
            value ?? (pair.key as Node),
            `${at} must be a map`,
            `write it as a map of ${Object.keys(child.fields).join(', ')}, or delete it to get the defaults`,
          );
        walk(value, child, [...path, key]);
        continue;
      }
      const mine: unknown = value === null ? null : (value.toJSON() as unknown);
      if (!isDeepStrictEqual(mine, child.default))
        notes.push(`kept ${at}: ${JSON.stringify(mine)} (default: ${JSON.stringify(child.default)})`);
    }
    if (path.length === 0) return;
    for (const pair of [...map.items]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (group.fields[key] !== undefined) continue;
      map.items.splice(map.items.indexOf(pair), 1);
      notes.push(`removed ${[...path, key].join('.')} (the chart does not read it)`);
    }
  };
  walk(doc.contents, model, []);
  return { text: notes.some((n) => !n.startsWith('kept ')) ? doc.toString(TO_STRING) : existing, notes };
}
