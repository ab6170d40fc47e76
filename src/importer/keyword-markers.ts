import { type JsonObject, isJsonObject } from './json-value.js';
import { type Arg, anyText, jsonText, markerLine, quoted, verifiedMarker } from './marker-text.js';

/** MarkerTarget is where the markers of one schema node are written. */
export type MarkerTarget = 'field' | 'type' | 'items';

/** NodeMarkers are the marker lines that restore a node's keywords, and the keywords only the escape hatch can restore. */
export interface NodeMarkers {
  lines: string[];
  /** Keywords written with `+operator-ts:schema` (also in `lines`). */
  raw: string[];
}

const V = 'kubebuilder:validation:';
const RAW_MARKER = 'operator-ts:schema';
const XVALIDATION_KEYS = new Set(['rule', 'message', 'messageExpression', 'reason', 'fieldPath', 'optionalOldSelf']);
const REASONS = new Set(['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate']);
/** Keywords that `+kubebuilder:validation:items:<Name>` can set on the items of an array. */
const ITEMS_KEYWORDS = new Set([
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'enum',
  'format',
  'type',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-validations',
]);

/** NodeKind is what the node is once its type and markers apply, which decides which markers the generator accepts. */
export interface NodeKind {
  type?: string;
  intOrString: boolean;
}

/** sortedKeys copies a JSON value with every mapping's keys in order. */
export function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (!isJsonObject(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortedKeys(v[k])]),
  );
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function validationLine(rule: JsonObject, name: string): string | undefined {
  const args: Arg[] = [];
  for (const [k, v] of Object.entries(rule)) {
    if (!XVALIDATION_KEYS.has(k)) return undefined;
    if (k === 'optionalOldSelf') {
      if (typeof v !== 'boolean') return undefined;
      args.push([k, String(v)]);
      continue;
    }
    if (typeof v !== 'string' || (k === 'reason' && !REASONS.has(v))) return undefined;
    args.push([k, quoted(v)]);
  }
  return verifiedMarker(markerLine(name, args), rule);
}

/** KeywordContext is where a keyword's marker is written, and what the node is there. */
interface KeywordContext {
  /** `kubebuilder:validation:` or, for the items of an array, `kubebuilder:validation:items:`. */
  readonly prefix: string;
  readonly target: MarkerTarget;
  readonly kind: NodeKind;
  /** The node's x-kubernetes-list-type, which list map keys need. */
  readonly listType: unknown;
}

/** KeywordLines renders one keyword's value as marker lines, or undefined when no marker says it there. */
type KeywordLines = (value: unknown, c: KeywordContext) => string[] | undefined;

/** one is the marker `+name=text`, if the parser reads it back as expected. */
function one(name: string, text: string | undefined, expected: unknown): string[] | undefined {
  if (text === undefined) return undefined;
  const line = verifiedMarker(markerLine(name, text), expected);
  return line === undefined ? undefined : [line];
}

/** flag is the flag marker `+name` for a keyword that is true. */
function flag(value: unknown, name: string): string[] | undefined {
  return value === true ? [markerLine(name)] : undefined;
}

/** every renders each item of a list value as a line; all of them must render. */
function every(value: unknown, line: (item: unknown) => string | undefined): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const lines = value.map(line);
  return lines.every((l) => l !== undefined) ? lines : undefined;
}

const isNumeric = (k: NodeKind): boolean => k.type === 'integer' || k.type === 'number';
const isStringish = (k: NodeKind): boolean => k.type === 'string' || k.intOrString;
const isArray = (k: NodeKind): boolean => k.type === 'array';
const isObject = (k: NodeKind): boolean => k.type === 'object';
const anyKind = (): boolean => true;
const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isBoolean = (v: unknown): boolean => typeof v === 'boolean';
const isString = (v: unknown): boolean => typeof v === 'string';

/** validation is the `kubebuilder:validation:<marker>` line of a keyword that applies to some kinds of node. */
function validation(
  marker: string,
  applies: (k: NodeKind) => boolean,
  valid: (v: unknown) => boolean,
  text: (v: string) => string = (v) => v,
): KeywordLines {
  return (value, c) =>
    applies(c.kind) && valid(value) ? one(`${c.prefix}${marker}`, text(String(value)), value) : undefined;
}

function enumLines(value: unknown, c: KeywordContext): string[] | undefined {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !value.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))
  )
    return undefined;
  return one(`${c.prefix}Enum`, value.map(anyText).join(';'), value);
}

function listMapKeyLines(value: unknown, c: KeywordContext): string[] | undefined {
  if (
    c.kind.type !== 'array' ||
    c.listType !== 'map' ||
    !Array.isArray(value) ||
    value.length === 0 ||
    new Set(value).size !== value.length
  )
    return undefined;
  return every(value, (k) =>
    typeof k === 'string' ? verifiedMarker(markerLine('listMapKey', quoted(k)), k) : undefined,
  );
}

