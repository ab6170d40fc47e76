// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** plain is required. */
  plain: string;
  /** question is optional. */
  question?: string;
  /**
   * a is optional by +optional.
   * +optional
   */
  a: string;
  /**
   * b is required by +required.
   * +required
   */
  b?: string;
  /**
   * c is optional by the kubebuilder marker.
   * +kubebuilder:validation:Optional
   */
  c: string;
  /**
   * d is required by the kubebuilder marker.
   * +kubebuilder:validation:Required
   */
  d?: string;
  /**
   * e is optional by +k8s:optional.
   * +k8s:optional
   */
  e: string;
  /**
   * f is required by +k8s:required.
   * +k8s:required
   */
  f?: string;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
