import type {
  CoreV1Event,
  EventsV1Event,
  V1APIService,
  V1CertificateSigningRequest,
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1ConfigMap,
  V1ControllerRevision,
  V1CronJob,
  V1CSIDriver,
  V1CustomResourceDefinition,
  V1DaemonSet,
  V1Deployment,
  V1EndpointSlice,
  V1Endpoints,
  V1HorizontalPodAutoscaler,
  V1Ingress,
  V1IngressClass,
  V1Job,
  V1Lease,
  V1LimitRange,
  V1LocalSubjectAccessReview,
  V1MutatingWebhookConfiguration,
  V1Namespace,
  V1NetworkPolicy,
  V1Node,
  V1PersistentVolume,
  V1PersistentVolumeClaim,
  V1Pod,
  V1PodDisruptionBudget,
  V1PodTemplate,
  V1PriorityClass,
  V1ReplicaSet,
  V1ReplicationController,
  V1ResourceQuota,
  V1Role,
  V1RoleBinding,
  V1Secret,
  V1SelfSubjectAccessReview,
  V1Service,
  V1ServiceAccount,
  V1StatefulSet,
  V1StorageClass,
  V1SubjectAccessReview,
  V1TokenReview,
  V1ValidatingAdmissionPolicy,
  V1ValidatingAdmissionPolicyBinding,
  V1ValidatingWebhookConfiguration,
  V1VolumeAttachment,
  V2HorizontalPodAutoscaler,
} from '@kubernetes/client-node';
import { defineResource } from './resource.js';

const namespaced = true;
const cluster = false;

/**
 * builtin holds the descriptors of the Kubernetes built-in kinds an operator commonly reads, owns or
 * watches, typed with the @kubernetes/client-node models. Plurals and scopes are those the API server
 * serves. `Event` is `events.k8s.io/v1` (what the event recorder writes); `CoreEvent` is the legacy
 * core `v1` Event. `HorizontalPodAutoscaler` is `autoscaling/v2`, the served stable version.
 */
