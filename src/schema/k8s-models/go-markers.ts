import type { JSONSchemaProps } from '../json-schema.js';
import {
  fieldKeywords,
  isRequiredField,
  kubebuilderKeywords,
  markerDefault,
  structRules,
} from './declarative-validation.js';
import type { GoTypeIndex } from './go-type-index.js';

/** GoMarkerCounts says what the Go sources changed in the model data, for the refresh script to print. */
export interface GoMarkerCounts {
  /** Definitions of Go structs read from the sources. */
  structs: number;
  /** Definitions with properties that no Go struct was found for (left as published). */
  unmatched: string[];
  /** `Definition.field` given keys for declarative validation tags. */
  validated: string[];
  /** `Definition.field` defaults openapi-gen published and controller-gen does not write. */
  droppedDefaults: string[];
  /** `Definition.field` whose required-ness in the OpenAPI differs from controller-gen's rule (which the data follows). */
  requiredDiffers: string[];
}

/** emptyGoMarkerCounts returns counts with nothing counted. */
export function emptyGoMarkerCounts(): GoMarkerCounts {
  return { structs: 0, unmatched: [], validated: [], droppedDefaults: [], requiredDiffers: [] };
}

/**
 * withGoMarkers gives a reshaped definition what controller-gen writes for the markers of its Go struct's
 * fields and the OpenAPI lacks or has otherwise: Kubernetes' declarative validation tags, the struct rules
 * of optional immutable fields, the enum values of +k8s:enum types, the kubebuilder schema markers of
 * the few fields that have them, required-ness by controller-gen's rule, and defaults only where a
 * `+default` marker with a JSON value asks for one. The schema is changed in place.
 */
export function withGoMarkers(
  definition: string,
  schema: JSONSchemaProps,
  index: GoTypeIndex,
  counts: GoMarkerCounts,
): void {
  if (schema.properties === undefined) return;
  const struct = index.struct(definition);
  if (struct === undefined) {
    counts.unmatched.push(definition);
    return;
  }
  counts.structs++;
  const fields = index.fields(struct.decl, struct.at);
  const required = new Set(schema.required ?? []);
  for (const f of fields) {
    const prop = schema.properties[f.json];
    if (prop === undefined) continue;
    const where = `${definition}.${f.json}`;
    if (isRequiredField(f) !== required.has(f.json)) {
      counts.requiredDiffers.push(where);
      if (required.has(f.json)) required.delete(f.json);
      else required.add(f.json);
    }
    const def = markerDefault(f.markers, where);
    if (def === undefined) {
      if (prop.default !== undefined) counts.droppedDefaults.push(where);
      delete prop.default;
    } else {
      prop.default = def.value;
    }
    const type = index.schemaType(f.type, f.at);
    const enumValues = index.enumOf(f.type, f.at);
    if (enumValues !== undefined) prop.enum = enumValues;
    const itemEnum = f.type.startsWith('[]') ? index.enumOf(f.type.slice(2), f.at) : undefined;
    if (itemEnum !== undefined && prop.items !== undefined && !Array.isArray(prop.items)) prop.items.enum = itemEnum;
    if (type === undefined) {
      if (hasValidationTag(f.markers))
        throw new Error(
          `${where}: the type ${f.type} of a field with declarative validation tags is declared in a package not read`,
        );
      continue;
    }
    const keys = { ...fieldKeywords(f.markers, type, where), ...kubebuilderKeywords(f.markers, type, where) };
    if (Object.keys(keys).length > 0) {
      Object.assign(prop, keys);
      counts.validated.push(where);
    }
  }
  const order = (schema.required ?? []).filter((n) => required.has(n));
  const added = [...required].filter((n) => !order.includes(n));
  if (order.length + added.length > 0) schema.required = [...order, ...added];
  else delete schema.required;
  const rules = structRules(fields);
  if (rules.length > 0) schema['x-kubernetes-validations'] = rules;
}

function hasValidationTag(markers: readonly string[]): boolean {
  return markers.some((m) => /^\+k8s:(required|maxItems|minimum|maximum|immutable)(=|$)/.test(m));
}
