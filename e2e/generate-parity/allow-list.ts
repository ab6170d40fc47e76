// Differences from controller-gen that operator-ts keeps on purpose, one entry per (case, node, keyword),
// each with the reason. The parity test fails on any difference not listed here, and on entries that no
// longer match anything (so the list cannot rot).

/** AllowedDifference is one accepted difference. */
export interface AllowedDifference {
  /** Fixture case name, or '*' for every case. */
  case: string;
  /** Node path as printed by the test (`spec.ports[].protocol`), or a RegExp over it. */
  path: string | RegExp;
  /** The differing keyword, or `(node)` for a node present on one side only. */
  keyword: string;
  reason: string;
}

/** ALLOWED_DIFFERENCES lists every accepted difference. */
export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [
  {
    case: '*',
    path: /\.(httpGet\.protocol|grpc\.mode|volumeMounts\[\]\.bindMountOptions|items\[\]\.user|defaultUser|emptyDir\.mode|clusterTrustBundle\.user|podCertificate\.user|serviceAccountToken\.user)$|\.evictionResponders$|\.jobTemplate\.spec\.scheduling$/,
    keyword: '(node)',
    reason:
      'version skew, not a generator rule: @kubernetes/client-node 2.0.1 models are generated from an older Kubernetes OpenAPI than k8s.io/api v0.37.2, so fields added since (HTTPGetAction.protocol, GRPCAction.mode, VolumeMount.bindMountOptions, *.user/defaultUser, EmptyDirVolumeSource.mode, PodSpec.evictionResponders, JobSpec.scheduling of Kubernetes 1.37) do not exist in the TypeScript types; every twin that embeds a pod or job template (pod-template, job-template, ctrl-cronjob) meets them',
  },
];
