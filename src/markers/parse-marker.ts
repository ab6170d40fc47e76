import { didYouMean, editDistance } from './did-you-mean.js';
import type { ArgSpec, MarkerDefinition } from './definition.js';
import { namespaceOf, type MarkerRegistry } from './registry.js';
import { ValueError, parseArgValue, splitTopLevel } from './parse-value.js';

/** ParsedMarker is one marker read from a comment: its definition and argument values. */
export interface ParsedMarker {
  def: MarkerDefinition;
  /** Anonymous value (`+name=value`), or the named arguments as an object. */
  value: unknown;
  /** The marker as written, starting with `+`. */
  text: string;
}

/**
 * MarkerParseResult is a parsed marker, an error with a hint, a spelling that controller-gen ignores
 * (`ignored`: reported as a warning, with no effect), or `undefined` for markers of other tools.
 */
export type MarkerParseResult =
  | { ok: true; marker: ParsedMarker }
  | { ok: false; message: string; hint?: string }
  | { ok: 'ignored'; message: string; hint: string }
  | undefined;

const OWN_PREFIXES = ['kubebuilder:'];

function namedPrefix(name: string, registry: MarkerRegistry): MarkerDefinition | undefined {
  let best: MarkerDefinition | undefined;
  for (const m of registry.all()) {
    if (
      m.args !== undefined &&
      name.startsWith(`${m.name}:`) &&
      (best === undefined || m.name.length > best.name.length)
    )
      best = m;
  }
  return best;
}

