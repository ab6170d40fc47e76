import { describe, expect, it } from 'vitest';
import { QUANTITY_PATTERN } from '../known-types.js';
import { buildModelData, renderModelModule } from './build-data.js';
import { parseGoFile } from './go-structs.js';
import { GoTypeIndex } from './go-type-index.js';
import { modelNames } from './model-names.js';
import { withoutEnumNote } from './reshape.js';

const ref = (d: string) => ({ $ref: `#/components/schemas/${d}` });

// A small OpenAPI v3 document in the shapes a kube-apiserver publishes, and client-node's view of it.
const DEFINITIONS = {
  'io.k8s.api.core.v1.LocalObjectReference': {
    type: 'object',
    properties: { name: { description: 'Name of the referent.', type: 'string', default: '' } },
    'x-kubernetes-map-type': 'atomic',
  },
  'io.k8s.api.core.v1.SecretEnvSource': {
    description: 'SecretEnvSource selects a Secret.',
    type: 'object',
    properties: {
      name: { description: 'Name of the referent.', type: 'string', default: '' },
      optional: { type: 'boolean' },
    },
  },
  'io.k8s.api.core.v1.ContainerPort': {
    description: 'ContainerPort represents a network port.',
    type: 'object',
    required: ['containerPort'],
    properties: {
      containerPort: { type: 'integer', format: 'int32', default: 0 },
      protocol: {
        description: 'Protocol for port.\n\nPossible enum values:\n - `"TCP"` is TCP.',
        type: 'string',
        default: 'TCP',
        enum: ['TCP'],
      },
      weight: { type: 'number', format: 'double' },
    },
  },
  'io.k8s.api.core.v1.Container': {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', default: '' },
      ports: {
        type: 'array',
        items: ref('io.k8s.api.core.v1.ContainerPort'),
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['containerPort', 'protocol'],
        'x-kubernetes-patch-merge-key': 'containerPort',
        'x-kubernetes-patch-strategy': 'merge',
      },
      resources: {
        description: 'Compute resources.',
        default: {},
        allOf: [ref('io.k8s.api.core.v1.ResourceRequirements')],
      },
    },
  },
  'io.k8s.api.core.v1.ResourceRequirements': {
    type: 'object',
    properties: {
      limits: { type: 'object', additionalProperties: ref('io.k8s.apimachinery.pkg.api.resource.Quantity') },
    },
  },
  'io.k8s.apimachinery.pkg.api.resource.Quantity': {
    description: 'Quantity is ...',
    oneOf: [{ type: 'string' }, { type: 'number' }],
  },
  'io.k8s.api.core.v1.EndpointPort': { type: 'object', properties: { port: { type: 'integer', format: 'int32' } } },
  'io.k8s.api.discovery.v1.EndpointPort': {
    type: 'object',
    properties: { port: { type: 'integer', format: 'int32' }, name: { type: 'string' } },
  },
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON': { description: 'JSON is any value.' },
};

const CLIENT_NODE = new Map([
  ['V1LocalObjectReference', ['name']],
  ['V1SecretEnvSource', ['name', 'optional']],
  ['V1ContainerPort', ['containerPort', 'protocol', 'hostIP']],
  ['V1Container', ['name', 'ports', 'resources']],
  ['V1ResourceRequirements', ['limits']],
  ['CoreV1EndpointPort', ['port']],
  ['DiscoveryV1EndpointPort', ['port', 'name']],
  // A model of an older release, when the name was not yet shared by two groups.
  ['V1EndpointPort', ['port', 'name']],
  ['V1beta3FlowSchema', ['spec']],
]);

describe('model names', () => {
  it("are client-node's: version and type, with the group where two groups share the name", () => {
    expect(Object.fromEntries(modelNames(Object.keys(DEFINITIONS)))).toMatchObject({
      'io.k8s.api.core.v1.Container': 'V1Container',
      'io.k8s.api.core.v1.EndpointPort': 'CoreV1EndpointPort',
      'io.k8s.api.discovery.v1.EndpointPort': 'DiscoveryV1EndpointPort',
      'io.k8s.apimachinery.pkg.api.resource.Quantity': 'ResourceQuantity',
      'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON': 'V1JSON',
    });
  });
});

