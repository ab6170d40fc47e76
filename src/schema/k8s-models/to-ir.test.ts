import { describe, expect, it } from 'vitest';
import { SchemaEmitter } from '../emit.js';
import type { JSONSchemaProps } from '../json-schema.js';
import type { NamedDecl } from '../model.js';
import { K8sModelIr } from './to-ir.js';

const AT = { file: 'api/v1/widget.types.ts', line: 1, column: 1 };

/** emitModel renders a model as the schema of a field `spec` of a root kind. */
function emitModel(model: string): JSONSchemaProps {
  const ir = new K8sModelIr();
  const root: NamedDecl = {
    name: 'Widget',
    markers: [],
    doc: [],
    loc: AT,
    external: false,
    type: {
      kind: 'object',
      properties: ['apiVersion', 'kind'].map((name) => ({
        name,
        optional: true,
        type: { kind: 'primitive', type: 'string' },
        markers: [],
        doc: [],
        loc: AT,
        folderOptional: false,
      })),
    },
  };
  if (root.type.kind === 'object')
    root.type.properties.push(
      {
        name: 'metadata',
        optional: true,
        type: { kind: 'named', decl: ir.decl('V1ObjectMeta', AT) },
        markers: [],
        doc: [],
        loc: AT,
        folderOptional: false,
      },
      {
        name: 'spec',
        optional: true,
        type: { kind: 'named', decl: ir.decl(model, AT) },
        markers: [],
        doc: [],
        loc: AT,
        folderOptional: false,
      },
    );
  const emitter = new SchemaEmitter({ embeddedObjectMeta: false });
  const schema = emitter.emitRoot(root);
  expect(emitter.diagnostics).toEqual([]);
  return schema.properties?.spec as JSONSchemaProps;
}

describe("client-node models carry what controller-gen writes for Kubernetes' Go markers", () => {
  it('declarative validation tags of fields, and the struct rules of optional immutable fields', () => {
    const s = emitModel('V1JobSchedulingConfiguration');
    expect(s['x-kubernetes-validations']).toEqual([
      {
        message: 'field schedulingConstraints is immutable once set',
        rule: '!has(oldSelf.schedulingConstraints) || has(self.schedulingConstraints)',
      },
      {
        message: 'field disruptionMode is immutable once set',
        rule: '!has(oldSelf.disruptionMode) || has(self.disruptionMode)',
      },
      {
        message: 'field resourceClaims is immutable once set',
        rule: '!has(oldSelf.resourceClaims) || has(self.resourceClaims)',
      },
    ]);
    const claims = s.properties?.resourceClaims as JSONSchemaProps;
    expect(claims.maxItems).toBe(4);
    expect(claims['x-kubernetes-validations']).toEqual([{ message: 'field is immutable', rule: 'self == oldSelf' }]);
    expect((claims.items as JSONSchemaProps).properties?.name?.minLength).toBe(1);
  });

  it('the values of a +k8s:enum type, and no default that only openapi-gen gives', () => {
    const s = emitModel('V1VolumeHealthCondition');
    expect(s.properties?.status).toMatchObject({
      enum: ['DataLoss', 'Degraded', 'Inaccessible'],
      minLength: 1,
      type: 'string',
    });
    const azure = emitModel('V1AzureDiskVolumeSource');
    expect(azure.properties?.cachingMode?.default).toBeUndefined();
    expect(azure.properties?.fsType?.default).toBe('ext4');
  });

  it('the kubebuilder markers of k8s.io/api fields, and their required-ness by the kubebuilder marker', () => {
    const s = emitModel('V1PortStatus');
    expect(s.properties?.error).toMatchObject({
      maxLength: 316,
      pattern: expect.stringMatching(/^\^/) as unknown,
      type: 'string',
    });
    expect(s.required).toEqual(['error', 'port', 'protocol']);
  });
});
