// Twin of controller-tools' pkg/crd/testdata/unserved/types.go: the unserved v1beta1 version of CronJob.
// +groupName=testdata.kubebuilder.io
// +versionName=v1beta1
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** CronJobSpec defines the desired state of CronJob */
export interface CronJobSpec {
  /**
   * This tests that markers that are allowed on both fields and types are applied to fields
   * +kubebuilder:validation:MinLength=4
   */
  twoOfAKindPart0: string;

  /**
   * +kubebuilder:validation:Minimum=-2
   * +kubebuilder:validation:Maximum=2
   * +kubebuilder:validation:MultipleOf=2
   */
  int32WithValidations: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=mycronjob
// +kubebuilder:unservedversion

/** CronJob is the Schema for the cronjobs API */
export interface CronJob {
  /*
   */
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec?: CronJobSpec;
}

// +kubebuilder:object:root=true

/** CronJobList contains a list of CronJob */
export interface CronJobList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: CronJob[];
}
