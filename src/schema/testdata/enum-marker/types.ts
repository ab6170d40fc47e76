// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/**
 * Protocol is a network protocol.
 * +kubebuilder:validation:Enum=TCP;UDP;SCTP
 */
export type Protocol = string;

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * color from a marker.
   * +kubebuilder:validation:Enum=red;green;blue
   */
  color?: string;
  /**
   * size from a braces list.
   * +kubebuilder:validation:Enum={1,2,4}
   */
  size?: int32;
  /** protocol uses a typed enum. */
  protocol?: Protocol;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
