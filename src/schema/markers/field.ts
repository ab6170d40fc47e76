import type { MarkerTarget } from '../../markers/definition.js';
import { schemaFlag, schemaMarker, type MarkerProblem, type SchemaMarker, type SchemaNode } from './schema-marker.js';
import { validationApply } from './validation.js';

// Field markers: required-ness, nullability, defaults and examples, documentation, embedded and unknown
// fields, as controller-tools defines them in pkg/crd/markers/validation.go and pkg/crd/markers/crd.go.

const P = 'kubebuilder:validation:';
const TF: readonly MarkerTarget[] = ['type', 'field'];

/** k8sRequired: Kubernetes' declarative `required` also means "not empty" (controller-gen's K8sRequired). */
function k8sRequired({ schema: s }: SchemaNode): undefined {
  if (s.type === 'string' && s.minLength === undefined) s.minLength = 1;
  else if (s.type === 'array' && s.minItems === undefined) s.minItems = 1;
  else if (s.type === 'object' && s.minProperties === undefined) s.minProperties = 1;
  return undefined;
}

function markerDefault({ schema: s }: SchemaNode, value: unknown): undefined {
  // `{}` is the empty list as well as the empty map in marker syntax: on an array it is the list.
  s.default =
    s.type === 'array' &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
      ? []
      : value;
  return undefined;
}

function jsonDefault({ schema: s }: SchemaNode, value: unknown): MarkerProblem | undefined {
  const raw = String(value).trim();
  if (raw.startsWith('ref(')) return undefined;
  try {
    s.default = JSON.parse(raw) as unknown;
  } catch {
    return [`+default=${raw} is not valid JSON`, 'write JSON (strings in double quotes), or use +kubebuilder:default'];
  }
  return undefined;
}

function title({ schema: s }: SchemaNode, value: unknown): MarkerProblem | undefined {
  if (typeof value !== 'string')
    return [`title must be a string, got ${JSON.stringify(value)}`, 'quote it: +kubebuilder:title="..."'];
  s.title = value;
  return undefined;
}

function externalDocs({ schema: s }: SchemaNode, value: unknown): MarkerProblem | undefined {
  const v = value as { url: string; description?: string };
  try {
    new URL(v.url);
  } catch {
    return [
      `externalDocs url ${JSON.stringify(v.url)} is not a valid URL`,
      'use an absolute URL such as https://example.com/docs',
    ];
  }
  s.externalDocs = v.description === undefined ? { url: v.url } : { description: v.description, url: v.url };
  return undefined;
}

function set(key: string, value?: unknown): (node: SchemaNode, v: unknown) => undefined {
  return ({ schema: s }, v) => void (s[key] = value ?? v);
}

/** rawSchema merges the JSON object of `+operator-ts:schema` into the node. */
function rawSchema({ schema: s }: SchemaNode, value: unknown): MarkerProblem | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(String(value));
  } catch {
    return [
      `+operator-ts:schema=${String(value)} is not valid JSON`,
      'write one JSON object on the marker line, e.g. +operator-ts:schema={"oneOf":[{"required":["a"]},{"required":["b"]}]}',
    ];
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return [
      `+operator-ts:schema must be a JSON object of schema keywords, got ${String(value)}`,
      'write the keywords as an object, e.g. {"default":80}',
    ];
  Object.assign(s, raw);
  return undefined;
}

/**
 * FIELD_MARKERS are the markers of required-ness, nullability, defaults, examples, documentation and
 * unknown fields, with the declarative-validation spellings of three validation markers (controller-gen
 * registers both).
 */
