// Twin of controller-tools' pkg/crd/testdata/deprecated/types.go: the deprecated v1beta2 version of CronJob.
// +groupName=testdata.kubebuilder.io
// +versionName=v1beta2
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=mycronjob
// +kubebuilder:deprecatedversion:warning="use v1 instead, this version causes your data center to catch fire when used on Tuesdays"

/** CronJob is the Schema for the cronjobs API */
export interface CronJob {
  /*
   */
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
}

// +kubebuilder:object:root=true

/** CronJobList contains a list of CronJob */
export interface CronJobList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: CronJob[];
}
