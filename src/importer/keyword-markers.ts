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
  'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'maxProperties', 'minProperties',
  'enum', 'format', 'type', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string', 'x-kubernetes-validations',
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
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedKeys(v[k])]));
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

/** lineFor renders one keyword as a marker for the target, or undefined when no marker says it there. */
function lineFor(key: string, value: unknown, target: MarkerTarget, kind: NodeKind, listType: unknown): string[] | undefined {
  const p = target === 'items' ? `${V}items:` : V;
  const numeric = kind.type === 'integer' || kind.type === 'number';
  const stringish = kind.type === 'string' || kind.intOrString;
  const one = (name: string, text: string | undefined, expected: unknown): string[] | undefined => {
    if (text === undefined) return undefined;
    const line = verifiedMarker(markerLine(name, text), expected);
    return line === undefined ? undefined : [line];
  };
  const flag = (name: string): string[] | undefined => (value === true ? [markerLine(name)] : undefined);
  if (target === 'items' && !ITEMS_KEYWORDS.has(key)) return undefined;
  switch (key) {
    case 'maximum':
    case 'minimum':
    case 'multipleOf':
      return numeric && typeof value === 'number' && Number.isFinite(value) ? one(`${p}${key[0]?.toUpperCase()}${key.slice(1)}`, String(value), value) : undefined;
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return numeric && typeof value === 'boolean' ? one(`${p}${key === 'exclusiveMaximum' ? 'ExclusiveMaximum' : 'ExclusiveMinimum'}`, String(value), value) : undefined;
    case 'maxLength':
    case 'minLength':
      return stringish && isInt(value) ? one(`${p}${key === 'maxLength' ? 'MaxLength' : 'MinLength'}`, String(value), value) : undefined;
    case 'pattern':
      return stringish && typeof value === 'string' ? one(`${p}Pattern`, quoted(value), value) : undefined;
    case 'maxItems':
    case 'minItems':
      return kind.type === 'array' && isInt(value) ? one(`${p}${key === 'maxItems' ? 'MaxItems' : 'MinItems'}`, String(value), value) : undefined;
    case 'maxProperties':
    case 'minProperties':
      return kind.type === 'object' && isInt(value) ? one(`${p}${key === 'maxProperties' ? 'MaxProperties' : 'MinProperties'}`, String(value), value) : undefined;
    case 'enum':
      if (!Array.isArray(value) || value.length === 0 || !value.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) return undefined;
      return one(`${p}Enum`, value.map(anyText).join(';'), value);
    case 'format':
      return typeof value === 'string' ? one(`${p}Format`, quoted(value), value) : undefined;
    case 'type':
      return typeof value === 'string' ? one(`${p}Type`, value, value) : undefined;
    case 'x-kubernetes-preserve-unknown-fields':
      return flag(target === 'items' ? `${p}XPreserveUnknownFields` : 'kubebuilder:pruning:PreserveUnknownFields');
    case 'x-kubernetes-embedded-resource':
      return flag(`${p}XEmbeddedResource`);
    case 'x-kubernetes-int-or-string':
      return flag(`${p}XIntOrString`);
    case 'x-kubernetes-validations': {
      if (!Array.isArray(value)) return undefined;
      const lines = value.map((r) => (isJsonObject(r) ? validationLine(r, `${p}XValidation`) : undefined));
      return lines.every((l) => l !== undefined) ? (lines as string[]) : undefined;
    }
    case 'x-kubernetes-list-type':
      return kind.type === 'array' && typeof value === 'string' && ['atomic', 'set', 'map'].includes(value) ? [markerLine('listType', value)] : undefined;
    case 'x-kubernetes-list-map-keys': {
      if (kind.type !== 'array' || listType !== 'map' || !Array.isArray(value) || value.length === 0 || new Set(value).size !== value.length) return undefined;
      const lines = value.map((k) => (typeof k === 'string' ? verifiedMarker(markerLine('listMapKey', quoted(k)), k) : undefined));
      return lines.every((l) => l !== undefined) ? (lines as string[]) : undefined;
    }
    case 'x-kubernetes-map-type':
      return kind.type === 'object' && (value === 'atomic' || value === 'granular') ? [markerLine('mapType', value)] : undefined;
    case 'default':
      return target === 'field' ? one('default', jsonText(value), jsonText(value)) : undefined;
    case 'example':
      return target === 'field' ? one('kubebuilder:example', anyText(value), value) : undefined;
    case 'title':
      return typeof value === 'string' ? one('kubebuilder:title', quoted(value), value) : undefined;
    case 'externalDocs': {
      if (!isJsonObject(value) || typeof value.url !== 'string' || !URL.canParse(value.url)) return undefined;
      if (Object.keys(value).some((k) => k !== 'url' && k !== 'description') || (value.description !== undefined && typeof value.description !== 'string')) return undefined;
      const args: Arg[] = [['url', quoted(value.url)]];
      if (typeof value.description === 'string') args.push(['description', quoted(value.description)]);
      const line = verifiedMarker(markerLine('kubebuilder:externalDocs', args), value);
      return line === undefined ? undefined : [line];
    }
    default:
      return undefined;
  }
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
