// The BenchItem custom resource both benchmarked operators reconcile: bench.operator-ts.dev/v1, namespaced,
// with a status subresource; spec.value is copied to status.observedValue with a Ready condition.

/** GROUP, VERSION, PLURAL and KIND name the BenchItem API. */
export const GROUP = 'bench.operator-ts.dev';
export const VERSION = 'v1';
export const PLURAL = 'benchitems';
export const KIND = 'BenchItem';

/** benchItemCrd returns the CustomResourceDefinition of BenchItem. */
export function benchItemCrd() {
  const condition = {
    type: 'object',
    required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'],
    properties: {
      type: { type: 'string', maxLength: 316 },
      status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
      observedGeneration: { type: 'integer', format: 'int64', minimum: 0 },
      lastTransitionTime: { type: 'string', format: 'date-time' },
      reason: { type: 'string', maxLength: 1024 },
      message: { type: 'string', maxLength: 32768 },
    },
  };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${PLURAL}.${GROUP}` },
    spec: {
      group: GROUP,
      names: { kind: KIND, listKind: `${KIND}List`, plural: PLURAL, singular: 'benchitem' },
      scope: 'Namespaced',
      versions: [
        {
          name: VERSION,
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                apiVersion: { type: 'string' },
                kind: { type: 'string' },
                metadata: { type: 'object' },
                spec: { type: 'object', properties: { value: { type: 'integer', format: 'int64' } } },
                status: {
                  type: 'object',
                  properties: {
                    observedValue: { type: 'integer', format: 'int64' },
                    conditions: {
                      type: 'array',
                      items: condition,
                      'x-kubernetes-list-type': 'map',
                      'x-kubernetes-list-map-keys': ['type'],
                    },
                  },
                },
              },
            },
          },
        },
      ],
    },
  };
}

/** benchItem returns a BenchItem object to create. */
export function benchItem(namespace, name, value) {
  return { apiVersion: `${GROUP}/${VERSION}`, kind: KIND, metadata: { namespace, name }, spec: { value } };
}
