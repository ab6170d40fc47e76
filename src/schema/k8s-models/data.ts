import type { JSONSchemaProps } from '../json-schema.js';

/**
 * K8sModelData is the schema of every Kubernetes API type as one kube-apiserver publishes it at
 * `/openapi/v3`, reshaped the way controller-gen writes the same Go types into a CRD, keyed by the name
 * `@kubernetes/client-node` gives the type's model (`V1PodTemplateSpec`). A `$ref` names another key.
 */
export interface K8sModelData {
  /** The kube-apiserver's version (`/version` gitVersion) the schemas were read from. */
  kubernetesVersion: string;
  /** Schemas by model name; object types have `properties`, the others are inlined where used. */
  models: Record<string, JSONSchemaProps>;
  /** Further client-node model names of a definition, each naming its key in `models`. */
  aliases: Record<string, string>;
}
