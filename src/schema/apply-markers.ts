import type { LocatedMarker } from '../markers/collect.js';
import type { JSONSchemaProps } from './json-schema.js';
import { re2SyntaxError } from './pattern.js';

/** MarkerReport records a problem with one marker. */
export type MarkerReport = (marker: LocatedMarker, message: string, hint: string) => void;

/** Markers handled elsewhere (required-ness, CRD assembly, package level); they do not touch the schema node. */
const NON_SCHEMA = new Set([
  'optional',
  'required',
  'k8s:optional',
  'kubebuilder:validation:Optional',
  'kubebuilder:validation:Required',
  'kubebuilder:object:root',
  'kubebuilder:object:generate',
  'kubebuilder:ac:generate',
  'kubebuilder:resource',
  'kubebuilder:subresource:status',
  'kubebuilder:subresource:scale',
  'kubebuilder:printcolumn',
  'kubebuilder:storageversion',
  'kubebuilder:unservedversion',
  'kubebuilder:deprecatedversion',
  'kubebuilder:skipversion',
  'kubebuilder:selectablefield',
  'kubebuilder:metadata',
  'kubebuilder:validation:Schemaless',
  'k8s:immutable',
  'k8s:enum',
]);

const V = 'kubebuilder:validation:';

/** Kubernetes' declarative validation spellings of validation markers (controller-gen registers both). */
const DECLARATIVE_ALIASES: Readonly<Record<string, string>> = { 'k8s:maxItems': `${V}MaxItems`, 'k8s:minimum': `${V}Minimum`, 'k8s:maximum': `${V}Maximum` };

function isNumeric(s: JSONSchemaProps): boolean {
  return s.type === 'integer' || s.type === 'number';
}
function isStringish(s: JSONSchemaProps): boolean {
  return s.type === 'string' || s['x-kubernetes-int-or-string'] === true;
}
function isObject(s: JSONSchemaProps): boolean {
  return s.type === 'object';
}
function typeName(s: JSONSchemaProps): string {
  if (s['x-kubernetes-int-or-string'] === true) return 'int-or-string';
  if (s.type === 'object' && s.additionalProperties !== undefined) return 'map';
  return s.type ?? 'untyped value';
}

/** pushValidation adds a CEL rule in a new list: a schema's arrays may be shared with other uses of its type. */
function pushValidation(s: JSONSchemaProps, rule: Record<string, unknown>): void {
  s['x-kubernetes-validations'] = [...((s['x-kubernetes-validations'] as unknown[] | undefined) ?? []), rule];
}

function oneOfRule(s: JSONSchemaProps, fields: string[], kind: string): string | undefined {
  if (!isObject(s)) return `${kind} applies to object types, not ${typeName(s)}`;
  for (const f of fields) {
    if (f.includes('.')) return `${kind} lists ${f}: only direct fields of the type may be listed`;
    if (s.properties?.[f] === undefined) return `${kind} lists ${f}, which is not a field of this type`;
    if (s.required?.includes(f)) return `${kind} lists ${f}, which is required`;
  }
  const list = `[${fields.join(' ')}]`;
  if (kind === 'AtLeastOneOf') {
    pushValidation(s, { message: `at least one of the fields in ${list} must be set`, rule: fields.map((f) => `has(self.${f})`).join('||') });
    return undefined;
  }
  // Spelled exactly as controller-gen spells it, so CRDs diff cleanly when a project migrates.
  const sum = fields.map((f) => `(has(self.${f})?1:0)`).join('+');
  if (kind === 'ExactlyOneOf') pushValidation(s, { message: `exactly one of the fields in ${list} must be set`, rule: `${sum} == 1` });
  else pushValidation(s, { message: `at most one of the fields in ${list} may be set`, rule: `${sum} <= 1` });
  return undefined;
}

/** fieldPathProblem tells why the apiserver would reject an XValidation fieldPath on this node (only the first step is checked). */
function fieldPathProblem(s: JSONSchemaProps, fieldPath: unknown): string | undefined {
  if (fieldPath === undefined) return undefined;
  const m = /^\.([A-Za-z_][A-Za-z0-9_]*)/.exec(String(fieldPath));
  if (m === null) return undefined;
  if (s.type !== 'object') return `XValidation fieldPath ${String(fieldPath)} points into a ${typeName(s)}, which has no fields`;
  if (s.properties !== undefined && s.properties[m[1] as string] === undefined && s.additionalProperties === undefined) {
    return `XValidation fieldPath ${String(fieldPath)} names no field of this type`;
  }
  return undefined;
}

