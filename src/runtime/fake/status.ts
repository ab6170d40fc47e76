import type { ResourceDescriptor } from '../resource.js';

/**
 * BUILTIN_KINDS_WITH_STATUS lists the built-in kinds (`apiVersion/kind`) the API server serves with a
 * status subresource; the fake client gives them status semantics as controller-runtime's fake does.
 */
const BUILTIN_KINDS_WITH_STATUS: ReadonlySet<string> = new Set([
  'v1/Pod',
  'v1/Service',
  'v1/Namespace',
  'v1/Node',
  'v1/PersistentVolume',
  'v1/PersistentVolumeClaim',
  'v1/ReplicationController',
  'v1/ResourceQuota',
  'apps/v1/Deployment',
  'apps/v1/StatefulSet',
  'apps/v1/DaemonSet',
  'apps/v1/ReplicaSet',
  'batch/v1/Job',
  'batch/v1/CronJob',
  'networking.k8s.io/v1/Ingress',
  'autoscaling/v1/HorizontalPodAutoscaler',
  'autoscaling/v2/HorizontalPodAutoscaler',
  'policy/v1/PodDisruptionBudget',
  'apiextensions.k8s.io/v1/CustomResourceDefinition',
  'apiregistration.k8s.io/v1/APIService',
  'certificates.k8s.io/v1/CertificateSigningRequest',
  'admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy',
  'storage.k8s.io/v1/VolumeAttachment',
]);

/**
 * statusSubresourcePolicy decides which kinds have a status subresource in the fake client: built-in kinds
 * that have one on a real server, plus the `registered` descriptors; when nothing is registered, every
 * kind that is not built in (custom resources are scaffolded with `+kubebuilder:subresource:status`).
 */
export function statusSubresourcePolicy(
  registered: readonly ResourceDescriptor[] | undefined,
  isBuiltin: (r: ResourceDescriptor) => boolean,
): (r: ResourceDescriptor) => boolean {
  const keys = new Set((registered ?? []).map((r) => `${r.apiVersion}/${r.kind}`));
  return (r) => {
    const key = `${r.apiVersion}/${r.kind}`;
    if (BUILTIN_KINDS_WITH_STATUS.has(key) || keys.has(key)) return true;
    return registered === undefined && !isBuiltin(r);
  };
}
