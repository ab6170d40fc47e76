import type { MarkerDefinition } from '../../../markers/definition.js';
import type { MarkerRegistry } from '../../../markers/registry.js';

/**
 * CSV_MARKER is operator-sdk's marker for owned-CRD descriptions and spec/status descriptors
 * (operator-sdk internal/generate/clusterserviceversion/bases/definitions/markers.go, registerMarkers).
 */
export const CSV_MARKER: MarkerDefinition = {
  name: 'operator-sdk:csv:customresourcedefinitions',
  targets: ['type', 'field'],
  args: [
    { name: 'type', type: 'string', optional: true, oneOf: ['spec', 'status'] },
    { name: 'displayName', type: 'string', optional: true },
    { name: 'xDescriptors', type: 'stringList', optional: true },
    { name: 'resources', type: 'anyList', optional: true },
    { name: 'order', type: 'int', optional: true },
  ],
  help: 'OLM CSV: on a kind, its owned-CRD entry (displayName, resources={{Kind,version,name}}, order); on a field below spec/status, a descriptor (type=spec|status, displayName, xDescriptors, order). Read by `generate bundle`; repeatable.',
  example:
    '+operator-sdk:csv:customresourcedefinitions:type=spec,displayName="Size",xDescriptors={"urn:alm:descriptor:com.tectonic.ui:podCount"}',
};

/** registerCsvMarkers adds the markers of the CSV generator to a registry, as operator-sdk's registerMarkers does. */
export function registerCsvMarkers(into: MarkerRegistry): MarkerRegistry {
  return into.register(CSV_MARKER);
}
