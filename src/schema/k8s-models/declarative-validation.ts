// What controller-gen v0.23.0 writes for the markers of a Kubernetes Go struct field that the API server's
// OpenAPI does not publish: Kubernetes' declarative validation tags (+k8s:required, +k8s:maxItems,
// +k8s:minimum, +k8s:maximum, +k8s:immutable; the API server checks them in Go) and `+default`, which
// controller-gen reads as JSON and skips when it is `ref(<constant>)`. The rules follow
// sigs.k8s.io/controller-tools v0.23.0 pkg/crd/markers/validation.go and pkg/crd/schema.go (structToSchema).

import type { JSONSchemaProps } from '../json-schema.js';
import type { GoField } from './go-structs.js';

/**
 * GoSchemaType is the `type` controller-gen's field schema has when it applies the field's markers, before
 * named types are inlined: a field of a struct type, or of a named non-slice, non-map type of another
 * package, is a bare `$ref` there (`ref`).
 */
export type GoSchemaType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'ref';

/**
 * markerNames gives the names a marker is looked up by, as controller-tools' splitMarker and tryAnonLookup
 * do: the text before `=`, then that text without its last `:`-part. `+k8s:beta(since: "1.37")=+k8s:required`
 * is thus neither `k8s:required` nor anything controller-gen knows: wrapped tags are not applied.
 */
export function markerNames(marker: string): { anonymous: string; name: string; value: string | undefined } {
  const text = marker.startsWith('+') ? marker.slice(1) : marker;
  const at = text.indexOf('=');
  if (at < 0) return { anonymous: text, name: text, value: undefined };
  const anonymous = text.slice(0, at);
  const parts = anonymous.split(':');
  return { anonymous, name: parts.length > 1 ? parts.slice(0, -1).join(':') : anonymous, value: text.slice(at + 1) };
}

/**
 * findMarker returns the first marker controller-gen finds as definition `def`. Every definition used here
 * is found by its anonymous name (the whole text before `=`); none is a `name:field=value` form.
 */
function findMarker(markers: readonly string[], def: string): { value: string | undefined } | undefined {
  for (const m of markers) {
    const n = markerNames(m);
    if (n.anonymous === def) return { value: n.value };
  }
  return undefined;
}

/** hasMarker tells whether a field carries a marker controller-gen registers as `def`. */
export function hasMarker(markers: readonly string[], def: string): boolean {
  return findMarker(markers, def) !== undefined;
}

/** withoutTagComment drops a trailing `# comment` from a declarative validation tag's value, as controller-gen does. */
function withoutTagComment(value: string): string {
  const at = value.indexOf('#');
  return (at >= 0 ? value.slice(0, at) : value).trim();
}

/** DeclarativeProblem is a tag controller-gen would refuse, so no schema can match it. */
export class DeclarativeProblem extends Error {}

function numberOf(marker: string, value: string | undefined, integer: boolean): number {
  const text = withoutTagComment(value ?? '');
  const n = integer ? (/^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN) : text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(n))
    throw new DeclarativeProblem(`+${marker}=${value ?? ''}: not ${integer ? 'an integer' : 'a number'}`);
  return n;
}

/**
 * isRequiredField tells whether controller-gen lists a field in its struct's `required`: explicit
 * kubebuilder markers first, then `+optional`/`+k8s:optional`, then `+required`/`+k8s:required`, else
 * every field that is neither inlined nor omitempty/omitzero (k8s.io/api sets no package default).
 */
export function isRequiredField(field: GoField): boolean {
  const m = field.markers;
  if (hasMarker(m, 'kubebuilder:validation:Optional')) return false;
  if (hasMarker(m, 'kubebuilder:validation:Required')) return true;
  if (hasMarker(m, 'optional') || hasMarker(m, 'k8s:optional')) return false;
  if (hasMarker(m, 'required') || hasMarker(m, 'k8s:required')) return true;
  return !field.inline && !field.omitEmpty;
}