/** applyOne applies one schema marker; it returns an error message (and fix) or undefined. */
function applyOne(s: JSONSchemaProps, name: string, value: unknown): [string, string] | undefined {
  const num = value as number;
  const need = (ok: boolean, what: string, hint: string): [string, string] | undefined => (ok ? undefined : [`${name.replace(V, '')} applies to ${what}, not ${typeName(s)}`, hint]);
  switch (name) {
    case `${V}Maximum`:
    case `${V}Minimum`:
    case `${V}MultipleOf`: {
      const err = need(isNumeric(s), 'numbers', 'use it on an int32, int64 or float64 field');
      if (err !== undefined) return err;
      if (s.type === 'integer' && !Number.isInteger(num)) return [`${name.replace(V, '')}=${num} is not an integer but the field is an integer`, 'use a whole number'];
      s[name === `${V}Maximum` ? 'maximum' : name === `${V}Minimum` ? 'minimum' : 'multipleOf'] = num;
      return undefined;
    }
    case `${V}ExclusiveMaximum`:
    case `${V}ExclusiveMinimum`: {
      const err = need(isNumeric(s), 'numbers', 'use it on an int32, int64 or float64 field');
      if (err !== undefined) return err;
      s[name === `${V}ExclusiveMaximum` ? 'exclusiveMaximum' : 'exclusiveMinimum'] = value;
      return undefined;
    }
    case `${V}MaxLength`:
    case `${V}MinLength`:
    case `${V}Pattern`: {
      const err = need(isStringish(s), 'strings', 'use it on a string field (or add XIntOrString)');
      if (err !== undefined) return err;
      if (name === `${V}Pattern`) {
        const problem = re2SyntaxError(value as string);
        if (problem !== undefined) {
          return [`Pattern ${JSON.stringify(value)} is not a regular expression the API server accepts (Go RE2 syntax): ${problem}`, 'fix the regex (RE2 has no lookaround or back-references); write it back-quoted: Pattern=`^[a-z]+$`'];
        }
      }
      s[name === `${V}MaxLength` ? 'maxLength' : name === `${V}MinLength` ? 'minLength' : 'pattern'] = value;
      return undefined;
    }
    case `${V}MaxItems`:
    case `${V}MinItems`: {
      const err = need(s.type === 'array', 'arrays', s.type === 'object' ? 'use MinProperties/MaxProperties on maps and objects' : 'use it on an array field');
      if (err !== undefined) return err;
      s[name === `${V}MaxItems` ? 'maxItems' : 'minItems'] = num;
      return undefined;
    }
    case `${V}UniqueItems`:
      if (value === true) return ['UniqueItems=true is rejected by the apiserver (structural schemas forbid uniqueItems)', 'use +listType=set for a list of unique scalars, or +listType=map with +listMapKey'];
      return need(s.type === 'array', 'arrays', 'use it on an array field');
    case `${V}MaxProperties`:
    case `${V}MinProperties`: {
      const err = need(isObject(s), 'objects and maps', 'use MinItems/MaxItems on arrays');
      if (err !== undefined) return err;
      s[name === `${V}MaxProperties` ? 'maxProperties' : 'minProperties'] = num;
      return undefined;
    }
    case `${V}Enum`:
      s.enum = value;
      return undefined;
    case `${V}Format`:
      s.format = value;
      return undefined;
    case `${V}Type`:
      if (!['string', 'integer', 'number', 'boolean', 'object', 'array'].includes(value as string)) return [`Type=${String(value)} is not an OpenAPI type`, 'use string, integer, number, boolean, object or array'];
      s.type = value as string;
      return undefined;
    case `${V}XPreserveUnknownFields`:
    case 'kubebuilder:pruning:PreserveUnknownFields':
      s['x-kubernetes-preserve-unknown-fields'] = true;
      return undefined;
    case `${V}XEmbeddedResource`:
    case `${V}EmbeddedResource`:
      s['x-kubernetes-embedded-resource'] = true;
      return undefined;
    case `${V}XIntOrString`:
      s['x-kubernetes-int-or-string'] = true;
      return undefined;
    case `${V}XValidation`: {
      const v = value as Record<string, unknown>;
      const bad = fieldPathProblem(s, v.fieldPath);
      if (bad !== undefined) return [bad, 'fieldPath is relative to the node the rule stands on: put the rule on the enclosing type and name one of its fields (fieldPath=".name")'];
      const rule: Record<string, unknown> = { rule: v.rule };
      for (const k of ['message', 'messageExpression', 'reason', 'fieldPath', 'optionalOldSelf']) if (v[k] !== undefined) rule[k] = v[k];
      pushValidation(s, rule);
      return undefined;
    }
    case `${V}ExactlyOneOf`:
    case `${V}AtMostOneOf`:
    case `${V}AtLeastOneOf`: {
      const msg = oneOfRule(s, value as string[], name.replace(V, ''));
      return msg === undefined ? undefined : [msg, 'list the JSON names of optional fields declared directly in this type'];
    }
    case 'k8s:required':
      // Kubernetes' declarative `required` also means "not empty" (controller-gen's K8sRequired).
      if (s.type === 'string' && s.minLength === undefined) s.minLength = 1;
      else if (s.type === 'array' && s.minItems === undefined) s.minItems = 1;
      else if (s.type === 'object' && s.minProperties === undefined) s.minProperties = 1;
      return undefined;
    case 'nullable':
      s.nullable = true;
      return undefined;
    case 'kubebuilder:default':
      s.default = s.type === 'array' && value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0 ? [] : value;
      return undefined;
    case 'default': {
      const raw = String(value).trim();
      if (raw.startsWith('ref(')) return undefined;
      try {
        s.default = JSON.parse(raw) as unknown;
      } catch {
        return [`+default=${raw} is not valid JSON`, 'write JSON (strings in double quotes), or use +kubebuilder:default'];
      }
      return undefined;
    }
    case 'kubebuilder:example':
      s.example = value;
      return undefined;
    case 'kubebuilder:title':
      if (typeof value !== 'string') return [`title must be a string, got ${JSON.stringify(value)}`, 'quote it: +kubebuilder:title="..."'];
      s.title = value;
      return undefined;
    case 'kubebuilder:externalDocs': {
      const v = value as { url: string; description?: string };
      try {
        new URL(v.url);
      } catch {
        return [`externalDocs url ${JSON.stringify(v.url)} is not a valid URL`, 'use an absolute URL such as https://example.com/docs'];
      }
      s.externalDocs = v.description === undefined ? { url: v.url } : { description: v.description, url: v.url };
      return undefined;
    }
    case 'listType':
    case 'k8s:listType': {
      const err = need(s.type === 'array', 'arrays', 'use +mapType/+structType on objects');
      if (err !== undefined) return err;
      s['x-kubernetes-list-type'] = value;
      return undefined;
    }
    case 'listMapKey':
    case 'k8s:listMapKey': {
      const err = need(s.type === 'array', 'arrays', 'use it with +listType=map on an array of objects');
      if (err !== undefined) return err;
      // A new list: a schema's arrays may be shared with other uses of its type.
      const keys = (s['x-kubernetes-list-map-keys'] as string[] | undefined) ?? [];
      s['x-kubernetes-list-map-keys'] = keys.includes(value as string) ? keys : [...keys, value as string];
      return undefined;
    }
    case 'mapType':
    case 'structType': {
      const err = need(isObject(s), name === 'mapType' ? 'maps' : 'objects', 'use +listType on arrays');
      if (err !== undefined) return err;
      s['x-kubernetes-map-type'] = value;
      return undefined;
    }
    case 'operator-ts:schema': {
      let raw: unknown;
      try {
        raw = JSON.parse(String(value));
      } catch {
        return [`+operator-ts:schema=${String(value)} is not valid JSON`, 'write one JSON object on the marker line, e.g. +operator-ts:schema={"oneOf":[{"required":["a"]},{"required":["b"]}]}'];
      }
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [`+operator-ts:schema must be a JSON object of schema keywords, got ${String(value)}`, 'write the keywords as an object, e.g. {"default":80}'];
      Object.assign(s, raw);
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * applyMarkers applies the schema markers of one node in controller-gen's priority order (Type,
 * XIntOrString and listType first, `items:` markers last) and reports every misuse.
 */
export function applyMarkers(schema: JSONSchemaProps, markers: readonly LocatedMarker[], target: 'type' | 'field', report: MarkerReport): JSONSchemaProps {
  let s = schema;
  if (markers.some((m) => m.def.name === `${V}Schemaless`)) s = {};
  const sorted = [...markers].sort((a, b) => a.def.priority - b.def.priority);
  for (const m of sorted) {
    if (!m.def.targets.includes(target)) {
      const where = m.def.targets.filter((t) => t !== 'package');
      report(m, `${m.text} applies to ${where.map((t) => `${t}s`).join(' and ') || 'folders (package level)'}, not ${target}s`, where.includes('type') ? 'put it on the type declaration' : where.includes('field') ? 'put it on a field' : 'put it in a comment of any file of the folder, not above a declaration');
      continue;
    }
    if (NON_SCHEMA.has(m.def.name)) continue;
    if (m.def.name.startsWith(`${V}items:`)) {
      if (s.type !== 'array' || s.items === undefined) {
        report(m, `${m.text} applies to arrays, not ${typeName(s)}`, `drop "items:" to apply it to the field itself`);
        continue;
      }
      const inner = m.def.name.replace('items:', '');
      const items = { ...s.items };
      const err = applyOne(items, inner, m.value);
      if (err !== undefined) report(m, `${err[0]} (array items)`, err[1]);
      else s = { ...s, items };
      continue;
    }
    const err = applyOne(s, DECLARATIVE_ALIASES[m.def.name] ?? m.def.name, m.value);
    if (err !== undefined) report(m, err[0], err[1]);
  }
  const keys = s['x-kubernetes-list-map-keys'];
  if (keys !== undefined && s['x-kubernetes-list-type'] !== 'map') {
    const m = markers.find((x) => x.def.name.endsWith('listMapKey'));
    if (m !== undefined) report(m, `${m.text} needs +listType=map`, 'add +listType=map to the same field or type');
  }
  return s;
}