function checkOneOf(
  value: unknown,
  oneOf: readonly string[] | undefined,
  insensitive: boolean,
  what: string,
): string | undefined {
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
      const guess = didYouMean(
        key,
        specs.map((s) => s.name),
      );
      return {
        ok: false,
        message: `unknown argument ${JSON.stringify(key)} in ${text}`,
        hint:
          guess !== undefined
            ? `did you mean "${guess}"? e.g. ${def.example}`
            : `${def.name} takes ${specs.map((s) => s.name).join(', ')}; e.g. ${def.example}`,
      };
    }
    if (eq < 0 && spec.type !== 'bool')
      return {
        ok: false,
        message: `argument ${key} needs a value in ${text}`,
        hint: `write ${key}=<value>; e.g. ${def.example}`,
      };
    const v = parseArgValue(eq < 0 ? '' : piece.slice(eq + 1), spec.type);
    const bad = checkOneOf(v, spec.oneOf, spec.caseInsensitive === true, `${def.name} argument ${key}`);
    if (bad !== undefined)
      return { ok: false, message: `${bad} in ${text}`, hint: `use one of ${spec.oneOf?.join(', ')}` };
    out[key] = v;
  }
  const missing = specs.filter((s) => s.optional !== true && !(s.name in out)).map((s) => s.name);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `${text} is missing required argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      hint: `add ${missing.map((m) => `${m}=...`).join(',')}; e.g. ${def.example}`,
    };
  }
  return { ok: true, marker: { def, value: out, text } };
}

/**
 * parseMarker parses the text of one marker line (starting with `+`) against the registered markers.
 * Unknown names under `kubebuilder:` are errors with a did-you-mean hint; other unknown names belong to
 * other tools and give `undefined`.
 */
export function parseMarker(line: string, registry: MarkerRegistry): MarkerParseResult {
  const text = line.trim();
  const body = text.slice(1);
  const eq = body.indexOf('=');
  const written = eq < 0 ? body : body.slice(0, eq);
  // `+name:=value` is controller-gen's other spelling of `+name=value` for markers with one unnamed
  // value: its parser drops the empty last name segment (pkg/markers/parse.go splitMarker).
  const colonEquals = eq >= 0 && written.endsWith(':') && registry.lookup(written.slice(0, -1))?.value !== undefined;
  const head = colonEquals ? written.slice(0, -1) : written;
  try {
    const exact = registry.lookup(head);
    if (exact !== undefined) {
      if (exact.args !== undefined) return parseNamed(exact, '', text);
      if (exact.value === undefined) {
        if (eq >= 0)
          return { ok: false, message: `${exact.name} takes no value in ${text}`, hint: `write ${exact.example}` };
        return { ok: true, marker: { def: exact, value: true, text } };
      }
      if (eq < 0 && exact.value !== 'bool')
        return { ok: false, message: `${text} needs a value`, hint: `e.g. ${exact.example}` };
      const value = parseArgValue(eq < 0 ? '' : body.slice(eq + 1), exact.value);
      const bad = checkOneOf(value, exact.valueOneOf, false, exact.name);
      if (bad !== undefined)
        return { ok: false, message: `${bad} in ${text}`, hint: `use one of ${exact.valueOneOf?.join(', ')}` };
      return { ok: true, marker: { def: exact, value, text } };
    }
    const named = namedPrefix(head, registry);
    if (named !== undefined) return parseNamed(named, body.slice(named.name.length + 1), text);
  } catch (err) {
    if (err instanceof ValueError)
      return {
        ok: false,
        message: `malformed marker ${text}: ${err.message}`,
        hint: 'quote strings that contain , ; = or spaces with "..." or `...`',
      };
    throw err;
  }
  if (!OWN_PREFIXES.some((p) => head.startsWith(p))) return undefined;
  const variant = caseVariant(head, registry);
  if (variant !== undefined) {
    const why = variant.whole ? 'marker names are case-sensitive' : `the marker is +${variant.def.name}`;
    return {
      ok: 'ignored',
      message: `${text} is not a marker (${why}), so it has no effect, as controller-gen ignores unknown markers`,
      hint: `write ${variant.def.example} for its effect (${variant.def.help.replace(/\.$/, '')}), or remove it`,
    };
  }
  const guessDef = guessMarker(head, registry);
  return {
    ok: false,
    message: `unknown marker ${text}`,
    hint:
      guessDef !== undefined
        ? `did you mean +${guessDef.name}? e.g. ${guessDef.example}`
        : 'operator-ts supports the controller-gen markers listed at https://book.kubebuilder.io/reference/markers',
  };
}

/**
 * caseVariant finds the marker that an unknown name spells in other letter case, as a whole
 * (`kubebuilder:validation:optional`) or in its last segment (`kubebuilder:validation:nullable` for
 * `+nullable`). controller-gen ignores such names silently; controller-tools' own fixtures carry both.
 */
function caseVariant(head: string, registry: MarkerRegistry): { def: MarkerDefinition; whole: boolean } | undefined {
  const segments = head.split(':');
  for (let k = segments.length; k >= 2; k--) {
    const prefix = segments.slice(0, k).join(':');
    const def = registry.lookupIgnoringCase(prefix);
    // Spelled right but used wrong (`+kubebuilder:subresource:status:=x`) is a malformed marker, not this.
    if (def !== undefined) return def.name === prefix ? undefined : { def, whole: true };
  }
  // Only under a namespace markers really live in: a misspelt namespace is a typo to report.
  if (!registry.hasNamespace(namespaceOf(head))) return undefined;
  const def = registry.lookupIgnoringCase(segments[segments.length - 1] ?? '');
  return def === undefined ? undefined : { def, whole: false };
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}

/**
 * guessMarker finds the registered marker an unknown name most likely means. Arguments may follow the
 * name (`+kubebuilder:rbca:groups=...`), so every prefix of it is tried; each is compared whole, and by its
 * last segment (one edit dearer outside its namespace), so `kubebuilder:validation:Nulable` finds
 * `+nullable` rather than a validation marker of a similar length.
 */
function guessMarker(head: string, registry: MarkerRegistry): MarkerDefinition | undefined {
  const segments = head.split(':');
  let best: MarkerDefinition | undefined;
  let bestScore = Infinity;
  for (let k = segments.length; k >= 2; k--) {
    const prefix = segments.slice(0, k).join(':');
    const word = lastSegment(prefix);
    for (const m of registry.all()) {
      const whole = editDistance(prefix, m.name);
      const wholeOk = whole <= Math.max(2, Math.floor(prefix.length / 3));
      const bySegment = editDistance(word, lastSegment(m.name)) + (namespaceOf(prefix) === namespaceOf(m.name) ? 0 : 1);
      const segmentOk = bySegment <= Math.max(2, Math.floor(word.length / 3));
      const score = Math.min(wholeOk ? whole : Infinity, segmentOk ? bySegment : Infinity);
      if (score < bestScore) {
        bestScore = score;
        best = m;
      }
    }
  }
  return best;
}
