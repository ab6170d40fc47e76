import type { LocatedMarker } from '../markers/collect.js';
import type { Diagnostic, SourceLocation } from '../errors/diagnostic.js';
import { applyMarkers } from './apply-markers.js';
import { allowsUnknownOf, requirednessOf } from './markers/schema-marker.js';
import { descriptionFromDoc } from './description.js';
import type { JSONSchemaProps } from './json-schema.js';
import { QUANTITY_PATTERN, TYPE_META_DESCRIPTIONS, conditionSchema, embeddedObjectMetaSchema } from './known-types.js';
import type { IrProperty, IrType, NamedDecl } from './model.js';

/** EmitOptions are the schema generator options (controller-gen's crd generator options). */
export interface EmitOptions {
  /** Give nested ObjectMeta fields name/namespace/labels/annotations/finalizers (generateEmbeddedObjectMeta). */
  embeddedObjectMeta: boolean;
}

function isOptional(m: LocatedMarker): boolean {
  return requirednessOf(m.def) === 'optional';
}
function isRequiredMarker(m: LocatedMarker): boolean {
  return requirednessOf(m.def) === 'required';
}
function allowsUnknown(m: LocatedMarker): boolean {
  return allowsUnknownOf(m.def);
}

/**
 * SchemaEmitter turns the intermediate type model into structural OpenAPI v3 schemas, fully inlined,
 * applying type markers where a named type is used and field markers on top, and collects diagnostics.
 */
export class SchemaEmitter {
  readonly diagnostics: Diagnostic[] = [];
  private readonly seen = new Set<string>();
  private readonly stack: NamedDecl[] = [];
  /**
   * The schema of each client-node model, emitted once per run and shared by every use: a pod template is
   * the same in every kind. Uses get a shallow copy, so a field's own keys (description, markers) stay its
   * own; nothing below the top is changed after emission (see limitedDescriptions), which lets the YAML
   * writer render a shared subtree once.
   */
  private readonly external = new Map<string, JSONSchemaProps>();

  constructor(private readonly options: EmitOptions) {}

