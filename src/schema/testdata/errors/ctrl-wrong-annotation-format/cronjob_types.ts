// Twin of the kind of controller-tools' pkg/crd/testdata/wrong_annotation_format/cronjob_types.go: CRD
// annotations written key:value instead of key=value, which controller-gen refuses too.
// +groupName=testdata.kubebuilder.io
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** CronJobSpec defines the desired state of CronJob */
export interface CronJobSpec {
  /** The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron. */
  schedule: string;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=mycronjob
// +kubebuilder:storageversion
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io:https://github.com/kubernetes-sigs/controller-tools";"cert-manager.io/inject-ca-from-secret:cert-manager/cert-manager-webhook-ca"

/** CronJob is the Schema for the cronjobs API */
export interface CronJob {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec?: CronJobSpec;
}
