// +groupName=test.example.com
// +versionName=v1
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=jobby

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
}

/** Job is the Schema for the jobs API: a kind by its shape, without a root marker. */
export interface Job {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec: JobSpec;
}

// +kubebuilder:object:root=true

/** JobList contains a list of Job. */
export interface JobList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: Job[];
}

/** TypeAndObjectMeta is a private building block, so it is no kind itself. */
interface TypeAndObjectMeta {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
}

/** Crate is a kind declared as an intersection with its metadata. */
export type Crate = TypeAndObjectMeta & {
  /** size of the crate. */
  size?: int32;
};

/** Gadget is a kind declared as a class that extends nothing. */
export class Gadget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  /** color of the gadget. */
  color?: string;
}

/** OtherJob names the Job type again; like Go's `type OtherJob Job`, it is no kind. */
export type OtherJob = Job;
