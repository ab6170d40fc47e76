import type { SourceLocation } from '../../errors/diagnostic.js';
import type { JSONSchemaProps } from '../json-schema.js';
import type { IrProperty, IrType, NamedDecl } from '../model.js';
import { K8S_MODELS_VERSION, allModelNames, modelSchema } from './load.js';

/**
 * Schema keys of a model's property that describe the field itself rather than its type: topology,
 * defaults, and what controller-gen writes for Kubernetes' declarative validation tags on the field.
 */
const FIELD_KEYS = [
  'default',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'maxItems',
  'minItems',
  'minLength',
  'minProperties',
  'minimum',
  'maximum',
  'maxLength',
  'pattern',
  'x-kubernetes-validations',
] as const;

/** isObjectModel tells a model that is a named struct (walked as a type of its own) from one inlined where used. */
function isObjectModel(s: JSONSchemaProps): boolean {
  return (
    s.type === 'object' && s['x-kubernetes-preserve-unknown-fields'] !== true && s.additionalProperties === undefined
  );
}

/** kindOf strips the group and version from a model name: `V1beta1ClusterTrustBundle` → `ClusterTrustBundle`. */
function kindOf(model: string): string {
  return model
    .replace(/^[A-Z][a-z]*?V\d+(?:(?:alpha|beta)\d+)?(?=[A-Z])/, '')
    .replace(/^V\d+(?:(?:alpha|beta)\d+)?(?=[A-Z])/, '');
}

/**
 * K8sModelIr builds the intermediate type of `@kubernetes/client-node` models from Kubernetes' own
 * schema (the model data), so that the generator needs none of client-node's declaration files. One
 * instance per generator run: each model becomes one {@link NamedDecl}, located where it is first used.
 */
export class K8sModelIr {
  private readonly decls = new Map<string, NamedDecl>();

  /** decl returns the named type of a model; a model the data lacks is a located error naming the fix. */
  decl(model: string, at: SourceLocation): NamedDecl {
    const existing = this.decls.get(model);
    if (existing !== undefined) return existing;
    const schema = modelSchema(model);
    const decl: NamedDecl = {
      name: model,
      markers: [],
      doc: [],
      loc: at,
      external: true,
      type: { kind: 'object', properties: [] },
    };
    this.decls.set(model, decl);
    if (schema === undefined) {
      decl.type = this.missing(model, at);
      return decl;
    }
    if (schema.description !== undefined) decl.description = schema.description;
    if (model === 'V1ObjectMeta') {
      decl.type = { kind: 'object', properties: [], known: 'ObjectMeta' };
      return decl;
    }
    decl.type = isObjectModel(schema) ? this.objectOf(schema, at) : this.typeOf(schema, at);
    return decl;
  }

  private missing(model: string, at: SourceLocation): IrType {
    const version = K8S_MODELS_VERSION;
    if (kindOf(model) === model) {
      return {
        kind: 'error',
        message: `${model} from @kubernetes/client-node is no Kubernetes API type, so it has no schema`,
        hint: 'API types are data only: use a model (V1...) or a type of your own',
        loc: at,
      };
    }
    const kind = kindOf(model);
    const others = allModelNames().filter((n) => n !== model && kindOf(n) === kind);
    const instead =
      others.length > 0
        ? `use ${others.join(' or ')}, which Kubernetes ${version} serves, `
        : 'use a model of an API version Kubernetes serves, ';
    return {
      kind: 'error',
      message: `${model} from @kubernetes/client-node has no schema in Kubernetes ${version}, whose OpenAPI operator-ts generates client-node models from (its API version is no longer served)`,
      hint: `${instead}or type the field as JSONValue from 'operator-ts/types' with +kubebuilder:pruning:PreserveUnknownFields`,
      loc: at,
    };
  }

  private objectOf(schema: JSONSchemaProps, at: SourceLocation): IrType {
    const required = new Set(schema.required ?? []);
    const properties: IrProperty[] = Object.entries(schema.properties ?? {}).map(([name, p]) =>
      this.property(name, p, required.has(name), at),
    );
    const mapType = schema['x-kubernetes-map-type'];
    const object: IrType & { kind: 'object' } =
      mapType === 'atomic' || mapType === 'granular'
        ? { kind: 'object', properties, mapType }
        : { kind: 'object', properties };
    const rules = schema['x-kubernetes-validations'];
    if (Array.isArray(rules)) object.rules = structuredClone(rules) as Record<string, unknown>[];
    return object;
  }

  private property(name: string, schema: JSONSchemaProps, required: boolean, at: SourceLocation): IrProperty {
    const prop: IrProperty = {
      name,
      optional: !required,
      type: this.typeOf(schema, at),
      markers: [],
      doc: [],
      loc: at,
      folderOptional: false,
    };
    if (schema.description !== undefined) prop.description = schema.description;
    const extra: Record<string, unknown> = {};
    for (const k of FIELD_KEYS) if (schema[k] !== undefined) extra[k] = structuredClone(schema[k]);
    if (Object.keys(extra).length > 0) prop.extra = extra;
    return prop;
  }

  private typeOf(schema: JSONSchemaProps, at: SourceLocation, goStruct = false): IrType {
    const ref = schema.$ref as string | undefined;
    if (ref !== undefined) {
      const target = modelSchema(ref);
      if (target === undefined) throw new Error(`model data: $ref ${ref} names no model`);
      if (isObjectModel(target) || ref === 'V1ObjectMeta') return { kind: 'named', decl: this.decl(ref, at) };
      return this.typeOf(target, at, true);
    }
    if (schema['x-kubernetes-int-or-string'] === true)
      return { kind: 'intOrString', quantity: schema.pattern !== undefined };
    if (schema['x-kubernetes-preserve-unknown-fields'] === true)
      return { kind: 'preserveUnknown', object: schema.type === 'object' };
    switch (schema.type) {
      case 'string':
      case 'integer':
      case 'number':
      case 'boolean': {
        // +k8s:enum types: controller-gen lists the string constants of the type (see declarative-validation.ts).
        if (Array.isArray(schema.enum) && schema.type === 'string')
          return { kind: 'enum', base: 'string', values: schema.enum as string[] };
        const p: IrType & { kind: 'primitive' } = { kind: 'primitive', type: schema.type };
        if (typeof schema.format === 'string') p.format = schema.format;
        if (goStruct) p.goStruct = true;
        return p;
      }
      case 'array':
        return {
          kind: 'array',
          items:
            schema.items === undefined ? { kind: 'preserveUnknown', object: false } : this.typeOf(schema.items, at),
        };
      case 'object':
        if (typeof schema.additionalProperties === 'object')
          return { kind: 'map', values: this.typeOf(schema.additionalProperties, at) };
        return this.objectOf(schema, at);
      default:
        throw new Error(`model data: a schema without a type: ${JSON.stringify(schema).slice(0, 200)}`);
    }
  }
}
