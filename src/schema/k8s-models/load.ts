import { readFileSync } from 'node:fs';
import type { JSONSchemaProps } from '../json-schema.js';
import type { K8sModelData } from './data.js';

/**
 * K8S_MODELS_FILE is the model data of the Kubernetes version operator-ts pins (the envtest binaries),
 * written by `npm run k8s-models:refresh` from that kube-apiserver's /openapi/v3.
 */
export const K8S_MODELS_FILE = 'v1.37.json';

let cached: K8sModelData | undefined;

/** k8sModelData loads the model data once per process (about 1 MB of JSON, parsed in milliseconds). */
export function k8sModelData(): K8sModelData {
  cached ??= JSON.parse(readFileSync(new URL(`./${K8S_MODELS_FILE}`, import.meta.url), 'utf8')) as K8sModelData;
  return cached;
}

/** modelSchema returns a model's schema by client-node name (or alias), undefined when the data has none. */
export function modelSchema(name: string): JSONSchemaProps | undefined {
  const data = k8sModelData();
  const key = Object.hasOwn(data.aliases, name) ? (data.aliases[name] as string) : name;
  return Object.hasOwn(data.models, key) ? data.models[key] : undefined;
}

/** hasModel tells whether a client-node name has a schema in the data. */
export function hasModel(name: string): boolean {
  return modelSchema(name) !== undefined;
}

/** allModelNames lists every name the data answers to (models and aliases), for shims and hints. */
export function allModelNames(): string[] {
  const data = k8sModelData();
  return [...Object.keys(data.models), ...Object.keys(data.aliases)].sort();
}
