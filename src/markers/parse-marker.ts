import { didYouMean, editDistance } from './did-you-mean.js';
import { type ArgSpec, MARKERS, type MarkerDefinition, lookupMarker } from './registry.js';
import { ValueError, parseArgValue, splitTopLevel } from './parse-value.js';

/** ParsedMarker is one marker read from a comment: its definition and argument values. */
export interface ParsedMarker {
  def: MarkerDefinition;
  /** Anonymous value (`+name=value`), or the named arguments as an object. */
  value: unknown;
  /** The marker as written, starting with `+`. */
  text: string;
}

/** MarkerParseResult is a parsed marker, an error with a hint, or `undefined` for markers that belong to other tools. */
export type MarkerParseResult = { ok: true; marker: ParsedMarker } | { ok: false; message: string; hint?: string } | undefined;

const OWN_PREFIXES = ['kubebuilder:'];

function namedPrefix(name: string): MarkerDefinition | undefined {
  let best: MarkerDefinition | undefined;
  for (const m of MARKERS) {
    if (m.args !== undefined && name.startsWith(`${m.name}:`) && (best === undefined || m.name.length > best.name.length)) best = m;
  }
  return best;
}

function checkOneOf(value: unknown, oneOf: readonly string[] | undefined, insensitive: boolean, what: string): string | undefined {
  if (oneOf === undefined || typeof value !== 'string') return undefined;
  const ok = oneOf.some((o) => (insensitive ? o.toLowerCase() === value.toLowerCase() : o === value));
  return ok ? undefined : `${what} must be one of ${oneOf.join(', ')}, got ${JSON.stringify(value)}`;
}

function parseNamed(def: MarkerDefinition, argsText: string, text: string): MarkerParseResult {
  const specs = def.args ?? [];
  const out: Record<string, unknown> = {};
  const pieces = argsText.trim() === '' ? [] : splitTopLevel(argsText, ',');
  for (const piece of pieces) {
    const eq = piece.indexOf('=');
    const key = (eq < 0 ? piece : piece.slice(0, eq)).trim();
    const spec: ArgSpec | undefined = specs.find((s) => s.name === key);
    if (spec === undefined) {
      const guess = didYouMean(key, specs.map((s) => s.name));
      return {
        ok: false,
        message: `unknown argument ${JSON.stringify(key)} in ${text}`,
        hint: guess !== undefined ? `did you mean "${guess}"? e.g. ${def.example}` : `${def.name} takes ${specs.map((s) => s.name).join(', ')}; e.g. ${def.example}`,
      };
    }
    if (eq < 0 && spec.type !== 'bool') return { ok: false, message: `argument ${key} needs a value in ${text}`, hint: `write ${key}=<value>; e.g. ${def.example}` };
    const v = parseArgValue(eq < 0 ? '' : piece.slice(eq + 1), spec.type);
    const bad = checkOneOf(v, spec.oneOf, spec.caseInsensitive === true, `${def.name} argument ${key}`);
    if (bad !== undefined) return { ok: false, message: `${bad} in ${text}`, hint: `use one of ${spec.oneOf?.join(', ')}` };
    out[key] = v;
  }
  const missing = specs.filter((s) => s.optional !== true && !(s.name in out)).map((s) => s.name);
  if (missing.length > 0) {
    return { ok: false, message: `${text} is missing required argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, hint: `add ${missing.map((m) => `${m}=...`).join(',')}; e.g. ${def.example}` };
  }
  return { ok: true, marker: { def, value: out, text } };
}

/**
 * parseMarker parses the text of one marker line (starting with `+`). Unknown names under `kubebuilder:`
 * are errors with a did-you-mean hint; other unknown names belong to other tools and give `undefined`.
 */
export function parseMarker(line: string): MarkerParseResult {
  const text = line.trim();
  const body = text.slice(1);
  const eq = body.indexOf('=');
  const head = eq < 0 ? body : body.slice(0, eq);
  try {
    const exact = lookupMarker(head);
    if (exact !== undefined) {
      if (exact.args !== undefined) return parseNamed(exact, '', text);
      if (exact.value === undefined) {
        if (eq >= 0) return { ok: false, message: `${exact.name} takes no value in ${text}`, hint: `write ${exact.example}` };
        return { ok: true, marker: { def: exact, value: true, text } };
      }
      if (eq < 0 && exact.value !== 'bool') return { ok: false, message: `${text} needs a value`, hint: `e.g. ${exact.example}` };
      const value = parseArgValue(eq < 0 ? '' : body.slice(eq + 1), exact.value);
      const bad = checkOneOf(value, exact.valueOneOf, false, exact.name);
      if (bad !== undefined) return { ok: false, message: `${bad} in ${text}`, hint: `use one of ${exact.valueOneOf?.join(', ')}` };
      return { ok: true, marker: { def: exact, value, text } };
    }
    const named = namedPrefix(head);
    if (named !== undefined) return parseNamed(named, body.slice(named.name.length + 1), text);
  } catch (err) {
    if (err instanceof ValueError) return { ok: false, message: `malformed marker ${text}: ${err.message}`, hint: 'quote strings that contain , ; = or spaces with "..." or `...`' };
    throw err;
  }
  if (!OWN_PREFIXES.some((p) => head.startsWith(p))) return undefined;
  // Arguments may follow the name (`+kubebuilder:rbca:groups=...`), so try every prefix of the name.
  const segments = head.split(':');
  let guess: string | undefined;
  let best = Infinity;
  for (let k = segments.length; k >= 2; k--) {
    const prefix = segments.slice(0, k).join(':');
    const g = didYouMean(prefix, MARKERS.map((m) => m.name));
    const d = g === undefined ? Infinity : editDistance(prefix, g);
    if (d < best) {
      best = d;
      guess = g;
    }
  }
  const guessDef = guess === undefined ? undefined : lookupMarker(guess);
  return {
    ok: false,
    message: `unknown marker ${text}`,
    hint: guessDef !== undefined ? `did you mean +${guessDef.name}? e.g. ${guessDef.example}` : 'operator-ts supports the controller-gen markers listed at https://book.kubebuilder.io/reference/markers',
  };
}
