/** ArgType is the type of one marker argument, as controller-tools' argument types. */
export type ArgType = 'string' | 'int' | 'number' | 'bool' | 'stringList' | 'any' | 'anyList' | 'raw';

/** ValueError is thrown by {@link parseArgValue} for malformed argument text. */
export class ValueError extends Error {}

/**
 * splitTopLevel splits text on a separator that is not inside quotes, back-quotes or braces, so that
 * `a="x,y",b={1,2}` splits into two arguments.
 */
export function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === '`') quote = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quote !== undefined)
    throw new ValueError(`unterminated ${quote === '`' ? 'back-quoted' : 'quoted'} string in ${JSON.stringify(text)}`);
  if (depth !== 0) throw new ValueError(`unbalanced braces in ${JSON.stringify(text)}`);
  parts.push(text.slice(start));
  return parts;
}

function unquote(text: string): string | undefined {
  const t = text.trim();
  if (
    (t.startsWith('`') && (t.length < 2 || !t.endsWith('`'))) ||
    (t.startsWith('"') && (t.length < 2 || !t.endsWith('"')))
  ) {
    throw new ValueError(`unterminated ${t.startsWith('`') ? 'back-quoted' : 'quoted'} string ${t}`);
  }
  if (t.length >= 2 && t.startsWith('`') && t.endsWith('`')) return t.slice(1, -1);
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    try {
      return JSON.parse(t) as string;
    } catch {
      throw new ValueError(`invalid double-quoted string ${t}`);
    }
  }
  return undefined;
}

function parseString(text: string): string {
  const q = unquote(text);
  return q ?? text.trim();
}

function parseList(text: string, item: (t: string) => unknown): unknown[] {
  const t = text.trim();
  if (t === '') return [];
  if (t.startsWith('{') && t.endsWith('}')) {
    const inner = t.slice(1, -1);
    if (inner.trim() === '') return [];
    return splitTopLevel(inner, ',').map(item);
  }
  return splitTopLevel(t, ';').map(item);
}

const NUMBER_RE = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * parseAny reads a free-form value the way controller-tools does for `default`, `example` and `Enum`
 * items: quoted strings, numbers, booleans, `{a,b}` lists, `{k: v}` maps, otherwise a bare string (so a bare
 * `null` is the string "null", as controller-gen reads it; JSON `null` is `+default=null`).
 */
export function parseAny(text: string): unknown {
  const t = text.trim();
  const q = unquote(t);
  if (q !== undefined) return q;
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (NUMBER_RE.test(t)) return Number(t);
  if (t.startsWith('[') && t.endsWith(']')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      throw new ValueError(`invalid JSON list ${t}`);
    }
  }
  if (t.startsWith('{') && t.endsWith('}')) {
    const inner = t.slice(1, -1).trim();
    if (inner === '') return {};
    const items = splitTopLevel(inner, ',');
    const isMap = items.every((it) => /^\s*("[^"]*"|[A-Za-z0-9_.\-/]+)\s*:/.test(it) && !/^\s*[a-z]+:\/\//.test(it));
    if (!isMap) return items.map(parseAny);
    const out: Record<string, unknown> = {};
    for (const it of items) {
      const idx = findColon(it);
      const key = parseString(it.slice(0, idx));
      out[key] = parseAny(it.slice(idx + 1));
    }
    return out;
  }
  return t;
}

function findColon(text: string): number {
  let quote = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quote = !quote;
    else if (text[i] === ':' && !quote) return i;
  }
  return -1;
}

/** parseArgValue converts the text of one argument to the value of its declared type, or throws {@link ValueError}. */
export function parseArgValue(text: string, type: ArgType): unknown {
  switch (type) {
    case 'raw':
      return text;
    case 'string':
      return parseString(text);
    case 'int': {
      const t = text.trim();
      if (!/^-?\d+$/.test(t)) throw new ValueError(`expected an integer, got ${JSON.stringify(t)}`);
      return Number(t);
    }
    case 'number': {
      const t = text.trim();
      if (!NUMBER_RE.test(t)) throw new ValueError(`expected a number, got ${JSON.stringify(t)}`);
      return Number(t);
    }
    case 'bool': {
      const t = text.trim();
      if (t === '' || t === 'true') return true;
      if (t === 'false') return false;
      throw new ValueError(`expected true or false, got ${JSON.stringify(t)}`);
    }
    case 'stringList':
      return parseList(text, parseString);
    case 'anyList':
      return parseList(text, parseAny);
    case 'any':
      return parseAny(text);
  }
}
