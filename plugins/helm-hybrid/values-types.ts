import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { UserError } from '../../src/index.js';

type JsonSchema = Record<string, unknown>;

/**
 * valuesSchema is the JSON schema the spec type is compiled from: the chart's values.schema.json when it
 * has one, else a schema inferred from values.yaml (each key optional, typed by its default, described by
 * the comment above it). `file` names the chart's files in errors.
 */
export function valuesSchema(file: string, schemaText: string | undefined, valuesText: string | undefined): JsonSchema {
  if (schemaText !== undefined) {
    try {
      const schema = JSON.parse(schemaText) as unknown;
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
        throw new Error('the schema is not an object');
      return schema as JsonSchema;
    } catch (err) {
      throw new UserError(`${file}/values.schema.json: ${(err as Error).message}`, {
        hint: "fix the chart's values.schema.json (helm lint checks it too)",
      });
    }
  }
  if (valuesText === undefined) return { type: 'object', additionalProperties: true };
  const doc = parseDocument(valuesText);
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new UserError(`${file}/values.yaml:${e.linePos?.[0]?.line ?? 1}: ${e.message.split('\n')[0]}`, {
      hint: "fix the chart's values.yaml (helm lint checks it too)",
    });
  }
  return doc.contents === null ? { type: 'object', additionalProperties: true } : inferSchema(doc.contents);
}

/** describe keeps the paragraph of a comment right above its key: an earlier one is the file's or a section's header. */
function describe(comment: string | null | undefined): Record<string, string> {
  const text = ((comment ?? '').split(/\n[ \t]*\n/).at(-1) ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^[a-zA-Z_][\w.-]*:/.test(l))
    .join('\n');
  return text === '' ? {} : { description: text };
}

function inferSchema(node: Node): JsonSchema {
  if (isMap(node)) {
    const properties: Record<string, JsonSchema> = {};
    for (const [i, pair] of node.items.entries()) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const value = pair.value === null ? {} : inferSchema(pair.value as Node);
      // The comment above the first key of a nested map belongs to the map node in the YAML parser's tree.
      const comment =
        (isScalar(pair.key) ? pair.key.commentBefore : undefined) ?? (i === 0 ? node.commentBefore : undefined);
      properties[key] = { ...value, ...describe(comment) };
    }
    // An empty map in values.yaml (podAnnotations: {}) is where the user adds keys of their own.
    return node.items.length === 0
      ? { type: 'object', additionalProperties: true }
      : { type: 'object', properties, additionalProperties: true };
  }
  if (isSeq(node)) return { type: 'array', items: node.items.length > 0 ? inferSchema(node.items[0] as Node) : {} };
  if (isScalar(node)) {
    const v = node.value;
    if (typeof v === 'string') return { type: 'string' };
    if (typeof v === 'boolean') return { type: 'boolean' };
    if (typeof v === 'number') return { type: Number.isInteger(v) ? 'integer' : 'number' };
  }
  return {};
}

type Compile = (typeof import('json-schema-to-typescript'))['compile'];

const COMPOSED = ['anyOf', 'oneOf', 'allOf', 'not', '$ref', 'patternProperties', 'if'];

/**
 * walkable rewrites a values schema into one whose TypeScript the CRD generator can walk: an object with
 * named keys lists only those (no index signature beside them), a free-form map is Record<string, JSONValue>,
 * a value of any type or a composed schema (anyOf, $ref...) is JSONValue, and numbers say their width
 * (int64, float64), as every CRD field type must. The CRD field stays Schemaless; Helm checks the values.
 */
export function walkable(schema: JsonSchema): JsonSchema {
  const keep = (s: JsonSchema, tsType: string): JsonSchema => ({
    ...(typeof s['description'] === 'string' ? { description: s['description'] } : {}),
    tsType,
  });
  if (COMPOSED.some((k) => k in schema) || Array.isArray(schema['type'])) return keep(schema, 'JSONValue');
  switch (schema['type']) {
    case 'object': {
      const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
      if (properties === undefined || Object.keys(properties).length === 0)
        return keep(schema, 'Record<string, JSONValue>');
      const out: JsonSchema = {
        ...schema,
        additionalProperties: false,
        properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, walkable(v)])),
      };
      return out;
    }
    case 'array': {
      const items = schema['items'];
      if (typeof items !== 'object' || items === null || Array.isArray(items)) return keep(schema, 'JSONValue[]');
      return { ...schema, items: walkable(items as JsonSchema) };
    }
    case 'integer':
      return keep(schema, 'int64');
    case 'number':
      return keep(schema, 'float64');
    case 'string':
    case 'boolean':
      return schema;
    case 'null':
      return keep(schema, 'null');
    default:
      return keep(schema, 'JSONValue');
  }
}

/**
 * valuesTypes compiles the values schema to the TypeScript declarations of `<Kind>Spec` (and the types it
 * names). json-schema-to-typescript is loaded here, on this command path only, so that other commands
 * never pay for it (and prettier with it).
 */
export async function valuesTypes(specName: string, schema: JsonSchema): Promise<string> {
  const compile: Compile = (await import('json-schema-to-typescript')).compile;
  const root = walkable(
    schema['type'] === undefined && schema['properties'] !== undefined ? { ...schema, type: 'object' } : schema,
  );
  // A spec must be an interface: values without named keys give an empty one.
  const input: JsonSchema =
    root['type'] === 'object'
      ? { ...root, title: specName }
      : { type: 'object', additionalProperties: false, properties: {}, title: specName };
  delete input['$schema'];
  const ts = await compile(input, specName, {
    bannerComment: '',
    additionalProperties: true,
    declareExternallyReferenced: true,
    unknownAny: true,
    strictIndexSignatures: false,
    format: true,
    style: { singleQuote: true, printWidth: 140, trailingComma: 'all', semi: true, tabWidth: 2 },
  });
  return ts.trim();
}
