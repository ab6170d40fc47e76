// Twin of controller-tools' pkg/crd/testdata/wrong_title_format/types.go: titles that are no strings,
// which controller-gen refuses too. JobSpec.test is added: controller-tools' test asks for TestType's
// schema directly, operator-ts reads the types a kind reaches.
// +groupName=testdata.kubebuilder.io
// +versionName=v1beta1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

import type * as unserved from '../../ctrl-cronjob/unserved/types.js';

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=job
export interface TestType {
  /**
   * Count is the number of times a job may be executed.
   *
   * +kubebuilder:title={}
   */
  count: int32;
}

/** JobSpec is the spec for the jobs API. */
export interface JobSpec {
  /**
   * FriendlyName is the friendly name for the job.
   *
   * +kubebuilder:title=123
   */
  friendlyName: string;

  /** CronJob is the spec for the related CrongJob. */
  crongJob: unserved.CronJobSpec;

  test: TestType;
}

/** Job is the Schema for the jobs API */
export interface Job {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec: JobSpec;
}
