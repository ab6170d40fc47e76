import type { MarkerRegistry } from '../../markers/registry.js';
import { CRD_MARKERS } from './crd.js';
import { ENUM_MARKER, FIELD_MARKERS, RAW_SCHEMA_MARKER } from './field.js';
import { KIND_MARKERS } from './package.js';
import type { SchemaMarker } from './schema-marker.js';
import { TOPOLOGY_MARKERS } from './topology.js';
import { ONE_OF_MARKERS, VALIDATION_MARKERS } from './validation.js';

/** SCHEMA_MARKERS is every marker the CRD generator reads: kind discovery, schema nodes and the CRD object. */
export const SCHEMA_MARKERS: readonly SchemaMarker[] = [
  ...KIND_MARKERS,
  ...FIELD_MARKERS,
  ...ONE_OF_MARKERS,
  ENUM_MARKER,
  ...TOPOLOGY_MARKERS,
  ...VALIDATION_MARKERS,
  ...CRD_MARKERS,
  RAW_SCHEMA_MARKER,
];

/** registerSchemaMarkers adds the markers of the CRD generator to a registry, as controller-tools' crd.Generator.RegisterMarkers does. */
export function registerSchemaMarkers(into: MarkerRegistry): MarkerRegistry {
  return into.register(...SCHEMA_MARKERS);
}
