import { FLECT_ACRONYMS, FLECT_DICTIONARY, FLECT_SUFFIXES } from './flect-data.js';

// An implementation of flect's Pluralize and Singularize (github.com/gobuffalo/flect v1.0.3, pluralize.go,
// singularize.go and ident.go),
// the inflector kubebuilder and controller-gen derive resource plurals with. It reproduces flect's
// behaviour exactly, quirks included (`octopus` -> `octupuses`, `dns` -> `dnsDNSes`), because a plural that
// differs from the Go toolchain's renames a CRD. src/model/plural.test.ts compares it with the real flect.

type Rule = { readonly suffix: string; readonly apply: (word: string) => string };

const singleToPlural = new Map<string, string>();
const pluralToSingle = new Map<string, string>();
let pluralRules: Rule[] = [];
let singularRules: Rule[] = [];

/** insertRule mirrors flect's InsertPluralRule and InsertSingularRule: the rule goes first, preceded by a rule that keeps words already ending in the replacement. */
function insertRule(rules: Rule[], suffix: string, replacement: string): Rule[] {
  return [
    { suffix: replacement, apply: (word) => word },
    { suffix, apply: (word) => word.slice(0, word.length - suffix.length) + replacement },
    ...rules,
  ];
}

for (const word of FLECT_DICTIONARY) {
  const plural = word.plural ?? word.singular;
  singleToPlural.set(word.singular, plural);
  if (word.unidirectional !== true) {
    pluralToSingle.set(plural, word.singular);
    if (word.alternative !== undefined) pluralToSingle.set(word.alternative, word.singular);
  }
}
for (let i = FLECT_SUFFIXES.length - 1; i >= 0; i--) {
  const [singular, plural] = FLECT_SUFFIXES[i] ?? ['', ''];
  pluralRules = insertRule(pluralRules, singular, plural);
  singularRules = insertRule(singularRules, plural, singular);
}
for (const word of FLECT_DICTIONARY) {
  if (word.exact === true) continue;
  const plural = word.plural ?? word.singular;
  pluralRules = insertRule(pluralRules, word.singular, plural);
  if (word.unidirectional === true) continue;
  singularRules = insertRule(singularRules, plural, word.singular);
  if (word.alternative !== undefined) singularRules = insertRule(singularRules, word.alternative, word.singular);
}

const SEPARATORS = ['_', ' ', ':', '-', '/'];
const WHITE_SPACE = /^\p{White_Space}$/u;
const UPPER = /^\p{Lu}$/u;
const WORD_CHAR = /^[\p{L}\p{Nd}\p{P}`]$/u;

/** goUpper upper-cases code point by code point, as Go's strings.ToUpper does (no length-changing mappings). */
export function goUpper(s: string): string {
  return mapCodePoints(s, (c) => c.toUpperCase());
}

/** goLower lower-cases code point by code point, as Go's strings.ToLower does. */
export function goLower(s: string): string {
  return mapCodePoints(s, (c) => c.toLowerCase());
}

function mapCodePoints(s: string, map: (c: string) => string): string {
  let out = '';
  for (const c of s) {
    const m = map(c);
    out += [...m].length === 1 ? m : c;
  }
  return out;
}

function isSpace(c: string): boolean {
  return SEPARATORS.includes(c) || WHITE_SPACE.test(c);
}

function trimSpace(s: string): string {
  const chars = [...s];
  let start = 0;
  let end = chars.length;
  while (start < end && WHITE_SPACE.test(chars[start] ?? '')) start++;
  while (end > start && WHITE_SPACE.test(chars[end - 1] ?? '')) end--;
  return chars.slice(start, end).join('');
}

function trimChar(s: string, c: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === c) start++;
  while (end > start && s[end - 1] === c) end--;
  return s.slice(start, end);
}

/** appendPart is flect's xappend: trims separators, upper-cases a known acronym, drops empty parts. */
function appendPart(parts: string[], raw: string): void {
  let s = trimSpace(raw);
  for (const sep of SEPARATORS) s = trimChar(s, sep);
  if (FLECT_ACRONYMS.has(goUpper(s))) s = goUpper(s);
  if (s !== '') parts.push(s);
}

/** identParts splits an identifier into words as flect does: at separators, before an upper-case letter that follows a non-upper-case one, and after a known acronym. */
export function identParts(input: string): string[] {
  const parts: string[] = [];
  const s = trimSpace(input);
  if (s === '') return parts;
  if (FLECT_ACRONYMS.has(goUpper(s))) return [goUpper(s)];
  let prev = '';
  let current = '';
  for (const c of s) {
    const upper = UPPER.test(c);
    if (isSpace(c) || (upper && !UPPER.test(prev)) || (upper && FLECT_ACRONYMS.has(goUpper(current)))) {
      appendPart(parts, current);
      current = c;
      prev = c;
    } else if (WORD_CHAR.test(c)) {
      current += c;
      prev = c;
    } else {
      appendPart(parts, current);
      current = '';
      prev = c;
    }
  }
  appendPart(parts, current);
  return parts;
}

/** capitalize is flect's Capitalize: the first code point title-cased, or empty when s has no word. */
function capitalize(s: string): string {
  if (identParts(s).length === 0) return '';
  const [first = '', ...rest] = [...s];
  return goUpper(first) + rest.join('');
}

function replaceSuffix(original: string, suffix: string, replacement: string): string {
  return (original.endsWith(suffix) ? original.slice(0, original.length - suffix.length) : original) + replacement;
}

/**
 * flectPluralize is flect.Pluralize: the plural of the last word of s, keeping the rest of s and the case of
 * the word (`CronJob` -> `CronJobs`, `big_mouse` -> `big_mice`); words flect knows as plural stay as they are.
 */
export function flectPluralize(s: string): string {
  const parts = identParts(s);
  const last = parts[parts.length - 1];
  if (last === undefined) return '';
  const exact = singleToPlural.get(s);
  if (exact !== undefined) return exact;
  if (pluralToSingle.has(s)) return s;
  const lower = goLower(last);
  if (pluralToSingle.has(lower)) return s;
  const known = singleToPlural.get(lower);
  if (known !== undefined) return replaceSuffix(s, last, last === capitalize(last) ? capitalize(known) : known);
  for (const rule of pluralRules) if (last.endsWith(rule.suffix)) return replaceSuffix(s, last, rule.apply(last));
  if (lower.endsWith('s')) return s;
  return `${s}s`;
}

/**
 * flectSingularize is flect.Singularize: the singular of the last word of s, keeping the rest of s and the
 * case of the word (`Conditions` -> `Condition`, `data` -> `datum`); words flect knows as singular stay.
 */
export function flectSingularize(s: string): string {
  const parts = identParts(s);
  const last = parts[parts.length - 1];
  if (last === undefined) return s;
  const exact = pluralToSingle.get(s);
  if (exact !== undefined) return exact;
  if (singleToPlural.has(s)) return s;
  const lower = goLower(last);
  const known = pluralToSingle.get(lower);
  if (known !== undefined) return replaceSuffix(s, last, last === capitalize(last) ? capitalize(known) : known);
  if (singleToPlural.has(lower)) return s;
  for (const rule of singularRules) if (last.endsWith(rule.suffix)) return replaceSuffix(s, last, rule.apply(last));
  if (last.endsWith('s')) return replaceSuffix(s, 's', '');
  return s;
}
