/** TypeMapping is one TypeScript type and the schema `operator-ts generate` gives a field of that type. */
export interface TypeMapping {
  /** The TypeScript field type as written in an API type (may use `Item`, declared in {@link TYPE_MAPPING_PRELUDE}). */
  ts: string;
  /** The field's schema (without description); `undefined` when the type is rejected. */
  schema?: Record<string, unknown>;
  /** The Go type controller-gen maps the same way. */
  go: string;
  note?: string;
}

/**
 * TYPE_MAPPING_PRELUDE declares the helper types the examples use; REFERENCE.md shows it and the test of
 * this table compiles it with every example.
 */
export const TYPE_MAPPING_PRELUDE = `import type { V1Condition, V1LocalObjectReference } from '@kubernetes/client-node';
import type { int, int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Item is an object type. */
export interface Item { name: string; port?: int32 }
/** Phase is a TypeScript string enum. */
export enum Phase { Pending = 'Pending', Running = 'Running' }
/** Pair is a generic object type. */
export interface Pair<T> { left: T; right?: T }
/** Stamp is a class that JSON.stringify writes through its toJSON(). */
export class Stamp { #at = 0; toJSON(): int64 { return this.#at; } }
/** Base is a class with an ES private field and a static member. */
export class Base { name!: string; #id = ''; static count = 0; }
/** Named is a class extending Base. */
export class Named extends Base { zone?: string; }`;

const quantityPattern =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';
const item = {
  properties: { name: { type: 'string' }, port: { format: 'int32', type: 'integer' } },
  required: ['name'],
  type: 'object',
};