  private report(at: SourceLocation, message: string, hint: string): void {
    const key = `${at.file}:${at.line}:${at.column}:${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diagnostics.push({ ...at, severity: 'error', message, hint });
  }

  private markerReport = (m: LocatedMarker, message: string, hint: string): void => this.report(m.loc, message, hint);

  /** emitRoot renders the openAPIV3Schema of a root kind. */
  emitRoot(decl: NamedDecl): JSONSchemaProps {
    const props = objectProperties(decl.type);
    if (props === undefined) {
      this.report(
        decl.loc,
        `root kind ${decl.name} is not an object type`,
        'declare it as an interface with apiVersion, kind, metadata, spec and status',
      );
      return { type: 'object' };
    }
    const names = new Set(props.map((p) => p.name));
    const missing = ['apiVersion', 'kind', 'metadata'].filter((n) => !names.has(n));
    if (missing.length > 0) {
      this.report(
        decl.loc,
        `root kind ${decl.name} lacks ${missing.join(', ')}`,
        'a +kubebuilder:object:root=true type needs apiVersion?: string, kind?: string and metadata?: V1ObjectMeta',
      );
    }
    this.stack.push(decl);
    const schema = this.objectSchema(props, decl.name, true);
    this.stack.pop();
    const applied = applyMarkers(schema, decl.markers, 'type', this.markerReport);
    const desc = decl.description ?? descriptionFromDoc(decl.doc);
    if (desc !== '') applied.description = desc;
    return applied;
  }

  private objectSchema(props: readonly IrProperty[], path: string, root: boolean): JSONSchemaProps {
    const properties: Record<string, JSONSchemaProps> = {};
    const required: string[] = [];
    const parentRules: Record<string, unknown>[] = [];
    for (const p of props) {
      const fieldPath = path === '' ? p.name : `${path}.${p.name}`;
      if (root && (p.name === 'apiVersion' || p.name === 'kind')) {
        properties[p.name] = { description: TYPE_META_DESCRIPTIONS[p.name], type: 'string' };
        continue;
      }
      if (root && p.name === 'metadata') {
        properties[p.name] = { type: 'object' };
        continue;
      }
      properties[p.name] = this.property(p, fieldPath);
      const isRequired = requiredOf(p);
      if (isRequired) required.push(p.name);
      if (p.markers.some((m) => m.def.name === 'k8s:immutable') && !isRequired) {
        parentRules.push({
          message: `field ${p.name} is immutable once set`,
          rule: `!has(oldSelf.${p.name}) || has(self.${p.name})`,
        });
      }
    }
    const schema: JSONSchemaProps = { type: 'object' };
    if (Object.keys(properties).length > 0) schema.properties = properties;
    if (required.length > 0) schema.required = required.sort();
    if (parentRules.length > 0) schema['x-kubernetes-validations'] = parentRules;
    return schema;
  }

  private property(p: IrProperty, path: string): JSONSchemaProps {
    const allow = p.markers.some(allowsUnknown);
    let s = this.emitType(p.type, path, allow);
    if (p.extra !== undefined) {
      // A field's rules come after its type's, as controller-gen's flattening appends them.
      const { 'x-kubernetes-validations': rules, ...keys } = structuredClone(p.extra);
      Object.assign(s, keys);
      if (Array.isArray(rules))
        s['x-kubernetes-validations'] = [
          ...((s['x-kubernetes-validations'] as unknown[] | undefined) ?? []),
          ...(rules as unknown[]),
        ];
    }
    const fromType = p.type.kind === 'named' && p.markers.length > 0 ? boundsOf(s) : undefined;
    // controller-gen's +k8s:required sees a `$ref` on a Go struct with its own schema (metav1.Time,
    // resource.Quantity, intstr.IntOrString, apiextensionsv1.JSON...) and gives it minProperties, whatever
    // the type the reference stands for (pkg/crd/markers/validation.go K8sRequired).
    const requiredRef = isGoStructRef(p.type) ? p.markers.find((m) => m.def.name === 'k8s:required') : undefined;
    s = applyMarkers(
      s,
      requiredRef === undefined ? p.markers : p.markers.filter((m) => m !== requiredRef),
      'field',
      this.markerReport,
    );
    if (requiredRef !== undefined && s.minProperties === undefined) s.minProperties = 1;
    if (fromType !== undefined) keepBothBounds(s, fromType);
    if (p.markers.some((m) => m.def.name === 'k8s:immutable')) {
      s['x-kubernetes-validations'] = [
        ...((s['x-kubernetes-validations'] as unknown[] | undefined) ?? []),
        { message: 'field is immutable', rule: 'self == oldSelf' },
      ];
    }
    const both = p.markers.filter((m) => isOptional(m) || isRequiredMarker(m));
    if (both.some(isOptional) && both.some(isRequiredMarker)) {
      const m = both[both.length - 1] as LocatedMarker;
      this.report(m.loc, `field ${path} is marked both optional and required`, 'keep one of the two markers');
    }
    if (
      s.type === undefined &&
      s['x-kubernetes-int-or-string'] !== true &&
      s['x-kubernetes-preserve-unknown-fields'] !== true &&
      !isErrorType(p.type, allow)
    ) {
      this.report(
        p.loc,
        `field ${path} has no type; the apiserver rejects schemas that are not structural`,
        'add +kubebuilder:validation:Type=<type> next to Schemaless, or +kubebuilder:pruning:PreserveUnknownFields',
      );
    }
    const desc = p.description ?? descriptionFromDoc(p.doc);
    if (desc !== '') s.description = desc;
    return s;
  }

  private emitType(ir: IrType, path: string, allowUnknown: boolean): JSONSchemaProps {
    switch (ir.kind) {
      case 'primitive':
        return ir.format === undefined ? { type: ir.type } : { format: ir.format, type: ir.type };
      case 'intOrString': {
        const s: JSONSchemaProps = {
          anyOf: [{ type: 'integer' }, { type: 'string' }],
          'x-kubernetes-int-or-string': true,
        };
        if (ir.quantity) s.pattern = QUANTITY_PATTERN;
        return s;
      }
      case 'preserveUnknown':
        return ir.object
          ? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }
          : { 'x-kubernetes-preserve-unknown-fields': true };
      case 'enum':
        return { enum: [...ir.values], type: ir.base };
      case 'array':
        if (allowUnknown && isAllowedUnknown(ir.items))
          return { items: { 'x-kubernetes-preserve-unknown-fields': true }, type: 'array' };
        return { items: this.emitType(ir.items, `${path}[]`, allowUnknown), type: 'array' };
      case 'map':
        // A map of unknown values under PreserveUnknownFields maps to JSON values, as map[string]apiextensionsv1.JSON does.
        if (allowUnknown && isAllowedUnknown(ir.values))
          return { additionalProperties: { 'x-kubernetes-preserve-unknown-fields': true }, type: 'object' };
        return { additionalProperties: this.emitType(ir.values, `${path}{}`, allowUnknown), type: 'object' };
      case 'nullable':
        return { ...this.emitType(ir.inner, path, allowUnknown), nullable: true };
      case 'object': {
        if (ir.known === 'ObjectMeta')
          return this.options.embeddedObjectMeta ? embeddedObjectMetaSchema() : { type: 'object' };
        const o = this.objectSchema(ir.properties, path, false);
        if (ir.rules !== undefined)
          o['x-kubernetes-validations'] = [
            ...((o['x-kubernetes-validations'] as unknown[] | undefined) ?? []),
            ...structuredClone(ir.rules),
          ];
        return ir.mapType === undefined ? o : { ...o, 'x-kubernetes-map-type': ir.mapType };
      }
      case 'named':
        return this.named(ir.decl, path, allowUnknown);
      case 'error':
        if (ir.allowedBy === 'preserve' && allowUnknown) return {};
        this.report(ir.loc, `${path === '' ? '' : `field ${path}: `}${ir.message}`, ir.hint);
        return {};
    }
  }

  private named(decl: NamedDecl, path: string, allowUnknown: boolean): JSONSchemaProps {
    if (decl.external && decl.name === 'V1Condition') return conditionSchema();
    if (!decl.external) return this.emitNamed(decl, path, allowUnknown);
    const key = `${allowUnknown ? 'preserve:' : ''}${decl.name}`;
    let shared = this.external.get(key);
    if (shared === undefined) {
      shared = this.emitNamed(decl, path, allowUnknown);
      this.external.set(key, shared);
    }
    return { ...shared };
  }

  private emitNamed(decl: NamedDecl, path: string, allowUnknown: boolean): JSONSchemaProps {
    if (this.stack.includes(decl)) {
      this.report(
        decl.loc,
        `type ${decl.name} refers to itself (via ${path}); CRD schemas cannot be recursive`,
        'break the cycle, or type the recursive field as JSONValue with +kubebuilder:pruning:PreserveUnknownFields',
      );
      return {};
    }
    this.stack.push(decl);
    const allow = allowUnknown || decl.markers.some(allowsUnknown);
    let s = this.emitType(decl.type, path, allow);
    this.stack.pop();
    const enumMarker = decl.markers.find((m) => m.def.name === 'k8s:enum');
    if (enumMarker !== undefined && s.enum === undefined) {
      this.report(
        enumMarker.loc,
        `+k8s:enum on ${decl.name}, which is not a string enum or union of string literals`,
        'declare the type as a string enum or a union of string literals',
      );
    }
    s = applyMarkers(s, decl.markers, 'type', this.markerReport);
    const desc = decl.description ?? descriptionFromDoc(decl.doc);
    if (desc !== '') s.description = desc;
    return s;
  }
}

/** BOUNDS are the value checks a field marker may restate over its named type's own marker. */
const BOUNDS = [
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'enum',
] as const;

function boundsOf(s: JSONSchemaProps): JSONSchemaProps {
  const out: JSONSchemaProps = {};
  for (const k of BOUNDS) if (s[k] !== undefined) out[k] = s[k];
  return out;
}

/**
 * keepBothBounds keeps a named type's check when a field marker restates it with another value: both go
 * into `allOf`, so a field can tighten but never loosen its type (controller-gen's flattening does the same).
 */
function keepBothBounds(s: JSONSchemaProps, fromType: JSONSchemaProps): void {
  const typeSide: Record<string, unknown> = {};
  const fieldSide: Record<string, unknown> = {};
  for (const k of BOUNDS) {
    const before = fromType[k];
    if (before === undefined || s[k] === undefined || JSON.stringify(before) === JSON.stringify(s[k])) continue;
    typeSide[k] = before;
    fieldSide[k] = s[k];
    delete s[k];
  }
  if (Object.keys(typeSide).length > 0) s.allOf = [typeSide, fieldSide];
}

/** isErrorType tells whether a field's type (or the named type it uses) was already reported as having no schema. */
function isErrorType(ir: IrType, allowUnknown: boolean): boolean {
  if (ir.kind === 'named') return isErrorType(ir.decl.type, allowUnknown);
  if (ir.kind === 'nullable') return isErrorType(ir.inner, allowUnknown);
  return ir.kind === 'error' && !(allowUnknown && ir.allowedBy === 'preserve');
}

/** isGoStructRef tells a type that controller-gen writes as a `$ref` to a known Go struct's schema. */
function isGoStructRef(ir: IrType): boolean {
  if (ir.kind === 'nullable') return isGoStructRef(ir.inner);
  return (
    ir.kind === 'intOrString' || ir.kind === 'preserveUnknown' || (ir.kind === 'primitive' && ir.goStruct === true)
  );
}

function isAllowedUnknown(ir: IrType): boolean {
  return ir.kind === 'error' && ir.allowedBy === 'preserve';
}

function objectProperties(ir: IrType): IrProperty[] | undefined {
  if (ir.kind === 'object') return ir.properties;
  if (ir.kind === 'named') return objectProperties(ir.decl.type);
  return undefined;
}

/** requiredOf decides whether a property is required, in controller-gen's order of precedence. */
export function requiredOf(p: IrProperty): boolean {
  if (p.markers.some(isOptional)) return false;
  if (p.markers.some(isRequiredMarker)) return true;
  if (p.folderOptional) return false;
  return !p.optional;
}
