import { parseMarker } from '../markers/parse-marker.js';
import { MarkerRegistry } from '../markers/registry.js';
import { registerSchemaMarkers } from '../schema/markers/register.js';
import { canonicalJson } from './json-value.js';

/** SCHEMA_REGISTRY holds the markers an imported CRD is written with: all of them belong to the CRD generator. */
const SCHEMA_REGISTRY = registerSchemaMarkers(new MarkerRegistry());

/**
 * commentSafe keeps text from closing the block comment it is written into: `*\/` is what JSON and
 * marker strings read back as `*` `/`, and no other escape is needed inside a doc comment.
 */
export function commentSafe(text: string): string {
  return text.replace(/\*\//g, '*\\/');
}

/** quoted renders a string as a double-quoted marker string (JSON escapes, which the marker parser reads back). */
export function quoted(s: string): string {
  return commentSafe(JSON.stringify(s));
}

/** jsonText renders a value as one line of JSON that is safe inside a doc comment. */
export function jsonText(v: unknown): string {
  return commentSafe(JSON.stringify(v));
}

/**
 * anyText renders a value in the marker syntax of `any` arguments (defaults, examples, titles, enum
 * items): quoted strings, bare numbers and booleans, JSON for lists and maps.
 */
export function anyText(v: unknown): string {
  if (typeof v === 'string') return quoted(v);
  return jsonText(v);
}

/** Arg is one named argument of a marker and its already rendered value. */
export type Arg = readonly [name: string, text: string];

/** markerLine renders `+name`, `+name=value` or `+name:a=1,b=2`. */
export function markerLine(name: string, value?: string | readonly Arg[]): string {
  if (value === undefined) return `+${name}`;
  if (typeof value === 'string') return `+${name}=${value}`;
  return `+${name}:${value.map(([k, v]) => `${k}=${v}`).join(',')}`;
}

/**
 * verifiedMarker returns the marker line when the marker parser reads it back as `expected` (compared as
 * JSON), and undefined otherwise, so that no value is ever written in a form that would change its meaning.
 */
export function verifiedMarker(line: string, expected: unknown): string | undefined {
  if (line.includes('\n')) return undefined;
  const parsed = parseMarker(line, SCHEMA_REGISTRY);
  if (parsed === undefined || parsed.ok !== true) return undefined;
  return canonicalJson(parsed.marker.value) === canonicalJson(expected) ? line : undefined;
}
