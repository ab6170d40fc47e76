import { schemaFlag, schemaMarker, type SchemaMarker } from './schema-marker.js';

// Markers of the CRD object and its versions, as controller-tools defines them in pkg/crd/markers/crd.go:
// they touch no schema node; the CRD builder (src/schema/crd.ts) reads them from the kind.

/** CRD_MARKERS are the names, scope, subresources, columns, version flags and metadata of a CRD. */
export const CRD_MARKERS: readonly SchemaMarker[] = [
  schemaMarker({
    name: 'kubebuilder:resource',
    targets: ['type'],
    args: [
      { name: 'path', type: 'string', optional: true },
      { name: 'shortName', type: 'stringList', optional: true },
      { name: 'categories', type: 'stringList', optional: true },
      { name: 'singular', type: 'string', optional: true },
      { name: 'scope', type: 'string', optional: true, oneOf: ['Namespaced', 'Cluster'] },
    ],
    help: 'CRD names and scope.',
    example: '+kubebuilder:resource:path=memcacheds,shortName=mc,scope=Namespaced',
  }),
  schemaFlag('kubebuilder:subresource:status', ['type'], 'Enables the status subresource.'),
  schemaMarker({
    name: 'kubebuilder:subresource:scale',
    targets: ['type'],
    args: [
      { name: 'specpath', type: 'string' },
      { name: 'statuspath', type: 'string' },
      { name: 'selectorpath', type: 'string', optional: true },
    ],
    help: 'Enables the scale subresource.',
    example: '+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas',
  }),
  schemaMarker({
    name: 'kubebuilder:printcolumn',
    targets: ['type'],
    args: [
      { name: 'name', type: 'string' },
      { name: 'type', type: 'string', oneOf: ['integer', 'number', 'string', 'boolean', 'date'] },
      { name: 'JSONPath', type: 'string' },
      { name: 'description', type: 'string', optional: true },
      { name: 'format', type: 'string', optional: true },
      { name: 'priority', type: 'int', optional: true },
    ],
    help: 'Column shown by `kubectl get`; repeatable.',
    example: '+kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.ready`',
  }),
  schemaFlag('kubebuilder:storageversion', ['type'], 'This version is the storage version.'),
  schemaFlag('kubebuilder:unservedversion', ['type'], 'This version is not served.'),
  schemaMarker({
    name: 'kubebuilder:deprecatedversion',
    targets: ['type'],
    args: [{ name: 'warning', type: 'string', optional: true }],
    help: 'Marks this version deprecated.',
    example: '+kubebuilder:deprecatedversion:warning="use v2"',
  }),
  schemaFlag('kubebuilder:skipversion', ['type'], 'Leaves this version out of the CRD.'),
  schemaMarker({
    name: 'kubebuilder:selectablefield',
    targets: ['type'],
    args: [{ name: 'JSONPath', type: 'string' }],
    help: 'Field usable in field selectors; repeatable.',
    example: '+kubebuilder:selectablefield:JSONPath=`.spec.mode`',
  }),
  schemaMarker({
    name: 'kubebuilder:metadata',
    targets: ['type'],
    args: [
      { name: 'annotations', type: 'stringList', optional: true },
      { name: 'labels', type: 'stringList', optional: true },
    ],
    help: 'Annotations and labels (`key=value`) on the CRD object.',
    example: '+kubebuilder:metadata:annotations="api-approved.kubernetes.io=unapproved"',
  }),
];
