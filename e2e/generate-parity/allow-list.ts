// Differences from controller-gen that operator-ts keeps on purpose, one entry per (case, node, keyword),
// each with the reason. The parity test fails on any difference not listed here, and on entries that no
// longer match anything (so the list cannot rot).

/** AllowedDifference is one accepted difference. */
export interface AllowedDifference {
  /** Fixture case name, or '*' for every case. */
  case: string;
  /** Node path as printed by the test (`spec.ports[].protocol`), or a RegExp over it. */
  path: string | RegExp;
  /** The differing keyword (or a RegExp over it), or `(node)` for a node present on one side only. */
  keyword: string | RegExp;
  reason: string;
}

/** ALLOWED_DIFFERENCES lists every accepted difference. */
export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [
  {
    case: '*',
    path: /\.spec\.evictionResponders(\[\]\.name|\[\]\.priority)?$|\.jobTemplate\.spec\.scheduling(\..*)?$/,
    keyword: /^(maxItems|minLength|minimum|maximum|x-kubernetes-validations)$/,
    reason:
      "Kubernetes' declarative validation tags on fields new in 1.37 (+k8s:maxItems, +k8s:required, +k8s:minimum/+k8s:maximum, +k8s:immutable on PodSpec.evictionResponders and JobSpec.scheduling) are checked by the API server in Go and not published in its OpenAPI, which operator-ts takes client-node models from; controller-gen reads them from k8s.io/api's Go source",
  },
  {
    case: '*',
    path: /\.spec\.volumes\[\]\.azureDisk\.(cachingMode|kind)$/,
    keyword: 'default',
    reason:
      "Kubernetes defaults these two fields with +default=ref(<constant>), which the API server's OpenAPI resolves (ReadWrite, Shared) and controller-gen v0.23 skips; operator-ts writes Kubernetes' own default, the value the API server gives a pod anyway",
  },
  {
    case: '*',
    path: /\.podFailurePolicy\.rules\[\]\.onPodConditions\[\]\.status$/,
    keyword: 'default',
    reason:
      "PodFailurePolicyOnPodConditionsPattern.status is +optional without omitempty, so the API server's OpenAPI gives it its zero value as default (openapi-gen does so for every such field) and its schema looks like a +default=\"\" one; controller-gen writes none. A Go client always sends the field, as \"\" when unset, which is what the default stores",
  },
];