export const FIELD_MARKERS: readonly SchemaMarker[] = [
  schemaFlag(
    `${P}Optional`,
    ['package', 'field'],
    'On a field: not required. In a folder: fields are optional by default.',
    { requiredness: 'optional' },
  ),
  schemaFlag(`${P}Required`, ['package', 'field'], 'On a field: required even with `?`.', { requiredness: 'required' }),
  schemaFlag('optional', ['field'], 'The field is not required.', { requiredness: 'optional' }),
  schemaFlag('required', ['field'], 'The field is required.', { requiredness: 'required' }),
  schemaFlag('k8s:optional', ['field'], 'The field is not required.', { requiredness: 'optional' }),
  schemaFlag(
    'k8s:required',
    ['field'],
    'The field is required and, as in controller-gen, not empty unless a bound is given: strings get minLength 1, lists minItems 1, maps and objects minProperties 1; so do Time, Duration, Quantity, IntOrString and JSONValue, which controller-gen sees as references to Go structs.',
    { requiredness: 'required', applyToSchema: k8sRequired },
  ),
  schemaFlag('nullable', ['field'], 'Adds `nullable: true`.', { applyToSchema: set('nullable', true) }),
  schemaMarker({
    name: 'k8s:maxItems',
    targets: ['field'],
    value: 'int',
    help: 'Declarative-validation spelling of +kubebuilder:validation:MaxItems.',
    example: '+k8s:maxItems=10',
    applyToSchema: validationApply('MaxItems'),
  }),
  schemaMarker({
    name: 'k8s:minimum',
    targets: ['field'],
    value: 'number',
    help: 'Declarative-validation spelling of +kubebuilder:validation:Minimum.',
    example: '+k8s:minimum=0',
    applyToSchema: validationApply('Minimum'),
  }),
  schemaMarker({
    name: 'k8s:maximum',
    targets: ['field'],
    value: 'number',
    help: 'Declarative-validation spelling of +kubebuilder:validation:Maximum.',
    example: '+k8s:maximum=100',
    applyToSchema: validationApply('Maximum'),
  }),
  schemaMarker({
    name: 'kubebuilder:default',
    targets: ['field'],
    value: 'any',
    help: 'Default value in marker syntax (`{a,b}` list, `{k: v}` map).',
    example: '+kubebuilder:default=3',
    applyToSchema: markerDefault,
  }),
  schemaMarker({
    name: 'default',
    targets: ['field'],
    value: 'raw',
    priority: 9,
    help: 'Kubernetes-style default as JSON; `ref(...)` values are ignored.',
    example: '+default="Always"',
    applyToSchema: jsonDefault,
  }),
  schemaMarker({
    name: 'kubebuilder:example',
    targets: ['field'],
    value: 'any',
    help: 'Example value for documentation.',
    example: '+kubebuilder:example="nginx:1.27"',
    applyToSchema: set('example'),
  }),
  schemaMarker({
    name: 'kubebuilder:title',
    targets: TF,
    value: 'any',
    help: 'Schema title (must be a string).',
    example: '+kubebuilder:title="Replicas"',
    applyToSchema: title,
  }),
  schemaMarker({
    name: 'kubebuilder:externalDocs',
    targets: TF,
    args: [
      { name: 'url', type: 'string' },
      { name: 'description', type: 'string', optional: true },
    ],
    help: 'Link to external documentation.',
    example: '+kubebuilder:externalDocs:url="https://example.com/docs",description="More"',
    applyToSchema: externalDocs,
  }),
  schemaFlag(`${P}EmbeddedResource`, ['field'], 'Adds `x-kubernetes-embedded-resource: true`.', {
    applyToSchema: set('x-kubernetes-embedded-resource', true),
  }),
  schemaFlag(`${P}Schemaless`, ['field'], 'Leaves the field schema empty (add Type etc. yourself); allows `unknown`.', {
    emptiesSchema: true,
    allowsUnknown: true,
  }),
  schemaFlag(
    'kubebuilder:pruning:PreserveUnknownFields',
    TF,
    'Adds `x-kubernetes-preserve-unknown-fields: true`; allows `unknown`.',
    { applyToSchema: set('x-kubernetes-preserve-unknown-fields', true), allowsUnknown: true },
  ),
  // The rules of k8s:immutable stand on the field and on its parent object: the emitter writes them.
  schemaFlag('k8s:immutable', ['field'], 'Field cannot change once set (CEL `self == oldSelf`).'),
];

/** ENUM_MARKER makes the values of a string enum or literal-union type its `enum` (the emitter checks the type). */
export const ENUM_MARKER: SchemaMarker = schemaFlag(
  'k8s:enum',
  ['type'],
  'On a string enum or literal-union type: its values become `enum`.',
);

/** RAW_SCHEMA_MARKER is operator-ts' escape hatch: OpenAPI keywords merged after every other marker. */
export const RAW_SCHEMA_MARKER: SchemaMarker = schemaMarker({
  name: 'operator-ts:schema',
  targets: TF,
  value: 'raw',
  priority: 30,
  help: 'JSON object of OpenAPI keywords merged into the schema after every other marker: the escape hatch `operator-ts import crd` writes for what no marker says (oneOf, anyOf, not, defaults of list items...).',
  example: '+operator-ts:schema={"oneOf":[{"required":["a"]},{"required":["b"]}]}',
  applyToSchema: rawSchema,
});
