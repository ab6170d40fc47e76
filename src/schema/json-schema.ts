/**
 * JSONSchemaProps is an apiextensions.k8s.io/v1 schema node, built as a plain object and serialised with
 * sorted keys like controller-gen's output.
 */
export type JSONSchemaProps = Record<string, unknown> & {
  type?: string;
  description?: string;
  properties?: Record<string, JSONSchemaProps>;
  items?: JSONSchemaProps;
  additionalProperties?: JSONSchemaProps | boolean;
  required?: string[];
};
