// A direct emitter for the JSON-shaped values the generators serialise (plain objects, arrays, strings,
// finite numbers, booleans, null). The `yaml` library builds a node tree and stringifies it with a context
// object per scalar; for a CRD embedding a pod template (about 400 KiB of YAML) that is most of the time
// `operator-ts generate` spends. This emitter writes the same bytes as `yaml.stringify` with the options
// of toYaml, and gives up (returns undefined) on anything whose rendering it does not reproduce exactly,
// so the caller can fall back to the library. A differential test holds the two together.

const STEP = '  ';

/** Thrown inside the emitter when a value needs the library's rendering. */
const BAIL = Symbol('bail');

/** Indicator characters, `: `, ` #` and edge whitespace make a plain scalar unreadable (yaml's rule). */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
/** Characters the library forces into double quotes with escapes this emitter does not reproduce. */
const NEEDS_ESCAPES = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
const BLOCK_END_NEWLINES = /(^|(?<!\n))\n+(?!\n|$)/g;

/**
 * The YAML 1.2 core schema's implicit types (null, bool, int, float): a plain scalar matching one would
 * not read back as a string, so such strings are quoted.
 */
const TYPED_PLAIN = [
  /^(?:~|null|Null|NULL)?$/,
  /^(?:true|True|TRUE|false|False|FALSE)$/,
  /^[-+]?[0-9]+$/,
  /^0o[0-7]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
];

function readsAsOtherType(value: string): boolean {
  return TYPED_PLAIN.some((re) => re.test(value));
}

function quoted(value: string): string {
  const hasDouble = value.includes('"');
  if (hasDouble && !value.includes("'")) return `'${value.replace(/'/g, "''")}'`;
  return JSON.stringify(value);
}

/** blockLiteral renders a multi-line string as `|` / `|-` with its lines at indent. */
function blockLiteral(input: string, indent: string): string {
  if (/\n[\t ]+$/.test(input)) throw BAIL;
  let value = input;
  let endStart = value.length;
  while (endStart > 0) {
    const ch = value[endStart - 1];
    if (ch !== '\n' && ch !== '\t' && ch !== ' ') break;
    endStart--;
  }
  let end = value.substring(endStart);
  const endNl = end.indexOf('\n');
  let chomp: string;
  if (endNl === -1) chomp = '-';
  else if (value === end || endNl !== end.length - 1)
    throw BAIL; // keep chomping changes the document's layout
  else chomp = '';
  if (end !== '') {
    value = value.slice(0, -end.length);
    if (end.endsWith('\n')) end = end.slice(0, -1);
    end = end.replace(BLOCK_END_NEWLINES, `$&${indent}`);
  }
  let startWithSpace = false;
  let startEnd = 0;
  let startNl = -1;
  for (; startEnd < value.length; startEnd++) {
    const ch = value[startEnd];
    if (ch === ' ') startWithSpace = true;
    else if (ch === '\n') startNl = startEnd;
    else break;
  }
  let start = value.substring(0, startNl < startEnd ? startNl + 1 : startEnd);
  if (start !== '') {
    value = value.substring(start.length);
    start = start.replace(/\n+/g, `$&${indent}`);
  }
  const header = (startWithSpace ? '2' : '') + chomp;
  return `|${header}\n${indent}${start}${value.replace(/\n+/g, `$&${indent}`)}${end}`;
}

/** scalarString renders a string value whose block lines (if any) go at indent. */
function scalarString(value: string, indent: string): string {
  if (NEEDS_ESCAPES.test(value)) throw BAIL;
  if (NOT_PLAIN.test(value)) return value.includes('\n') ? blockLiteral(value, indent) : quoted(value);
  if (value.includes('\n')) return blockLiteral(value, indent);
  return readsAsOtherType(value) ? quoted(value) : value;
}

