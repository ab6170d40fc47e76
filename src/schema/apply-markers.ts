import type { LocatedMarker } from '../markers/collect.js';
import { misplacement } from '../markers/definition.js';
import type { JSONSchemaProps } from './json-schema.js';
import { isSchemaMarker, priorityOf, type SchemaMarker, type SchemaNode } from './markers/schema-marker.js';

/** MarkerReport records a problem with one marker. */
export type MarkerReport = (marker: LocatedMarker, message: string, hint: string) => void;

function schemaMarkerOf(m: LocatedMarker): SchemaMarker | undefined {
  return isSchemaMarker(m.def) ? m.def : undefined;
}

/**
 * applyMarkers applies the markers of one node in controller-gen's priority order (Type, XIntOrString and
 * listType first, `items:` markers last), each by its own applyToSchema, and reports every misuse: a
 * marker where it may not stand, a marker that does not fit the node, and the checks of the whole node.
 */
export function applyMarkers(
  schema: JSONSchemaProps,
  markers: readonly LocatedMarker[],
  target: 'type' | 'field',
  report: MarkerReport,
): JSONSchemaProps {
  const node: SchemaNode = { schema: markers.some((m) => schemaMarkerOf(m)?.emptiesSchema === true) ? {} : schema };
  const sorted = [...markers].sort((a, b) => priorityOf(a.def) - priorityOf(b.def));
  for (const m of sorted) {
    const misplaced = misplacement(m.def, m.text, target);
    if (misplaced !== undefined) {
      report(m, ...misplaced);
      continue;
    }
    const err = schemaMarkerOf(m)?.applyToSchema?.(node, m.value, m);
    if (err !== undefined) report(m, ...err);
  }
  const verified = new Set<SchemaMarker['verify']>();
  for (const m of markers) {
    const verify = schemaMarkerOf(m)?.verify;
    if (verify === undefined || verified.has(verify)) continue;
    verified.add(verify);
    const err = verify(node.schema, m);
    if (err !== undefined) report(m, ...err);
  }
  return node.schema;
}
