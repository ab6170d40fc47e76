import { toYaml } from '../../src/index.js';

// Helm templates are YAML with Go template actions in it. The chart's objects are built as plain objects
// holding a few node types below, serialised by the project's one YAML emitter with each node replaced by a
// placeholder token, and the tokens are then rewritten into template actions line by line. So every byte of
// YAML structure comes from the emitter, and only the actions are text.

/** HelmExpr is a scalar written as raw template text, e.g. `{{ .Values.manager.replicas }}`. */
export class HelmExpr {
  constructor(readonly text: string) {}
}

/** HelmIf holds map entries (or sequence items) rendered only when `cond` holds, else `otherwise`. */
export class HelmIf {
  constructor(
    readonly cond: string,
    readonly then: Readonly<Record<string, unknown>> | readonly unknown[],
    readonly otherwise?: Readonly<Record<string, unknown>> | readonly unknown[],
  ) {}
}

/** HelmToYaml is a value rendered as `toYaml <expr>` at the value's indentation. */
export class HelmToYaml {
  constructor(readonly expr: string) {}
}

/** HelmSplice adds the entries of a map value (or the items of a list value) `expr`, when it is not empty. */
export class HelmSplice {
  constructor(readonly expr: string) {}
}

let nodeKeys = 0;

/** expr is a scalar of raw template text. */
export function expr(text: string): HelmExpr {
  return new HelmExpr(text);
}

/** whenEntries spreads into a map: `entries` only when `cond` holds (`otherwise` else). */
export function whenEntries(
  cond: string,
  entries: Readonly<Record<string, unknown>>,
  otherwise?: Readonly<Record<string, unknown>>,
): Record<string, HelmIf> {
  return { [`HTKEY${++nodeKeys}`]: new HelmIf(cond, entries, otherwise) };
}

/** whenItems is a sequence element standing for `items` only when `cond` holds (`otherwise` else). */
export function whenItems(cond: string, items: readonly unknown[], otherwise?: readonly unknown[]): HelmIf {
  return new HelmIf(cond, items, otherwise);
}

/** spliceEntries spreads into a map: the entries of the map value `valuesPath` (e.g. `.Values.manager.pod.labels`). */
export function spliceEntries(valuesPath: string): Record<string, HelmSplice> {
  return { [`HTKEY${++nodeKeys}`]: new HelmSplice(valuesPath) };
}

/** spliceItems is a sequence element standing for the items of the list value `valuesPath`. */
export function spliceItems(valuesPath: string): HelmSplice {
  return new HelmSplice(valuesPath);
}

/** toYamlOf is a value rendered from `valuesPath` as YAML (`toYaml ... | nindent`). */
export function toYamlOf(valuesPath: string): HelmToYaml {
  return new HelmToYaml(valuesPath);
}

type Node = HelmExpr | HelmIf | HelmToYaml | HelmSplice | { readonly else: HelmIf };

const TOKEN = /HTPL(\d+)QZ/g;
const LEFT_DELIM = 'HTPLLDQZ';

class Tokens {
  readonly nodes: Node[] = [];
  add(node: Node): string {
    this.nodes.push(node);
    return `HTPL${this.nodes.length - 1}QZ`;
  }
}

function plainString(value: string): string {
  if (/HTPL(\d+|LD)QZ/.test(value))
    throw new Error(`chart template: the text ${JSON.stringify(value)} holds a reserved placeholder`);
  // A literal `{{` would start a template action when Helm renders the file.
  return value.replaceAll('{{', LEFT_DELIM);
}

function isNode(value: unknown): value is HelmExpr | HelmIf | HelmToYaml | HelmSplice {
  return (
    value instanceof HelmExpr || value instanceof HelmIf || value instanceof HelmToYaml || value instanceof HelmSplice
  );
}

function walk(value: unknown, tokens: Tokens, inSequence: boolean): unknown {
  if (typeof value === 'string') return plainString(value);
  if (value instanceof HelmExpr || value instanceof HelmToYaml) return tokens.add(value);
  if (isNode(value))
    throw new Error('chart template: a conditional or splice must be spread into a map or stand in a list');
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (item instanceof HelmSplice) return tokens.add(item);
        if (item instanceof HelmToYaml)
          throw new Error('chart template: a toYaml block must be the value of a map key (use a splice in a list)');
        if (item instanceof HelmIf) {
          const out: Record<string, unknown> = { [tokens.add(item)]: walk(item.then, tokens, false) };
          if (item.otherwise !== undefined) out[tokens.add({ else: item })] = walk(item.otherwise, tokens, false);
          return out;
        }
        return walk(item, tokens, true);
      })
      .flatMap((item) => (isElseCarrier(item) ? splitElse(item) : [item]));
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    let first = true;
    for (const [key, v] of Object.entries(value)) {
      if (v instanceof HelmIf || v instanceof HelmSplice) {
        // The action line replaces the key line, so a list item's `- ` would be lost with it.
        if (first && inSequence)
          throw new Error('chart template: a list item map must not start with a conditional or splice');
        if (v instanceof HelmSplice) out[tokens.add(v)] = 0;
        else {
          out[tokens.add(v)] = walk(v.then, tokens, false);
          if (v.otherwise !== undefined) out[tokens.add({ else: v })] = walk(v.otherwise, tokens, false);
        }
      } else out[plainString(key)] = walk(v, tokens, false);
      first = false;
    }
    return out;
  }
  return value;
}