describe('buildModelData', () => {
  const r = buildModelData({ kubernetesVersion: 'v1.37.2', definitions: DEFINITIONS, clientNodeModels: CLIENT_NODE });
  const m = r.data.models;

  it('reshapes each definition as controller-gen writes the Go type', () => {
    expect(m.V1ContainerPort).toEqual({
      description: 'ContainerPort represents a network port.',
      properties: {
        containerPort: { format: 'int32', type: 'integer' },
        protocol: { default: 'TCP', description: 'Protocol for port.', type: 'string' },
        weight: { type: 'number' },
      },
      required: ['containerPort'],
      type: 'object',
    });
    expect(m.V1Container?.properties?.ports).toEqual({
      items: { $ref: 'V1ContainerPort' },
      type: 'array',
      'x-kubernetes-list-map-keys': ['containerPort', 'protocol'],
      'x-kubernetes-list-type': 'map',
    });
    expect(m.V1Container?.properties?.resources).toEqual({
      $ref: 'V1ResourceRequirements',
      description: 'Compute resources.',
    });
    expect(m.V1Container?.properties?.name).toEqual({ type: 'string' });
    expect(m.ResourceQuantity).toEqual({
      anyOf: [{ type: 'integer' }, { type: 'string' }],
      pattern: QUANTITY_PATTERN,
      'x-kubernetes-int-or-string': true,
    });
    expect(m.V1JSON).toEqual({ 'x-kubernetes-preserve-unknown-fields': true });
  });

  it('keeps marker defaults: a zero value on an optional field', () => {
    expect(m.V1LocalObjectReference?.properties?.name).toEqual({
      default: '',
      description: 'Name of the referent.',
      type: 'string',
    });
  });

  it('makes a struct atomic that embeds an atomic struct of one field', () => {
    expect(m.V1SecretEnvSource?.['x-kubernetes-map-type']).toBe('atomic');
    expect(r.embeddedAtomic).toEqual(['V1SecretEnvSource embeds V1LocalObjectReference']);
  });

  it("maps client-node's names, reports the models Kubernetes no longer serves and the fields it dropped", () => {
    expect(r.data.aliases).toEqual({ V1EndpointPort: 'DiscoveryV1EndpointPort' });
    expect(r.unserved).toEqual(['V1beta3FlowSchema']);
    expect(r.removedFields).toEqual(['V1ContainerPort.hostIP']);
  });

  it('renders a module with one model per line in sorted order', () => {
    const text = renderModelModule(r.data, 'a test');
    const lines = text.split('\n').filter((l) => l.startsWith('  "'));
    expect(lines.map((l) => JSON.parse(l.slice(2).split(':')[0] as string) as string)).toEqual(Object.keys(m).sort());
    expect(text).toContain('export const KUBERNETES_VERSION = "v1.37.2";');
  });

  it('refuses a construct the data has no place for, instead of dropping it', () => {
    const odd = {
      'io.k8s.api.core.v1.Odd': {
        type: 'object',
        properties: { x: { type: 'string', 'x-kubernetes-something-new': true } },
      },
    };
    expect(() => buildModelData({ kubernetesVersion: 'v1', definitions: odd, clientNodeModels: new Map() })).toThrow(
      /Odd\.x: unexpected key x-kubernetes-something-new/,
    );
  });
});

describe('withoutEnumNote', () => {
  it("removes only openapi-gen's trailing paragraph", () => {
    expect(withoutEnumNote('Protocol.\n\nPossible enum values:\n - `"TCP"` is TCP.')).toBe('Protocol.');
    expect(withoutEnumNote('Possible enum values:\n - `"A"`')).toBe('');
    expect(withoutEnumNote('Mentions Possible enum values:\n inline')).toBe('Mentions Possible enum values:\n inline');
  });
});

describe('buildModelData with the Go types', () => {
  const GO = parseGoFile(`package v1

type LocalObjectReference struct {
	// +optional
	// +default=""
	Name string \`json:"name,omitempty"\`
}

type ContainerPort struct {
	ContainerPort int32 \`json:"containerPort"\`
	// +optional
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:MaxLength=8
	// +default="TCP"
	Protocol Protocol \`json:"protocol,omitempty"\`
	Weight float64 \`json:"weight,omitempty"\`
}

type Protocol string

type Container struct {
	// +k8s:required
	Name string \`json:"name"\`
	// +optional
	// +k8s:optional
	// +k8s:maxItems=16
	// +k8s:immutable
	Ports []ContainerPort \`json:"ports,omitempty"\`
	// +optional
	Resources ResourceRequirements \`json:"resources,omitempty"\`
}
`);
  const goTypes = new GoTypeIndex([{ path: 'k8s.io/api/core/v1', files: [GO] }]);
  const definitions = {
    ...DEFINITIONS,
    // openapi-gen's zero value for a field without omitempty, which no +default asked for.
    'io.k8s.api.core.v1.ContainerPort': {
      ...DEFINITIONS['io.k8s.api.core.v1.ContainerPort'],
      properties: {
        ...DEFINITIONS['io.k8s.api.core.v1.ContainerPort'].properties,
        weight: { type: 'number', default: 0 },
      },
    },
  };
  const r = buildModelData({ kubernetesVersion: 'v1.37.2', definitions, clientNodeModels: CLIENT_NODE, goTypes });
  const m = r.data.models;

  it("writes controller-gen's keys for the declarative validation tags of a field, and the struct rule of an optional immutable one", () => {
    expect(m.V1Container?.properties?.name).toEqual({ minLength: 1, type: 'string' });
    expect(m.V1Container?.properties?.ports).toMatchObject({
      maxItems: 16,
      'x-kubernetes-validations': [{ message: 'field is immutable', rule: 'self == oldSelf' }],
    });
    expect(m.V1Container?.['x-kubernetes-validations']).toEqual([
      { message: 'field ports is immutable once set', rule: '!has(oldSelf.ports) || has(self.ports)' },
    ]);
  });

  it('keeps the defaults of +default markers only', () => {
    expect(m.V1ContainerPort?.properties?.protocol?.default).toBe('TCP');
    expect(m.V1LocalObjectReference?.properties?.name?.default).toBe('');
    expect(m.V1ContainerPort?.properties?.weight).toEqual({ type: 'number' });
    expect(r.goMarkers.droppedDefaults).toEqual(['io.k8s.api.core.v1.ContainerPort.weight']);
  });

  it("follows controller-gen's required rule and writes the kubebuilder MaxLength of a field", () => {
    expect(m.V1ContainerPort?.required).toEqual(['containerPort', 'protocol']);
    expect(m.V1ContainerPort?.properties?.protocol?.maxLength).toBe(8);
    expect(r.goMarkers.requiredDiffers).toEqual(['io.k8s.api.core.v1.ContainerPort.protocol']);
  });

  it('counts the definitions no Go struct was read for, and leaves them as published', () => {
    expect(r.goMarkers.unmatched).toContain('io.k8s.api.core.v1.SecretEnvSource');
    expect(m.V1SecretEnvSource?.properties?.name).toEqual({
      default: '',
      description: 'Name of the referent.',
      type: 'string',
    });
  });
});
