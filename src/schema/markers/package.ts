import { schemaFlag, schemaMarker, type SchemaMarker } from './schema-marker.js';

// Markers that tell which folders and types are API kinds, as controller-tools reads them in
// pkg/crd/markers/package.go (groupName, versionName, skip) and pkg/crd/parser.go (object:root):
// kind discovery (src/schema/discover-kinds.ts) reads them.

/** KIND_MARKERS are the markers of API group, version and kind discovery. */
export const KIND_MARKERS: readonly SchemaMarker[] = [
  schemaMarker({
    name: 'groupName',
    targets: ['package'],
    value: 'string',
    help: 'API group of every kind in the folder.',
    example: '+groupName=cache.example.com',
  }),
  schemaMarker({
    name: 'versionName',
    targets: ['package'],
    value: 'string',
    help: 'API version of the folder (default: the folder name).',
    example: '+versionName=v1',
  }),
  schemaFlag('kubebuilder:skip', ['package'], 'Ignores the folder for CRD generation (internal hub versions).'),
  schemaMarker({
    name: 'kubebuilder:object:root',
    targets: ['type'],
    value: 'bool',
    help: 'Not needed for a kind, which is found by its shape (see Kinds below). It also makes a kind of a type whose metadata is not V1ObjectMeta. On a type that is no kind (a spec) it does nothing, as in controller-gen, which reads it only to generate DeepCopyObject: a warning says so (lists carry it silently).',
    example: '+kubebuilder:object:root=true',
  }),
];
