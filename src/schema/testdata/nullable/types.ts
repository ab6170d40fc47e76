// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Child is nested. */
export interface Child {
  /** x of the child. */
  x?: string;
}

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** name may be null. */
  name?: string | null;
  /** count may be null. */
  count?: int32 | null;
  /** marked uses +nullable.
   * +nullable
   */
  marked?: string;
  /** child may be null. */
  child?: Child | null;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
