// Twin of controller-tools' pkg/crd/testdata/job/types.go: a kind without +kubebuilder:object:root (the
// marker stands on its spec) whose spec embeds a type of another API folder.
// +groupName=testdata.kubebuilder.io
// +versionName=v1beta1
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

import type * as unserved from '../ctrl-cronjob/unserved/types.js';

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=job

/** JobSpec is the spec for the jobs API. */
export interface JobSpec {
  /**
   * FriendlyName is the friendly name for the job.
   *
   * +kubebuilder:validation:MinLength=5
   */
  friendlyName: string;

  /**
   * Count is the number of times a job may be executed.
   *
   * +kubebuilder:validation:Minimum=0
   * +kubebuilder:validation:Maximum=10
   */
  count: int32;

  /** CronJob is the spec for the related CrongJob. */
  crongJob: unserved.CronJobSpec;
}

/** Job is the Schema for the jobs API */
export interface Job {
  /*
   */
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec: JobSpec;
}

// +kubebuilder:object:root=true

/** JobList contains a list of Job */
export interface JobList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: Job[];
}
