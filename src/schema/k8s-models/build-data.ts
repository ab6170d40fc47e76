import type { JSONSchemaProps } from '../json-schema.js';
import type { K8sModelData } from './data.js';
import { embeddingAtomic } from './embedded-atomic.js';
import { type GoDocIndex, withGoLineBreaks } from './go-docs.js';
import { type GoMarkerCounts, emptyGoMarkerCounts, withGoMarkers } from './go-markers.js';
import type { GoTypeIndex } from './go-type-index.js';
import { groupModelName, modelNames, plainModelName } from './model-names.js';
import { type OpenApiSchema, reshapeDefinition } from './reshape.js';

/** BuildInput is what the model data is made of. */
export interface BuildInput {
  kubernetesVersion: string;
  /** Every definition of the API server's OpenAPI v3 documents, by definition name. */
  definitions: Readonly<Record<string, OpenApiSchema>>;
  /** client-node's models with the JSON names of their properties (their `attributeTypeMap`). */
  clientNodeModels: ReadonlyMap<string, readonly string[]>;
  /** Doc comments of the Go types, which give descriptions back the line breaks the OpenAPI joins. */
  goDocs?: GoDocIndex;
  /** Declarations of the Go types, whose field markers controller-gen reads and the OpenAPI lacks. */
  goTypes?: GoTypeIndex;
}

/** BuildResult is the data and what it says about client-node's models. */
export interface BuildResult {
  data: K8sModelData;
  /** client-node models no definition of this Kubernetes version stands for (API versions no longer served). */
  unserved: string[];
  /** `Model.property` of client-node models that this Kubernetes version no longer has. */
  removedFields: string[];
  /** Models made atomic because they embed an atomic struct (`V1SecretEnvSource embeds V1LocalObjectReference`). */
  embeddedAtomic: string[];
  /** Descriptions given the Go source's line breaks, and those no doc comment matched (left as published). */
  goDocs: { replaced: number; missing: number };
  /** What the Go types' field markers changed (empty without them). */
  goMarkers: GoMarkerCounts;
}

/**
 * definitionOf finds the definition a client-node model stands for: the one whose name is the model's,
 * else among those its name could be derived from (client-node keeps models of older releases, when a
 * name was not yet shared), the one with the most of the model's properties.
 */
function definitionOf(
  model: string,
  attributes: readonly string[],
  byName: ReadonlyMap<string, readonly string[]>,
  input: BuildInput,
  keyOf: ReadonlyMap<string, string>,
): string | undefined {
  const candidates = byName.get(model) ?? [];
  const exact = candidates.find((d) => keyOf.get(d) === model);
  if (exact !== undefined) return exact;
  const definitions = input.definitions;
  let best: string | undefined;
  let bestScore = -1;
  for (const d of candidates) {
    const props = (definitions[d]?.properties ?? {}) as Record<string, unknown>;
    const score = attributes.filter((a) => a in props).length;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    } else if (score === bestScore) {
      throw new Error(`client-node model ${model} matches definitions ${best} and ${d} equally`);
    }
  }
  return best;
}

function sortedKeys<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * buildModelData maps client-node's model names to the API server's definitions and reshapes every
 * definition as controller-gen would write its Go type.
 */
export function buildModelData(input: BuildInput): BuildResult {
  const definitions = Object.keys(input.definitions).sort();
  const keyOf = modelNames(definitions);
  const byName = new Map<string, string[]>();
  for (const d of definitions) {
    for (const n of new Set([plainModelName(d), groupModelName(d)])) byName.set(n, [...(byName.get(n) ?? []), d]);
  }
  const aliases: Record<string, string> = {};
  const unserved: string[] = [];
  const removedFields: string[] = [];
  const keys = new Set(keyOf.values());
  for (const [model, attributes] of [...input.clientNodeModels].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const d = definitionOf(model, attributes, byName, input, keyOf);
    if (d === undefined) {
      unserved.push(model);
      continue;
    }
    const key = keyOf.get(d) as string;
    if (key !== model) {
      if (keys.has(model))
        throw new Error(`client-node model ${model} stands for ${d}, but ${model} names another definition`);
      aliases[model] = key;
    }
    const props = (input.definitions[d]?.properties ?? {}) as Record<string, unknown>;
    for (const a of attributes) if (!(a in props)) removedFields.push(`${model}.${a}`);
  }
  const refName = (d: string): string => {
    const k = keyOf.get(d);
    if (k === undefined) throw new Error(`$ref to ${d}, which the documents do not define`);
    return k;
  };
  const models: Record<string, JSONSchemaProps> = {};
  const goDocs = { replaced: 0, missing: 0 };
  const goMarkers = emptyGoMarkerCounts();
  for (const d of definitions) {
    const schema = reshapeDefinition(d, input.definitions[d] as OpenApiSchema, refName);
    if (input.goTypes !== undefined) withGoMarkers(d, schema, input.goTypes, goMarkers);
    models[keyOf.get(d) as string] =
      input.goDocs === undefined ? schema : withGoLineBreaks(schema, input.goDocs, goDocs);
  }
  const embeddedAtomic: string[] = [];
  for (const [d, atomic] of embeddingAtomic(input.definitions)) {
    (models[keyOf.get(d) as string] as JSONSchemaProps)['x-kubernetes-map-type'] = 'atomic';
    embeddedAtomic.push(`${keyOf.get(d)} embeds ${keyOf.get(atomic)}`);
  }
  return {
    data: { kubernetesVersion: input.kubernetesVersion, models: sortedKeys(models), aliases: sortedKeys(aliases) },
    unserved,
    removedFields,
    embeddedAtomic: embeddedAtomic.sort(),
    goDocs,
    goMarkers,
  };
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * renderModelModule writes the data as a TypeScript module (src/schema/k8s-models/v<major.minor>.ts):
 * each model's schema as JSON text, with sorted keys, one model per line, so that the generator parses
 * only the models an API uses and a refresh shows in a diff as the models that changed.
 */
export function renderModelModule(data: K8sModelData, source: string): string {
  const models = Object.keys(data.models)
    .sort()
    .map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(canonicalJson(data.models[k]))},`);
  return [
    `// Generated by \`npm run k8s-models:refresh\` from ${source}. Do not edit.`,
    '',
    '/** KUBERNETES_VERSION is the kube-apiserver version the schemas were read from. */',
    `export const KUBERNETES_VERSION = ${JSON.stringify(data.kubernetesVersion)};`,
    '',
    '/** ALIASES maps further client-node names of a definition to its key in MODELS. */',
    `export const ALIASES: Readonly<Record<string, string>> = ${canonicalJson(data.aliases)};`,
    '',
    "/** MODELS holds each model's schema as JSON text, by client-node model name; `$ref`s name other keys. */",
    'export const MODELS: Readonly<Record<string, string>> = {',
    ...models,
    '};',
    '',
  ].join('\n');
}
