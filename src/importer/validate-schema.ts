import type { Diagnostic } from '../errors/diagnostic.js';
import { isJsonObject } from './json-value.js';
import type { PathSegment, SourceObject } from './source-documents.js';

const TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean']);
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'] as const;
const FORBIDDEN = [
  '$ref',
  'definitions',
  'dependencies',
  'patternProperties',
  'additionalItems',
  'id',
  '$schema',
] as const;

/**
 * validateSchema checks that a version's `openAPIV3Schema` has the shape every reader of it relies on (the
 * apiserver would refuse the CRD otherwise): every node a mapping, known `type`s, `properties` a mapping of
 * schemas, `items` one schema, string lists where lists are expected, CEL rules with a `rule`. Each problem
 * is located at its YAML node.
 */
export function validateSchema(source: SourceObject, schema: unknown, path: readonly PathSegment[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = (at: readonly PathSegment[], message: string, hint: string): void => {
    out.push({ ...source.locate(at), severity: 'error', message, hint });
  };
  const visit = (node: unknown, at: readonly PathSegment[]): void => {
    const where =
      at
        .slice(path.length)
        .filter((s) => s !== 'properties')
        .map((s) => (s === 'items' ? '[]' : s))
        .join('.')
        .replace(/\.\[\]/g, '[]') || 'openAPIV3Schema';
    if (!isJsonObject(node)) {
      report(
        at,
        `schema node ${where} is not a mapping`,
        'write each schema as a mapping of keywords (type, properties, items, ...)',
      );
      return;
    }
    for (const k of FORBIDDEN)
      if (node[k] !== undefined)
        report(
          [...at, k],
          `schema node ${where} uses ${k}, which CustomResourceDefinitions do not allow`,
          k === '$ref' ? 'inline the referenced schema' : `remove ${k}`,
        );
    if (node.type !== undefined && (typeof node.type !== 'string' || !TYPES.has(node.type))) {
      report(
        [...at, 'type'],
        `schema node ${where} has type ${JSON.stringify(node.type)}`,
        `use one of ${[...TYPES].join(', ')} (nullable: true for null)`,
      );
    }
    if (node.properties !== undefined) {
      if (!isJsonObject(node.properties))
        report(
          [...at, 'properties'],
          `properties of ${where} is not a mapping`,
          'write properties as a mapping from field name to schema',
        );
      else for (const [k, v] of Object.entries(node.properties)) visit(v, [...at, 'properties', k]);
    }
    if (node.items !== undefined) {
      if (Array.isArray(node.items))
        report(
          [...at, 'items'],
          `items of ${where} is a list (a tuple), which structural schemas do not allow`,
          'give items one schema for every element',
        );
      else visit(node.items, [...at, 'items']);
    }
    if (node.additionalProperties !== undefined && typeof node.additionalProperties !== 'boolean')
      visit(node.additionalProperties, [...at, 'additionalProperties']);
    if (node.not !== undefined) visit(node.not, [...at, 'not']);
    for (const k of SCHEMA_LISTS) {
      const list = node[k];
      if (list === undefined) continue;
      if (!Array.isArray(list)) report([...at, k], `${k} of ${where} is not a list`, `write ${k} as a list of schemas`);
      else list.forEach((v, i) => visit(v, [...at, k, i]));
    }
    for (const k of ['required', 'x-kubernetes-list-map-keys'] as const) {
      const v = node[k];
      if (v !== undefined && !(Array.isArray(v) && v.every((x) => typeof x === 'string')))
        report([...at, k], `${k} of ${where} is not a list of strings`, `write ${k} as a list of field names`);
    }
    if (node.enum !== undefined && !Array.isArray(node.enum))
      report([...at, 'enum'], `enum of ${where} is not a list`, 'write enum as a list of allowed values');
    const rules = node['x-kubernetes-validations'];
    if (rules !== undefined) {
      if (!Array.isArray(rules))
        report(
          [...at, 'x-kubernetes-validations'],
          `x-kubernetes-validations of ${where} is not a list`,
          'write it as a list of {rule, message} mappings',
        );
      else
        rules.forEach((r, i) => {
          if (!isJsonObject(r) || typeof r.rule !== 'string')
            report(
              [...at, 'x-kubernetes-validations', i],
              `x-kubernetes-validations[${i}] of ${where} has no rule`,
              'give every validation a CEL `rule` string',
            );
        });
    }
  };
  visit(schema, path);
  return out;
}
