import type { LocatedMarker } from '../../markers/collect.js';
import type { MarkerDefinition } from '../../markers/definition.js';
import type { JSONSchemaProps } from '../json-schema.js';

/** MarkerProblem is what is wrong with one use of a marker, and how to fix it. */
export type MarkerProblem = readonly [message: string, hint: string];

/** SchemaNode holds the schema a marker applies to; a marker may replace it (the items of an array get a copy). */
export interface SchemaNode {
  schema: JSONSchemaProps;
}

/**
 * SchemaMarker is a marker that the schema generator reads, with its behaviour beside its definition, as
 * controller-tools' pkg/crd/markers types carry ApplyToSchema and ApplyPriority.
 */
export interface SchemaMarker extends MarkerDefinition {
  /** Application order on a schema node; lower runs first (controller-gen's ApplyPriority). */
  readonly priority: number;
  /** applyToSchema changes the node for the marker's value, or says why the marker does not fit the node. */
  readonly applyToSchema?: (node: SchemaNode, value: unknown, marker: LocatedMarker) => MarkerProblem | undefined;
  /**
   * verify checks the node once every marker of it has applied (a list map key needs a map list). Markers
   * sharing one verify function are checked once, at the first of them.
   */
  readonly verify?: (schema: JSONSchemaProps, marker: LocatedMarker) => MarkerProblem | undefined;
  /** Whether the marker makes a field optional or required. */
  readonly requiredness?: 'optional' | 'required';
  /** Whether the marker lets the type be `unknown`/`any` (a schema that keeps unknown fields). */
  readonly allowsUnknown?: boolean;
  /** Whether the marker empties the node before any marker applies (Schemaless), wherever it stands. */
  readonly emptiesSchema?: boolean;
}

/** DEFAULT_PRIORITY is the application order of most markers, and of markers that do not touch the schema. */
export const DEFAULT_PRIORITY = 10;

/** isSchemaMarker tells whether a definition is a {@link SchemaMarker}. */
export function isSchemaMarker(def: MarkerDefinition): def is SchemaMarker {
  return 'priority' in def;
}

/** priorityOf is a marker's application order; markers of other generators sort as the default. */
export function priorityOf(def: MarkerDefinition): number {
  return isSchemaMarker(def) ? def.priority : DEFAULT_PRIORITY;
}

/** SchemaMarkerSpec is a {@link SchemaMarker} as written: the priority may be left to the default. */
export type SchemaMarkerSpec = Omit<SchemaMarker, 'priority'> & { readonly priority?: number };

/** schemaMarker defines a marker of the schema generator. */
export function schemaMarker(spec: SchemaMarkerSpec): SchemaMarker {
  return { ...spec, priority: spec.priority ?? DEFAULT_PRIORITY };
}

/** schemaFlag defines a schema marker without a value (`+name`). */
export function schemaFlag(
  name: string,
  targets: MarkerDefinition['targets'],
  help: string,
  behaviour: Omit<SchemaMarkerSpec, keyof MarkerDefinition> = {},
): SchemaMarker {
  return schemaMarker({ name, targets, help, example: `+${name}`, ...behaviour });
}

/** isNumeric tells whether a node holds numbers. */
export function isNumeric(s: JSONSchemaProps): boolean {
  return s.type === 'integer' || s.type === 'number';
}

/** isStringish tells whether a node holds strings (or strings and integers). */
export function isStringish(s: JSONSchemaProps): boolean {
  return s.type === 'string' || s['x-kubernetes-int-or-string'] === true;
}

/** isObject tells whether a node is an object or a map. */
export function isObject(s: JSONSchemaProps): boolean {
  return s.type === 'object';
}

/** typeName names what a node holds, for messages. */
export function typeName(s: JSONSchemaProps): string {
  if (s['x-kubernetes-int-or-string'] === true) return 'int-or-string';
  if (s.type === 'object' && s.additionalProperties !== undefined) return 'map';
  return s.type ?? 'untyped value';
}

/** applies is the problem of a marker used on a node it does not apply to (`MaxItems applies to arrays, not string`). */
export function applies(
  ok: boolean,
  marker: string,
  what: string,
  s: JSONSchemaProps,
  hint: string,
): MarkerProblem | undefined {
  return ok ? undefined : [`${marker} applies to ${what}, not ${typeName(s)}`, hint];
}

/** pushValidation adds a CEL rule in a new list: a schema's arrays may be shared with other uses of its type. */
export function pushValidation(s: JSONSchemaProps, rule: Record<string, unknown>): void {
  s['x-kubernetes-validations'] = [...((s['x-kubernetes-validations'] as unknown[] | undefined) ?? []), rule];
}

/** requirednessOf tells whether a marker makes a field optional or required, if it says either. */
export function requirednessOf(def: MarkerDefinition): SchemaMarker['requiredness'] {
  return isSchemaMarker(def) ? def.requiredness : undefined;
}

/** allowsUnknownOf tells whether a marker lets the type it stands on be `unknown`/`any`. */
export function allowsUnknownOf(def: MarkerDefinition): boolean {
  return isSchemaMarker(def) && def.allowsUnknown === true;
}
