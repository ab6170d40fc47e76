import type { JSONSchemaProps } from '../json-schema.js';
import { QUANTITY_PATTERN } from '../known-types.js';

/** OpenApiSchema is one schema node of a kube-apiserver's OpenAPI v3 document. */
export type OpenApiSchema = Record<string, unknown>;

/**
 * DROPPED are keys of Kubernetes' OpenAPI that controller-gen does not write for the same Go types:
 * strategic-merge-patch hints, group-version-kind tags, union discriminators, and `enum`, which
 * openapi-gen reads from `+enum` and controller-gen ignores (the API server checks those values in Go).
 */
const DROPPED = new Set([
  'x-kubernetes-patch-merge-key',
  'x-kubernetes-patch-strategy',
  'x-kubernetes-group-version-kind',
  'x-kubernetes-unions',
  'enum',
]);

/** KEPT are the keys of a schema node copied as they are. */
const KEPT = new Set([
  'type',
  'format',
  'required',
  'nullable',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-int-or-string',
  'x-kubernetes-embedded-resource',
]);

/** Formats openapi-gen writes for float32/float64, which controller-gen leaves out. */
const FLOAT_FORMATS = new Set(['double', 'float']);

/**
 * WELL_KNOWN are definitions whose schema controller-gen fixes itself (pkg/crd/known_types.go) instead of
 * reading the Go type: they are inlined where used, without their type's description.
 */
const WELL_KNOWN: Readonly<Record<string, JSONSchemaProps>> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': {
    anyOf: [{ type: 'integer' }, { type: 'string' }],
    pattern: QUANTITY_PATTERN,
    'x-kubernetes-int-or-string': true,
  },
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': {
    anyOf: [{ type: 'integer' }, { type: 'string' }],
    'x-kubernetes-int-or-string': true,
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': { format: 'date-time', type: 'string' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': { format: 'date-time', type: 'string' },
  'io.k8s.apimachinery.pkg.runtime.RawExtension': { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
};

/** RefName maps an OpenAPI definition name to its model name in the data. */
export type RefName = (definition: string) => string;

/** REF_PREFIX is how OpenAPI v3 documents point at a definition. */
export const REF_PREFIX = '#/components/schemas/';

/**
 * withoutEnumNote removes the "Possible enum values:" paragraph openapi-gen appends to the description of
 * a field whose type has `+enum`: it is not in the Go doc comment that controller-gen writes.
 */
export function withoutEnumNote(description: string): string {
  const at = description.lastIndexOf('Possible enum values:\n');
  if (at < 0 || (at > 0 && !description.slice(0, at).endsWith('\n\n'))) return description;
  return description.slice(0, at).replace(/\n+$/, '');
}

/**
 * isImplicitDefault tells a default openapi-gen derives from the Go type rather than from a `+default`
 * marker: `{}` for every struct value field, and the zero value of a required field without omitempty.
 * controller-gen writes only marker defaults. Without the Go sources this is the best guess; with them,
 * go-markers.ts keeps exactly the defaults of `+default` markers.
 */
function isImplicitDefault(value: unknown, required: boolean): boolean {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)
    return true;
  return required && (value === 0 || value === '' || value === false);
}

/** ReshapeProblem is raised when the OpenAPI document uses a construct the data format has no place for. */
export class ReshapeProblem extends Error {}

function reshapeNode(node: OpenApiSchema, refName: RefName, required: boolean, where: string): JSONSchemaProps {
  let src = node;
  const allOf = node.allOf as OpenApiSchema[] | undefined;
  if (allOf !== undefined) {
    // openapi-gen wraps a reference in allOf to put a description or default beside it.
    if (allOf.length !== 1 || typeof allOf[0]?.$ref !== 'string')
      throw new ReshapeProblem(`${where}: allOf other than one $ref`);
    src = { ...node, $ref: allOf[0].$ref };
    delete src.allOf;
  }
  const out: JSONSchemaProps = {};
  for (const [key, value] of Object.entries(src)) {
    if (DROPPED.has(key)) continue;
    if (key === 'description') {
      const d = withoutEnumNote(value as string);
      if (d !== '') out.description = d;
    } else if (key === '$ref') {
      const ref = value as string;
      if (!ref.startsWith(REF_PREFIX)) throw new ReshapeProblem(`${where}: $ref ${ref} is not a local definition`);
      out.$ref = refName(ref.slice(REF_PREFIX.length));
    } else if (key === 'properties') {
      const req = new Set((src.required as string[] | undefined) ?? []);
      const props: Record<string, JSONSchemaProps> = {};
      for (const [name, p] of Object.entries(value as Record<string, OpenApiSchema>))
        props[name] = reshapeNode(p, refName, req.has(name), `${where}.${name}`);
      out.properties = props;
    } else if (key === 'items') {
      out.items = reshapeNode(value as OpenApiSchema, refName, false, `${where}[]`);
    } else if (key === 'additionalProperties') {
      out.additionalProperties =
        typeof value === 'boolean' ? value : reshapeNode(value as OpenApiSchema, refName, false, `${where}{}`);
    } else if (key === 'default') {
      if (!isImplicitDefault(value, required)) out.default = value;
    } else if (key === 'format') {
      if (!FLOAT_FORMATS.has(value as string)) out.format = value;
    } else if (KEPT.has(key)) {
      out[key] = value;
    } else {
      throw new ReshapeProblem(`${where}: unexpected key ${key}`);
    }
  }
  return out;
}

/**
 * reshapeDefinition turns one OpenAPI definition into what controller-gen writes for its Go type: known
 * types as controller-gen fixes them, types without properties or type (apiextensions JSON and its
 * relatives) as any JSON value, everything else node by node without the keys controller-gen lacks.
 */
export function reshapeDefinition(definition: string, schema: OpenApiSchema, refName: RefName): JSONSchemaProps {
  const known = WELL_KNOWN[definition];
  if (known !== undefined) return structuredClone(known);
  if (schema.type === undefined && schema.properties === undefined)
    return { 'x-kubernetes-preserve-unknown-fields': true };
  return reshapeNode(schema, refName, false, definition);
}
