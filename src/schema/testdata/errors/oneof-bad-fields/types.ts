// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/**
 * WidgetSpec.
 * +kubebuilder:validation:ExactlyOneOf=a;b
 * +kubebuilder:validation:AtMostOneOf=b;c
 * +kubebuilder:validation:AtLeastOneOf=b;x.y
 */
export interface WidgetSpec {
  /** a. */
  a: string;
  /** b. */
  b?: string;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
