import type { JSONSchemaProps } from '../json-schema.js';
import { ALIASES, KUBERNETES_VERSION, MODELS } from './v1.37.js';

/**
 * K8S_MODELS_FILE is the model data of the Kubernetes version operator-ts pins (the envtest binaries),
 * written by `npm run k8s-models:refresh` from that kube-apiserver's /openapi/v3.
 */
export const K8S_MODELS_FILE = 'v1.37.ts';

/** K8S_MODELS_VERSION is the Kubernetes version of the model data. */
export const K8S_MODELS_VERSION = KUBERNETES_VERSION;

const parsed = new Map<string, JSONSchemaProps>();

/** modelSchema returns a model's schema by client-node name (or alias), undefined when the data has none. */
export function modelSchema(name: string): JSONSchemaProps | undefined {
  const key = Object.hasOwn(ALIASES, name) ? (ALIASES[name] as string) : name;
  const cached = parsed.get(key);
  if (cached !== undefined) return cached;
  if (!Object.hasOwn(MODELS, key)) return undefined;
  // Parsed one model at a time: a pod template needs about a hundred of the 788.
  const schema = JSON.parse(MODELS[key] as string) as JSONSchemaProps;
  parsed.set(key, schema);
  return schema;
}

/** allModelNames lists every name the data answers to (models and aliases), for shims and hints. */
export function allModelNames(): string[] {
  return [...Object.keys(MODELS), ...Object.keys(ALIASES)].sort();
}
