// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int, int32, int64 } from 'operator-ts/types';

/** WidgetSpec holds Go's int beside the sized integers. */
export interface WidgetSpec {
  /**
   * replicas is a Go int: an integer without format.
   * +kubebuilder:validation:Minimum=0
   */
  replicas?: int;
  /** counts are ints too. */
  counts?: int[];
  /** byName maps names to ints. */
  byName?: Record<string, int>;
  /** small is an int32. */
  small?: int32;
  /** big is an int64. */
  big?: int64;
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
