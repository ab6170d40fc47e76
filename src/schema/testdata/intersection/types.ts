// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Part1 has a. */
export interface Part1 {
  /** a field. */
  a: string;
}
/** WidgetSpec merges two parts. */
export type WidgetSpec = Part1 & {
  /** b field. */
  b?: int32;
};

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