function externalDocsLines(value: unknown): string[] | undefined {
  if (!isJsonObject(value) || typeof value.url !== 'string' || !URL.canParse(value.url)) return undefined;
  if (
    Object.keys(value).some((k) => k !== 'url' && k !== 'description') ||
    (value.description !== undefined && typeof value.description !== 'string')
  )
    return undefined;
  const args: Arg[] = [['url', quoted(value.url)]];
  if (typeof value.description === 'string') args.push(['description', quoted(value.description)]);
  const line = verifiedMarker(markerLine('kubebuilder:externalDocs', args), value);
  return line === undefined ? undefined : [line];
}

/** KEYWORD_LINES maps each schema keyword a marker can restore to the marker lines that restore it. */
const KEYWORD_LINES: ReadonlyMap<string, KeywordLines> = new Map<string, KeywordLines>([
  ['maximum', validation('Maximum', isNumeric, isNumber)],
  ['minimum', validation('Minimum', isNumeric, isNumber)],
  ['multipleOf', validation('MultipleOf', isNumeric, isNumber)],
  ['exclusiveMaximum', validation('ExclusiveMaximum', isNumeric, isBoolean)],
  ['exclusiveMinimum', validation('ExclusiveMinimum', isNumeric, isBoolean)],
  ['maxLength', validation('MaxLength', isStringish, isInt)],
  ['minLength', validation('MinLength', isStringish, isInt)],
  ['pattern', validation('Pattern', isStringish, isString, quoted)],
  ['maxItems', validation('MaxItems', isArray, isInt)],
  ['minItems', validation('MinItems', isArray, isInt)],
  ['maxProperties', validation('MaxProperties', isObject, isInt)],
  ['minProperties', validation('MinProperties', isObject, isInt)],
  ['enum', enumLines],
  ['format', validation('Format', anyKind, isString, quoted)],
  ['type', validation('Type', anyKind, isString)],
  [
    'x-kubernetes-preserve-unknown-fields',
    (v, c) =>
      flag(v, c.target === 'items' ? `${c.prefix}XPreserveUnknownFields` : 'kubebuilder:pruning:PreserveUnknownFields'),
  ],
  ['x-kubernetes-embedded-resource', (v, c) => flag(v, `${c.prefix}XEmbeddedResource`)],
  ['x-kubernetes-int-or-string', (v, c) => flag(v, `${c.prefix}XIntOrString`)],
  [
    'x-kubernetes-validations',
    (v, c) => every(v, (r) => (isJsonObject(r) ? validationLine(r, `${c.prefix}XValidation`) : undefined)),
  ],
  [
    'x-kubernetes-list-type',
    (v, c) =>
      c.kind.type === 'array' && typeof v === 'string' && ['atomic', 'set', 'map'].includes(v)
        ? [markerLine('listType', v)]
        : undefined,
  ],
  ['x-kubernetes-list-map-keys', listMapKeyLines],
  [
    'x-kubernetes-map-type',
    (v, c) =>
      c.kind.type === 'object' && (v === 'atomic' || v === 'granular') ? [markerLine('mapType', v)] : undefined,
  ],
  ['default', (v, c) => (c.target === 'field' ? one('default', jsonText(v), jsonText(v)) : undefined)],
  ['example', (v, c) => (c.target === 'field' ? one('kubebuilder:example', anyText(v), v) : undefined)],
  ['title', (v) => (typeof v === 'string' ? one('kubebuilder:title', quoted(v), v) : undefined)],
  ['externalDocs', externalDocsLines],
]);

/** lineFor renders one keyword as a marker for the target, or undefined when no marker says it there. */
function lineFor(
  key: string,
  value: unknown,
  target: MarkerTarget,
  kind: NodeKind,
  listType: unknown,
): string[] | undefined {
  if (target === 'items' && !ITEMS_KEYWORDS.has(key)) return undefined;
  return KEYWORD_LINES.get(key)?.(value, { prefix: target === 'items' ? `${V}items:` : V, target, kind, listType });
}

/**
 * markersFor turns the keywords a node needs beyond what its TypeScript type gives into marker lines for
 * the target (a field, a named type, or the items of an array field). Keywords no marker can say there go
 * into one `+operator-ts:schema` line. For `items`, undefined means some keyword has no items marker.
 */
export function markersFor(needs: JsonObject, target: MarkerTarget, kind: NodeKind): NodeMarkers | undefined {
  const lines: string[] = [];
  const raw: JsonObject = {};
  const effective: NodeKind = { ...kind, type: typeof needs.type === 'string' ? needs.type : kind.type };
  const listType = needs['x-kubernetes-list-type'];
  // Sorted, so that the markers do not depend on how the source ordered its keywords (the apiserver sorts them).
  for (const [key, value] of Object.entries(needs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const got = lineFor(key, value, target, effective, listType);
    if (got !== undefined) lines.push(...got);
    else if (target === 'items') return undefined;
    else raw[key] = value;
  }
  const rawKeys = Object.keys(raw);
  if (rawKeys.length > 0) {
    const text = jsonText(sortedKeys(raw));
    const line = verifiedMarker(markerLine(RAW_MARKER, text), text);
    if (line === undefined) throw new Error(`escape-hatch marker for ${rawKeys.join(', ')} does not read back`);
    lines.push(line);
  }
  return { lines, raw: rawKeys };
}
