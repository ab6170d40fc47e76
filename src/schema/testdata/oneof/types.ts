// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/**
 * WidgetSpec is the desired state.
 * +kubebuilder:validation:ExactlyOneOf=a;b
 * +kubebuilder:validation:AtMostOneOf=c;d
 * +kubebuilder:validation:AtLeastOneOf=a;c
 */
export interface WidgetSpec {
  /** a option. */
  a?: string;
  /** b option. */
  b?: string;
  /** c option. */
  c?: string;
  /** d option. */
  d?: string;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