function keyString(key: string): string {
  if (key === '' || key.length > 1000 || key.includes('\n') || NEEDS_ESCAPES.test(key) || DOCUMENT_MARKER.test(key))
    throw BAIL;
  if (NOT_PLAIN.test(key) || readsAsOtherType(key)) return quoted(key);
  return key;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** scalar renders a non-collection value, or undefined for a collection. */
function scalar(value: unknown, indent: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return scalarString(value, indent);
    case 'number':
      if (!Number.isFinite(value)) throw BAIL;
      return Object.is(value, -0) ? '-0' : JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return value.length === 0 ? '[]' : undefined;
      if (!isPlainObject(value)) throw BAIL;
      return entries(value, false).length === 0 ? '{}' : undefined;
    default:
      throw BAIL;
  }
}

function entries(obj: Record<string, unknown>, sortKeys: boolean): string[] {
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined);
  return sortKeys ? keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) : keys;
}

/**
 * Mappings met more than once (the schema of a client-node model, shared by every kind that embeds it),
 * and their rendering by position: an object renders the same wherever it stands at the same indent.
 * The first meeting only marks it, so objects met once cost nothing; weak, so nothing outlives its value.
 */
const metBefore = new WeakSet<object>();
const rendered = new WeakMap<object, Map<string, string>>();

class Emitter {
  readonly lines: string[] = [];
  constructor(private readonly sortKeys: boolean) {}

  /** map writes a non-empty mapping; the first line starts with firstPrefix instead of indent. */
  map(obj: Record<string, unknown>, indent: string, firstPrefix: string): void {
    const position = `${this.sortKeys ? 's' : 'u'}${indent.length}:${firstPrefix}`;
    const known = rendered.get(obj)?.get(position);
    if (known !== undefined) {
      this.lines.push(known);
      return;
    }
    if (!metBefore.has(obj)) {
      metBefore.add(obj);
      this.mapEntries(obj, indent, firstPrefix);
      return;
    }
    const start = this.lines.length;
    this.mapEntries(obj, indent, firstPrefix);
    const text = this.lines.splice(start).join('\n');
    this.lines.push(text);
    const byPosition = rendered.get(obj) ?? new Map<string, string>();
    byPosition.set(position, text);
    rendered.set(obj, byPosition);
  }

  private mapEntries(obj: Record<string, unknown>, indent: string, firstPrefix: string): void {
    let prefix = firstPrefix;
    for (const key of entries(obj, this.sortKeys)) {
      const value = obj[key];
      const head = `${prefix}${keyString(key)}:`;
      prefix = indent;
      const s = scalar(value, indent + STEP);
      if (s !== undefined) this.lines.push(`${head} ${s}`);
      else {
        this.lines.push(head);
        if (Array.isArray(value)) this.seq(value, indent, indent);
        else this.map(value as Record<string, unknown>, indent + STEP, indent + STEP);
      }
    }
  }

  /** seq writes a non-empty sequence with its dashes at indent. */
  seq(items: readonly unknown[], indent: string, firstPrefix: string): void {
    let prefix = firstPrefix;
    for (const item of items) {
      if (item === undefined) throw BAIL;
      const dash = `${prefix}- `;
      prefix = indent;
      const s = scalar(item, indent + STEP);
      if (s !== undefined) this.lines.push(`${dash}${s}`);
      else if (Array.isArray(item)) this.seq(item, indent + STEP, dash);
      else this.map(item as Record<string, unknown>, indent + STEP, dash);
    }
  }
}

/**
 * emitYaml renders a JSON-shaped value as block YAML exactly as `yaml.stringify` does with toYaml's
 * options (two-space indent, no folding, unindented sequences, optional key sorting), or returns undefined
 * when the value holds something only the library renders (control characters, keep-chomped or
 * whitespace-ended multi-line strings, non-finite numbers, class instances...).
 */
export function emitYaml(value: unknown, sortKeys: boolean): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    const top = scalar(value, '');
    if (top !== undefined) return `${top}\n`;
    const e = new Emitter(sortKeys);
    if (Array.isArray(value)) e.seq(value, '', '');
    else e.map(value as Record<string, unknown>, '', '');
    return `${e.lines.join('\n')}\n`;
  } catch (err) {
    if (err === BAIL) return undefined;
    throw err;
  }
}