/** IMMUTABLE_RULE is the rule controller-gen's +k8s:immutable puts on the field. */
export const IMMUTABLE_RULE = { message: 'field is immutable', rule: 'self == oldSelf' } as const;

/**
 * fieldKeywords returns the schema keys controller-gen adds to a field for its declarative validation
 * tags, given the type its schema has then: +k8s:required sets minLength, minItems or minProperties (1) by
 * that type (minProperties on a `$ref`), +k8s:maxItems maxItems (arrays only), +k8s:minimum/+k8s:maximum
 * minimum/maximum (numbers only, integral on integers), +k8s:immutable an `self == oldSelf` rule.
 */
export function fieldKeywords(markers: readonly string[], type: GoSchemaType, where: string): JSONSchemaProps {
  const out: JSONSchemaProps = {};
  const numeric = type === 'integer' || type === 'number';
  for (const [def, key] of [
    ['k8s:minimum', 'minimum'],
    ['k8s:maximum', 'maximum'],
  ] as const) {
    const m = findMarker(markers, def);
    if (m === undefined) continue;
    if (!numeric)
      throw new DeclarativeProblem(`${where}: +${def} on a ${type}; controller-gen applies it to numbers only`);
    out[key] = numberOf(def, m.value, type === 'integer');
  }
  const maxItems = findMarker(markers, 'k8s:maxItems');
  if (maxItems !== undefined) {
    if (type !== 'array')
      throw new DeclarativeProblem(`${where}: +k8s:maxItems on a ${type}; controller-gen applies it to arrays only`);
    out.maxItems = numberOf('k8s:maxItems', maxItems.value, true);
  }
  if (hasMarker(markers, 'k8s:required')) {
    if (type === 'string') out.minLength = 1;
    else if (type === 'array') out.minItems = 1;
    else if (type === 'object' || type === 'ref') out.minProperties = 1;
  }
  if (hasMarker(markers, 'k8s:immutable')) out['x-kubernetes-validations'] = [{ ...IMMUTABLE_RULE }];
  return out;
}

/** KUBEBUILDER_SCHEMA are the kubebuilder schema markers k8s.io/api and apimachinery use (PortStatus, metav1.Condition). */
const KUBEBUILDER_SCHEMA = new Set([
  'kubebuilder:validation:MaxLength',
  'kubebuilder:validation:MinLength',
  'kubebuilder:validation:Pattern',
  'kubebuilder:validation:Minimum',
  'kubebuilder:validation:Enum',
  'kubebuilder:validation:Type',
  'kubebuilder:validation:Format',
]);
/** KUBEBUILDER_OTHER are kubebuilder field markers read elsewhere (required-ness, defaults). */
const KUBEBUILDER_OTHER = new Set([
  'kubebuilder:validation:Required',
  'kubebuilder:validation:Optional',
  'kubebuilder:default',
]);

/** enumEntry reads one `;`-separated value of +kubebuilder:validation:Enum: a quoted string or a bare word. */
function enumEntry(text: string, where: string): string {
  const t = text.trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(t)) return JSON.parse(t) as string;
  if (/^[A-Za-z][\w.-]*$/.test(t) && t !== 'true' && t !== 'false') return t;
  throw new DeclarativeProblem(
    `${where}: +kubebuilder:validation:Enum value ${t} is not a string the model data can hold`,
  );
}

/**
 * kubebuilderKeywords returns the keys controller-gen writes for the kubebuilder schema markers of a field:
 * `Type` first (it applies before the others), `MaxLength`/`MinLength`/`Pattern` on strings, `Minimum` on
 * numbers, `Enum` and `Format` as written. A kubebuilder marker of another kind is refused, since the data
 * would silently lack it.
 */
