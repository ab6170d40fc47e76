// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** name is a string. */
  name: string;
  /** enabled is a boolean. */
  enabled: boolean;
  /** count is an int32. */
  count: int32;
  /** big is an int64. */
  big: int64;
  /** ratio is a float64. */
  ratio?: float64;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