export const builtin = {
  // core/v1
  Pod: defineResource<V1Pod>({ group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced }),
  PodTemplate: defineResource<V1PodTemplate>({
    group: '',
    version: 'v1',
    kind: 'PodTemplate',
    plural: 'podtemplates',
    namespaced,
  }),
  ReplicationController: defineResource<V1ReplicationController>({
    group: '',
    version: 'v1',
    kind: 'ReplicationController',
    plural: 'replicationcontrollers',
    namespaced,
  }),
  Service: defineResource<V1Service>({ group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced }),
  ConfigMap: defineResource<V1ConfigMap>({
    group: '',
    version: 'v1',
    kind: 'ConfigMap',
    plural: 'configmaps',
    namespaced,
  }),
  Secret: defineResource<V1Secret>({ group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced }),
  ServiceAccount: defineResource<V1ServiceAccount>({
    group: '',
    version: 'v1',
    kind: 'ServiceAccount',
    plural: 'serviceaccounts',
    namespaced,
  }),
  Namespace: defineResource<V1Namespace>({
    group: '',
    version: 'v1',
    kind: 'Namespace',
    plural: 'namespaces',
    namespaced: cluster,
  }),
  Node: defineResource<V1Node>({ group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: cluster }),
  PersistentVolume: defineResource<V1PersistentVolume>({
    group: '',
    version: 'v1',
    kind: 'PersistentVolume',
    plural: 'persistentvolumes',
    namespaced: cluster,
  }),
  PersistentVolumeClaim: defineResource<V1PersistentVolumeClaim>({
    group: '',
    version: 'v1',
    kind: 'PersistentVolumeClaim',
    plural: 'persistentvolumeclaims',
    namespaced,
  }),
  Endpoints: defineResource<V1Endpoints>({
    group: '',
    version: 'v1',
    kind: 'Endpoints',
    plural: 'endpoints',
    namespaced,
  }),
  LimitRange: defineResource<V1LimitRange>({
    group: '',
    version: 'v1',
    kind: 'LimitRange',
    plural: 'limitranges',
    namespaced,
  }),
  ResourceQuota: defineResource<V1ResourceQuota>({
    group: '',
    version: 'v1',
    kind: 'ResourceQuota',
    plural: 'resourcequotas',
    namespaced,
  }),
  CoreEvent: defineResource<CoreV1Event>({ group: '', version: 'v1', kind: 'Event', plural: 'events', namespaced }),

  // events.k8s.io/v1
  Event: defineResource<EventsV1Event>({
    group: 'events.k8s.io',
    version: 'v1',
    kind: 'Event',
    plural: 'events',
    namespaced,
  }),

  // apps/v1
  Deployment: defineResource<V1Deployment>({
    group: 'apps',
    version: 'v1',
    kind: 'Deployment',
    plural: 'deployments',
    namespaced,
  }),
  StatefulSet: defineResource<V1StatefulSet>({
    group: 'apps',
    version: 'v1',
    kind: 'StatefulSet',
    plural: 'statefulsets',
    namespaced,
  }),
  DaemonSet: defineResource<V1DaemonSet>({
    group: 'apps',
    version: 'v1',
    kind: 'DaemonSet',
    plural: 'daemonsets',
    namespaced,
  }),
  ReplicaSet: defineResource<V1ReplicaSet>({
    group: 'apps',
    version: 'v1',
    kind: 'ReplicaSet',
    plural: 'replicasets',
    namespaced,
  }),
  ControllerRevision: defineResource<V1ControllerRevision>({
    group: 'apps',
    version: 'v1',
    kind: 'ControllerRevision',
    plural: 'controllerrevisions',
    namespaced,
  }),

  // batch/v1
  Job: defineResource<V1Job>({ group: 'batch', version: 'v1', kind: 'Job', plural: 'jobs', namespaced }),
  CronJob: defineResource<V1CronJob>({
    group: 'batch',
    version: 'v1',
    kind: 'CronJob',
    plural: 'cronjobs',
    namespaced,
  }),

  // networking.k8s.io/v1 and discovery.k8s.io/v1
  Ingress: defineResource<V1Ingress>({
    group: 'networking.k8s.io',
    version: 'v1',
    kind: 'Ingress',
    plural: 'ingresses',
    namespaced,
  }),
  IngressClass: defineResource<V1IngressClass>({
    group: 'networking.k8s.io',
    version: 'v1',
    kind: 'IngressClass',
    plural: 'ingressclasses',
    namespaced: cluster,
  }),
  NetworkPolicy: defineResource<V1NetworkPolicy>({
    group: 'networking.k8s.io',
    version: 'v1',
    kind: 'NetworkPolicy',
    plural: 'networkpolicies',
    namespaced,
  }),
  EndpointSlice: defineResource<V1EndpointSlice>({
    group: 'discovery.k8s.io',
    version: 'v1',
    kind: 'EndpointSlice',
    plural: 'endpointslices',
    namespaced,
  }),

  // coordination.k8s.io/v1
  Lease: defineResource<V1Lease>({
    group: 'coordination.k8s.io',
    version: 'v1',
    kind: 'Lease',
    plural: 'leases',
    namespaced,
  }),

  // rbac.authorization.k8s.io/v1
  Role: defineResource<V1Role>({
    group: 'rbac.authorization.k8s.io',
    version: 'v1',
    kind: 'Role',
    plural: 'roles',
    namespaced,
  }),
  RoleBinding: defineResource<V1RoleBinding>({
    group: 'rbac.authorization.k8s.io',
    version: 'v1',
    kind: 'RoleBinding',
    plural: 'rolebindings',
    namespaced,
  }),
  ClusterRole: defineResource<V1ClusterRole>({
    group: 'rbac.authorization.k8s.io',
    version: 'v1',
    kind: 'ClusterRole',
    plural: 'clusterroles',
    namespaced: cluster,
  }),
  ClusterRoleBinding: defineResource<V1ClusterRoleBinding>({
    group: 'rbac.authorization.k8s.io',
    version: 'v1',
    kind: 'ClusterRoleBinding',
    plural: 'clusterrolebindings',
    namespaced: cluster,
  }),

  // apiextensions.k8s.io/v1 and apiregistration.k8s.io/v1
  CustomResourceDefinition: defineResource<V1CustomResourceDefinition>({
    group: 'apiextensions.k8s.io',
    version: 'v1',
    kind: 'CustomResourceDefinition',
    plural: 'customresourcedefinitions',
    namespaced: cluster,
  }),
  APIService: defineResource<V1APIService>({
    group: 'apiregistration.k8s.io',
    version: 'v1',
    kind: 'APIService',
    plural: 'apiservices',
    namespaced: cluster,
  }),

  // admissionregistration.k8s.io/v1
  MutatingWebhookConfiguration: defineResource<V1MutatingWebhookConfiguration>({
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    kind: 'MutatingWebhookConfiguration',
    plural: 'mutatingwebhookconfigurations',
    namespaced: cluster,
  }),
  ValidatingWebhookConfiguration: defineResource<V1ValidatingWebhookConfiguration>({
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    kind: 'ValidatingWebhookConfiguration',
    plural: 'validatingwebhookconfigurations',
    namespaced: cluster,
  }),
  ValidatingAdmissionPolicy: defineResource<V1ValidatingAdmissionPolicy>({
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    kind: 'ValidatingAdmissionPolicy',
    plural: 'validatingadmissionpolicies',
    namespaced: cluster,
  }),
  ValidatingAdmissionPolicyBinding: defineResource<V1ValidatingAdmissionPolicyBinding>({
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    kind: 'ValidatingAdmissionPolicyBinding',
    plural: 'validatingadmissionpolicybindings',
    namespaced: cluster,
  }),

  // autoscaling/v2 and autoscaling/v1
  HorizontalPodAutoscaler: defineResource<V2HorizontalPodAutoscaler>({
    group: 'autoscaling',
    version: 'v2',
    kind: 'HorizontalPodAutoscaler',
    plural: 'horizontalpodautoscalers',
    namespaced,
  }),
  HorizontalPodAutoscalerV1: defineResource<V1HorizontalPodAutoscaler>({
    group: 'autoscaling',
    version: 'v1',
    kind: 'HorizontalPodAutoscaler',
    plural: 'horizontalpodautoscalers',
    namespaced,
  }),

  // policy/v1, scheduling.k8s.io/v1
  PodDisruptionBudget: defineResource<V1PodDisruptionBudget>({
    group: 'policy',
    version: 'v1',
    kind: 'PodDisruptionBudget',
    plural: 'poddisruptionbudgets',
    namespaced,
  }),
  PriorityClass: defineResource<V1PriorityClass>({
    group: 'scheduling.k8s.io',
    version: 'v1',
    kind: 'PriorityClass',
    plural: 'priorityclasses',
    namespaced: cluster,
  }),

  // storage.k8s.io/v1
  StorageClass: defineResource<V1StorageClass>({
    group: 'storage.k8s.io',
    version: 'v1',
    kind: 'StorageClass',
    plural: 'storageclasses',
    namespaced: cluster,
  }),
  CSIDriver: defineResource<V1CSIDriver>({
    group: 'storage.k8s.io',
    version: 'v1',
    kind: 'CSIDriver',
    plural: 'csidrivers',
    namespaced: cluster,
  }),
  VolumeAttachment: defineResource<V1VolumeAttachment>({
    group: 'storage.k8s.io',
    version: 'v1',
    kind: 'VolumeAttachment',
    plural: 'volumeattachments',
    namespaced: cluster,
  }),

  // certificates.k8s.io/v1
  CertificateSigningRequest: defineResource<V1CertificateSigningRequest>({
    group: 'certificates.k8s.io',
    version: 'v1',
    kind: 'CertificateSigningRequest',
    plural: 'certificatesigningrequests',
    namespaced: cluster,
  }),

  // Create-only review kinds (authentication.k8s.io/v1, authorization.k8s.io/v1), used by secure metrics.
  TokenReview: defineResource<V1TokenReview>({
    group: 'authentication.k8s.io',
    version: 'v1',
    kind: 'TokenReview',
    plural: 'tokenreviews',
    namespaced: cluster,
  }),
  SubjectAccessReview: defineResource<V1SubjectAccessReview>({
    group: 'authorization.k8s.io',
    version: 'v1',
    kind: 'SubjectAccessReview',
    plural: 'subjectaccessreviews',
    namespaced: cluster,
  }),
  SelfSubjectAccessReview: defineResource<V1SelfSubjectAccessReview>({
    group: 'authorization.k8s.io',
    version: 'v1',
    kind: 'SelfSubjectAccessReview',
    plural: 'selfsubjectaccessreviews',
    namespaced: cluster,
  }),
  LocalSubjectAccessReview: defineResource<V1LocalSubjectAccessReview>({
    group: 'authorization.k8s.io',
    version: 'v1',
    kind: 'LocalSubjectAccessReview',
    plural: 'localsubjectaccessreviews',
    namespaced,
  }),
} as const;

/** BuiltinKind names one entry of {@link builtin}. */
export type BuiltinKind = keyof typeof builtin;

/**
 * isBuiltinResource tells whether a descriptor names a built-in kind (matched on apiVersion and kind, not
 * identity, so that user-defined descriptors of the same resource count too).
 */
export function isBuiltinResource(resource: { apiVersion: string; kind: string }): boolean {
  return builtinKeys.has(`${resource.apiVersion}/${resource.kind}`);
}

const builtinKeys: ReadonlySet<string> = new Set(Object.values(builtin).map((r) => `${r.apiVersion}/${r.kind}`));