export function kubebuilderKeywords(
  markers: readonly string[],
  fieldType: GoSchemaType,
  where: string,
): JSONSchemaProps {
  const keys: JSONSchemaProps = {};
  for (const m of markers) {
    const n = markerNames(m).anonymous;
    if (n.startsWith('kubebuilder:') && !KUBEBUILDER_SCHEMA.has(n) && !KUBEBUILDER_OTHER.has(n))
      throw new DeclarativeProblem(`${where}: ${m} is a kubebuilder marker the model data does not apply`);
  }
  const type = findMarker(markers, 'kubebuilder:validation:Type')?.value ?? fieldType;
  if (type !== fieldType) keys.type = type;
  const textual = (marker: string): void => {
    if (type !== 'string')
      throw new DeclarativeProblem(`${where}: +${marker} on a ${type}; controller-gen applies it to strings only`);
  };
  const maxLength = findMarker(markers, 'kubebuilder:validation:MaxLength');
  if (maxLength !== undefined) {
    textual('kubebuilder:validation:MaxLength');
    keys.maxLength = numberOf('kubebuilder:validation:MaxLength', maxLength.value, true);
  }
  const minLength = findMarker(markers, 'kubebuilder:validation:MinLength');
  if (minLength !== undefined) {
    textual('kubebuilder:validation:MinLength');
    keys.minLength = numberOf('kubebuilder:validation:MinLength', minLength.value, true);
  }
  const pattern = findMarker(markers, 'kubebuilder:validation:Pattern');
  if (pattern !== undefined) {
    textual('kubebuilder:validation:Pattern');
    // controller-tools reads a backquoted value as a Go raw string.
    const raw = /^`([^`]*)`$/.exec(pattern.value ?? '');
    if (raw === null)
      throw new DeclarativeProblem(
        `${where}: +kubebuilder:validation:Pattern=${pattern.value ?? ''} is not a backquoted string`,
      );
    keys.pattern = raw[1];
  }
  const minimum = findMarker(markers, 'kubebuilder:validation:Minimum');
  if (minimum !== undefined) {
    if (type !== 'integer' && type !== 'number')
      throw new DeclarativeProblem(
        `${where}: +kubebuilder:validation:Minimum on a ${type}; controller-gen applies it to numbers only`,
      );
    keys.minimum = numberOf('kubebuilder:validation:Minimum', minimum.value, type === 'integer');
  }
  const enumMarker = findMarker(markers, 'kubebuilder:validation:Enum');
  if (enumMarker !== undefined) keys.enum = (enumMarker.value ?? '').split(';').map((v) => enumEntry(v, where));
  const format = findMarker(markers, 'kubebuilder:validation:Format');
  if (format !== undefined) keys.format = format.value ?? '';
  return keys;
}

/**
 * structRules returns the rules controller-gen puts on a struct for its optional +k8s:immutable fields:
 * the field rule does not run when the field is removed, so the struct forbids removing it once set.
 */
export function structRules(fields: readonly GoField[]): { message: string; rule: string }[] {
  return fields
    .filter((f) => !f.inline && hasMarker(f.markers, 'k8s:immutable') && !isRequiredField(f))
    .map((f) => ({
      message: `field ${f.json} is immutable once set`,
      rule: `!has(oldSelf.${f.json}) || has(self.${f.json})`,
    }));
}

/**
 * markerDefault is the default controller-gen writes for a field: the JSON value of its `+default` (or
 * `+kubebuilder:default`) marker, none for `+default=ref(<constant>)` (controller-gen cannot evaluate Go constants) or without the
 * marker. openapi-gen publishes more: `ref()` defaults resolved, and the zero value of fields without
 * omitempty or `{}` of struct values, which no marker asked for.
 */
export function markerDefault(markers: readonly string[], where: string): { value: unknown } | undefined {
  // +kubebuilder:default applies after +default and stomps it (its ApplyPriority is 10, +default's 9).
  const m = findMarker(markers, 'kubebuilder:default') ?? findMarker(markers, 'default');
  if (m === undefined || m.value === undefined) return undefined;
  if (m.value.trim().startsWith('ref(')) return undefined;
  try {
    return { value: JSON.parse(m.value) as unknown };
  } catch {
    throw new DeclarativeProblem(`${where}: the default ${m.value} is not JSON`);
  }
}
