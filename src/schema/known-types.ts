import { existsSync, readFileSync } from 'node:fs';
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
        description: 'message is a human readable message indicating details about the transition.\nThis may be an empty string.',
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
        pattern: '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$',
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

/**
 * CLIENT_NODE_QUANTITY_FIELDS: client-node types quantities as plain strings (maps of strings), so the
 * generator recognises Quantity fields of its models by property name, as Kubernetes declares them.
 */
export const CLIENT_NODE_QUANTITY_FIELDS = new Set(['limits', 'requests', 'capacity', 'allocatable', 'hard', 'used', 'allocatedResources', 'overhead', 'sizeLimit', 'divisor']);

function listMap(fields: readonly string[], keys: readonly string[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(fields.map((f) => [f, { 'x-kubernetes-list-map-keys': [...keys], 'x-kubernetes-list-type': 'map' }]));
}

function defaults(models: readonly string[], field: string, value: unknown): Record<string, Record<string, unknown>> {
  return Object.fromEntries(models.map((m) => [`${m}.${field}`, { default: value }]));
}

/**
 * CLIENT_NODE_FIELD_SCHEMA holds what Kubernetes declares on core type fields with markers (`+listType`,
 * `+listMapKey`, `+default`) and client-node's models do not carry, keyed by `<Model>.<property>`. It is
 * merged into the field's schema. A partial table: the fields operator CRDs embed most often.
 */
export const CLIENT_NODE_FIELD_SCHEMA: Readonly<Record<string, Record<string, unknown>>> = {
  ...listMap(['V1PodSpec.containers', 'V1PodSpec.initContainers', 'V1PodSpec.ephemeralContainers'], ['name']),
  ...listMap(['V1PodSpec.imagePullSecrets', 'V1PodSpec.resourceClaims', 'V1PodSpec.schedulingGates', 'V1PodSpec.volumes', 'V1ResourceRequirements.claims'], ['name']),
  ...listMap(['V1Container.env', 'V1EphemeralContainer.env'], ['name']),
  ...listMap(['V1Container.volumeMounts', 'V1EphemeralContainer.volumeMounts'], ['mountPath']),
  ...listMap(['V1Container.volumeDevices', 'V1EphemeralContainer.volumeDevices'], ['devicePath']),
  ...listMap(['V1Container.ports', 'V1EphemeralContainer.ports'], ['containerPort', 'protocol']),
  ...listMap(['V1PodSpec.hostAliases'], ['ip']),
  ...listMap(['V1PodSpec.topologySpreadConstraints'], ['topologyKey', 'whenUnsatisfiable']),
  ...listMap(['V1ServiceSpec.ports'], ['port', 'protocol']),
  'V1ContainerRestartRuleOnExitCodes.values': { 'x-kubernetes-list-type': 'set' },
  'V1PodFailurePolicyOnExitCodesRequirement.values': { 'x-kubernetes-list-type': 'set' },
  'V1PodSpec.nodeSelector': { 'x-kubernetes-map-type': 'atomic' },
  'V1ContainerPort.protocol': { default: 'TCP' },
  'V1ServicePort.protocol': { default: 'TCP' },
  ...defaults(['V1LocalObjectReference', 'V1SecretKeySelector', 'V1ConfigMapKeySelector', 'V1SecretEnvSource', 'V1ConfigMapEnvSource', 'V1ConfigMapVolumeSource', 'V1ConfigMapProjection', 'V1SecretProjection'], 'name', ''),
  'V1FileKeySelector.optional': { default: false },
  'V1GRPCAction.service': { default: '' },
  'V1AzureDiskVolumeSource.fsType': { default: 'ext4' },
  'V1AzureDiskVolumeSource.readOnly': { default: false },
  'V1ISCSIVolumeSource.iscsiInterface': { default: 'default' },
  'V1RBDVolumeSource.keyring': { default: '/etc/ceph/keyring' },
  'V1RBDVolumeSource.pool': { default: 'rbd' },
  'V1RBDVolumeSource.user': { default: 'admin' },
  'V1ScaleIOVolumeSource.fsType': { default: 'xfs' },
  'V1ScaleIOVolumeSource.storageMode': { default: 'ThinProvisioned' },
};

/** CLIENT_NODE_ATOMIC_STRUCTS are core types Kubernetes marks `+structType=atomic` (`x-kubernetes-map-type: atomic`). */
export const CLIENT_NODE_ATOMIC_STRUCTS = new Set([
  'V1LocalObjectReference',
  'V1SecretKeySelector',
  'V1ConfigMapKeySelector',
  'V1ObjectFieldSelector',
  'V1ResourceFieldSelector',
  'V1LabelSelector',
  'V1TypedLocalObjectReference',
  'V1NodeSelector',
  'V1NodeSelectorTerm',
  'V1SecretEnvSource',
  'V1ConfigMapEnvSource',
  'V1ObjectReference',
  'V1FileKeySelector',
  // These embed LocalObjectReference inline, so its +structType=atomic applies to them as a whole.
  'V1ConfigMapVolumeSource',
  'V1ConfigMapProjection',
  'V1SecretProjection',
]);

interface AttributeInfo {
  name: string;
  baseName: string;
  type: string;
  format: string;
}

const attributeCache = new Map<string, Map<string, AttributeInfo>>();

/**
 * clientNodeAttributes reads a client-node model's `attributeTypeMap` (the OpenAPI format of each
 * property: int32, int64, date-time, byte, int-or-string, ...) from the compiled model next to its `.d.ts`.
 */
export function clientNodeAttributes(declarationFile: string, className: string): Map<string, AttributeInfo> {
  const key = `${declarationFile}#${className}`;
  const cached = attributeCache.get(key);
  if (cached !== undefined) return cached;
  const out = new Map<string, AttributeInfo>();
  const jsFile = declarationFile.replace(/\.d\.ts$/, '.js');
  if (existsSync(jsFile)) {
    const text = readFileSync(jsFile, 'utf8');
    const start = text.indexOf(`${className}.attributeTypeMap = [`);
    if (start >= 0) {
      const open = text.indexOf('[', start);
      const close = text.indexOf('];', open);
      try {
        const list = JSON.parse(text.slice(open, close + 1)) as AttributeInfo[];
        for (const a of list) out.set(a.baseName, a);
      } catch {
        // An unexpected layout leaves the map empty; formats then fall back to rules by type.
      }
    }
  }
  attributeCache.set(key, out);
  return out;
}