/** TYPE_MAPPINGS lists how TypeScript types map to OpenAPI schemas, in the order REFERENCE.md shows them. */
export const TYPE_MAPPINGS: readonly TypeMapping[] = [
  { ts: 'string', go: 'string', schema: { type: 'string' } },
  { ts: 'boolean', go: 'bool', schema: { type: 'boolean' } },
  {
    ts: 'int',
    go: 'int',
    schema: { type: 'integer' },
    note: 'no format, as Go int; prefer int32 or int64 in new APIs',
  },
  { ts: 'int32', go: 'int32', schema: { format: 'int32', type: 'integer' } },
  { ts: 'int64', go: 'int64', schema: { format: 'int64', type: 'integer' } },
  { ts: 'float64', go: 'float64 (crd:allowDangerousTypes)', schema: { type: 'number' } },
  { ts: 'number', go: '-', note: 'rejected: say which integer or float type with int, int32, int64 or float64' },
  { ts: 'Time', go: 'metav1.Time', schema: { format: 'date-time', type: 'string' } },
  { ts: 'MicroTime', go: 'metav1.MicroTime', schema: { format: 'date-time', type: 'string' } },
  {
    ts: 'Date',
    go: 'metav1.Time',
    schema: { format: 'date-time', type: 'string' },
    note: 'a string on the wire; prefer Time',
  },
  { ts: 'Duration', go: 'metav1.Duration', schema: { type: 'string' } },
  { ts: 'Bytes', go: '[]byte', schema: { format: 'byte', type: 'string' } },
  {
    ts: 'Quantity',
    go: 'resource.Quantity',
    schema: {
      anyOf: [{ type: 'integer' }, { type: 'string' }],
      pattern: quantityPattern,
      'x-kubernetes-int-or-string': true,
    },
  },
  {
    ts: 'IntOrString',
    go: 'intstr.IntOrString',
    schema: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true },
  },
  { ts: 'JSONValue', go: 'apiextensionsv1.JSON', schema: { 'x-kubernetes-preserve-unknown-fields': true } },
  {
    ts: 'RawExtension',
    go: 'runtime.RawExtension',
    schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
  },
  {
    ts: 'string[]',
    go: '[]string',
    schema: { items: { type: 'string' }, type: 'array' },
    note: 'also Array<T>, ReadonlyArray<T>, readonly T[]',
  },
  { ts: 'Item[]', go: '[]Item', schema: { items: item, type: 'array' } },
  {
    ts: '[int64, int64, int64]',
    go: '[3]int64',
    schema: { items: { format: 'int64', type: 'integer' }, type: 'array' },
    note: 'a tuple of one type is an array, without a length, as a Go array; tuples of mixed types are rejected',
  },
  {
    ts: 'Record<string, int32>',
    go: 'map[string]int32',
    schema: { additionalProperties: { format: 'int32', type: 'integer' }, type: 'object' },
    note: 'also { [key: string]: T }',
  },
  {
    ts: 'Record<Phase, string>',
    go: 'map[Phase]string',
    schema: { additionalProperties: { type: 'string' }, type: 'object' },
    note: 'keys of any string type: an alias (or chain of aliases) of string, a string enum, a union of string literals; also { [k in K]?: T }',
  },
  {
    ts: 'Item',
    go: 'Item (struct)',
    schema: item,
    note: 'interface, object type alias or class; `p: T` is required, `p?: T` optional',
  },
  {
    ts: "Item['port']",
    go: "the field's type",
    schema: { format: 'int32', type: 'integer' },
    note: "the type of a field of another type (`V1ContainerPort['protocol']` for a Kubernetes type client-node does not name), without that field's markers; of a map, its values",
  },
  {
    ts: '{ host: string; port?: int32 }',
    go: 'a named struct',
    schema: {
      properties: { host: { type: 'string' }, port: { format: 'int32', type: 'integer' } },
      required: ['host'],
      type: 'object',
    },
    note: 'inline object types are allowed',
  },
  {
    ts: 'Pair<string>',
    go: 'a struct per instantiation',
    schema: { properties: { left: { type: 'string' }, right: { type: 'string' } }, required: ['left'], type: 'object' },
    note: 'generic types are instantiated',
  },
  {
    ts: 'Item & { zone?: string }',
    go: 'embedded struct (json:",inline")',
    schema: {
      properties: { name: { type: 'string' }, port: { format: 'int32', type: 'integer' }, zone: { type: 'string' } },
      required: ['name'],
      type: 'object',
    },
    note: 'also `interface X extends A, B`',
  },
  { ts: "'Always' | 'Never'", go: 'string + Enum marker', schema: { enum: ['Always', 'Never'], type: 'string' } },
  { ts: '1 | 2 | 4', go: 'int + Enum marker', schema: { enum: [1, 2, 4], type: 'integer' } },
  {
    ts: 'Phase',
    go: 'string type + Enum marker',
    schema: { enum: ['Pending', 'Running'], type: 'string' },
    note: 'TypeScript string enum',
  },
  { ts: 'true | false', go: 'bool', schema: { type: 'boolean' } },
  { ts: "'gold' | 'silver' | string", go: 'string', schema: { type: 'string' }, note: 'known values, but open' },
  { ts: 'string | null', go: '*string + +nullable', schema: { nullable: true, type: 'string' } },
  {
    ts: 'URL',
    go: 'a type with MarshalJSON or MarshalText',
    schema: { type: 'string' },
    note: 'a type with a `toJSON()` method, own or inherited, is what toJSON() returns, as JSON.stringify writes it (the built-in URL is a string); its fields are not walked',
  },
  {
    ts: 'Stamp',
    go: 'a type with MarshalJSON and +kubebuilder:validation:Type',
    schema: { format: 'int64', type: 'integer' },
    note: 'toJSON() must declare its return type',
  },
  {
    ts: 'Named',
    go: 'a struct embedding another',
    schema: { properties: { name: { type: 'string' }, zone: { type: 'string' } }, required: ['name'], type: 'object' },
    note: 'a class has the fields of its base class and its own, without ES private fields (`#x`) and static members, which JSON.stringify leaves out',
  },
  {
    ts: 'V1Condition[]',
    go: '[]metav1.Condition',
    schema: { items: { $ref: 'metav1.Condition' }, type: 'array' },
    note: "also Condition from 'operator-ts/types'; metav1.Condition's schema with its validations",
  },
  {
    ts: 'V1LocalObjectReference',
    go: 'corev1.LocalObjectReference',
    schema: {
      properties: { name: { default: '', type: 'string' } },
      type: 'object',
      'x-kubernetes-map-type': 'atomic',
    },
    note: "@kubernetes/client-node models take Kubernetes' own schema (the pinned kube-apiserver's /openapi/v3): list and map topology, defaults, formats, descriptions",
  },
  {
    ts: 'unknown',
    go: 'interface{}',
    note: 'rejected unless the field has +kubebuilder:pruning:PreserveUnknownFields or +kubebuilder:validation:Schemaless; also any, object',
  },
  { ts: 'string | int32', go: '-', note: 'rejected: use IntOrString, or a union of literals' },
  {
    ts: 'Item | Pair<string>',
    go: '-',
    note: 'rejected: unions of objects are not structural; use optional fields and +kubebuilder:validation:ExactlyOneOf',
  },
];