// A list conditional with an else branch is carried as one map of two keys; it must become two items.
function isElseCarrier(item: unknown): item is Record<string, unknown> {
  return (
    item !== null &&
    typeof item === 'object' &&
    !Array.isArray(item) &&
    Object.keys(item).length === 2 &&
    Object.keys(item).every((k) => /^HTPL\d+QZ$/.test(k))
  );
}

function splitElse(item: Record<string, unknown>): unknown[] {
  return Object.entries(item).map(([k, v]) => ({ [k]: v }));
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** bodyEnd is the index after the lines nested deeper than column `col` (blank lines inside count). */
function bodyEnd(lines: readonly string[], from: number, col: number): number {
  let end = from;
  for (let j = from; j < lines.length; j++) {
    const line = lines[j]!;
    if (line.trim() === '') continue;
    if (indentOf(line) <= col) break;
    end = j + 1;
  }
  return end;
}

function isElse(node: Node | undefined): node is { readonly else: HelmIf } {
  return node !== undefined && !isNode(node) && 'else' in node;
}

function actionLines(tokens: Tokens, lines: string[]): string[] {
  const header = /^( *)(?:- )?HTPL(\d+)QZ(?::(?: \{\}| \[\]| 0)?)?$/;
  const block = /^( *(?:- )?)([^ ].*?): HTPL(\d+)QZ$/;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const h = header.exec(line);
    if (h !== null && !(tokens.nodes[Number(h[2])] instanceof HelmExpr)) {
      const pad = h[1]!;
      const node = tokens.nodes[Number(h[2])];
      if (node instanceof HelmSplice) {
        lines.splice(
          i,
          1,
          `${pad}{{- with ${node.expr} }}`,
          `${pad}{{- toYaml . | nindent ${pad.length} }}`,
          `${pad}{{- end }}`,
        );
        i += 2;
        continue;
      }
      if (!(node instanceof HelmIf) && !isElse(node))
        throw new Error(`chart template: a value stands where entries belong: ${line}`);
      const end = bodyEnd(lines, i + 1, pad.length);
      for (let j = i + 1; j < end; j++) lines[j] = lines[j]!.startsWith('  ') ? lines[j]!.slice(2) : lines[j]!;
      lines[i] = node instanceof HelmIf ? `${pad}{{- if ${node.cond} }}` : `${pad}{{- else }}`;
      const next = end < lines.length ? header.exec(lines[end]!) : null;
      const following = next === null ? undefined : tokens.nodes[Number(next[2])];
      const elseFollows = node instanceof HelmIf && isElse(following) && following.else === node;
      if (!elseFollows) lines.splice(end, 0, `${pad}{{- end }}`);
      continue;
    }
    const b = block.exec(line);
    if (b !== null && tokens.nodes[Number(b[3])] instanceof HelmToYaml) {
      const col = b[1]!.length + 2;
      const node = tokens.nodes[Number(b[3])] as HelmToYaml;
      lines.splice(i, 1, `${b[1]}${b[2]}:`, `${' '.repeat(col)}{{- toYaml ${node.expr} | nindent ${col} }}`);
      i += 1;
      continue;
    }
    lines[i] = line.replace(TOKEN, (_, n: string) => {
      const node = tokens.nodes[Number(n)];
      if (!(node instanceof HelmExpr))
        throw new Error(`chart template: a conditional, splice or block stands where a scalar belongs: ${line}`);
      return node.text;
    });
  }
  return lines.map((l) => l.replaceAll(LEFT_DELIM, '{{ `{{` }}'));
}

/** renderTemplate serialises one object of a chart template; with `cond` the whole document is conditional. */
export function renderTemplate(object: unknown, cond?: string): string {
  const tokens = new Tokens();
  const text = toYaml(walk(object, tokens, false));
  const body = actionLines(tokens, text.replace(/\n$/, '').split('\n')).join('\n');
  return cond === undefined ? `${body}\n` : `{{- if ${cond} }}\n${body}\n{{- end }}\n`;
}
