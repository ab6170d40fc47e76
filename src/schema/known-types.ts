import { fileURLToPath } from 'node:url';
import type { JSONSchemaProps } from './json-schema.js';

/** OPERATOR_TS_TYPES lists the aliases of `operator-ts/types`, recognised by name because TypeScript erases them. */
export const OPERATOR_TS_TYPES = new Set([
  'int32',
  'int64',
  'float64',
  'Time',
  'MicroTime',
  'Duration',
  'Quantity',
  'IntOrString',
  'Bytes',
  'JSONValue',
  'RawExtension',
]);

const OWN_TYPES = [
  fileURLToPath(new URL('../types/index.ts', import.meta.url)),
  fileURLToPath(new URL('../types/index.d.ts', import.meta.url)),
  fileURLToPath(new URL('../../../dist/src/types/index.d.ts', import.meta.url)),
  fileURLToPath(new URL('../../dist/src/types/index.d.ts', import.meta.url)),
];

/** isOperatorTsTypesFile tells whether a declaration file is `operator-ts/types` (installed, or this package's own). */
export function isOperatorTsTypesFile(path: string): boolean {
  return /\/operator-ts\/(dist\/)?src\/types\/index\.(d\.)?ts$/.test(path) || OWN_TYPES.includes(path);
}

/** isClientNodeFile tells whether a declaration comes from @kubernetes/client-node. */
export function isClientNodeFile(path: string): boolean {
  return path.includes('/@kubernetes/client-node/');
}

/** QUANTITY_PATTERN is the regex controller-gen puts on resource.Quantity. */
export const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

/** TYPE_META_DESCRIPTIONS are metav1.TypeMeta's field docs, which controller-gen puts on every root kind. */
export const TYPE_META_DESCRIPTIONS = {
  apiVersion:
    'APIVersion defines the versioned schema of this representation of an object.\nServers should convert recognized schemas to the latest internal value, and\nmay reject unrecognized values.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources',
  kind: 'Kind is a string value representing the REST resource this object represents.\nServers may infer this from the endpoint the client submits requests to.\nCannot be updated.\nIn CamelCase.\nMore info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
} as const;

/** conditionSchema is metav1.Condition's schema exactly as controller-gen emits it (with its validations). */
export function conditionSchema(): JSONSchemaProps {
  return {
    description: 'Condition contains details for one aspect of the current state of this API Resource.',
    properties: {
      lastTransitionTime: {
        description:
          'lastTransitionTime is the last time the condition transitioned from one status to another.\nThis should be when the underlying condition changed.  If that is not known, then using the time when the API field changed is acceptable.',
        format: 'date-time',
        type: 'string',
      },
      message: {
        description:
          'message is a human readable message indicating details about the transition.\nThis may be an empty string.',
        maxLength: 32768,
        type: 'string',
      },
      observedGeneration: {
        description:
          'observedGeneration represents the .metadata.generation that the condition was set based upon.\nFor instance, if .metadata.generation is currently 12, but the .status.conditions[x].observedGeneration is 9, the condition is out of date\nwith respect to the current state of the instance.',
        format: 'int64',
        minimum: 0,
        type: 'integer',
      },
      reason: {
        description:
          "reason contains a programmatic identifier indicating the reason for the condition's last transition.\nProducers of specific condition types may define expected values and meanings for this field,\nand whether the values are considered a guaranteed API.\nThe value should be a CamelCase string.\nThis field may not be empty.",
        maxLength: 1024,
        minLength: 1,
        pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$',
        type: 'string',
      },
      status: {
        description: 'status of the condition, one of True, False, Unknown.',
        enum: ['True', 'False', 'Unknown'],
        type: 'string',
      },
      type: {
        description: 'type of condition in CamelCase or in foo.example.com/CamelCase.',
        maxLength: 316,
        pattern:
          '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$',
        type: 'string',
      },
    },
    required: ['lastTransitionTime', 'message', 'reason', 'status', 'type'],
    type: 'object',
  };
}

/** embeddedObjectMetaSchema is what `--embedded-object-meta` gives a nested ObjectMeta (controller-gen's generateEmbeddedObjectMeta). */
export function embeddedObjectMetaSchema(): JSONSchemaProps {
  const stringMap = { additionalProperties: { type: 'string' }, type: 'object' };
  return {
    properties: {
      annotations: stringMap,
      finalizers: { items: { type: 'string' }, type: 'array' },
      labels: { ...stringMap },
      name: { type: 'string' },
      namespace: { type: 'string' },
    },
    type: 'object',
  };
}
