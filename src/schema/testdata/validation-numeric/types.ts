// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * replicas bounds.
   * +kubebuilder:validation:Minimum=0
   * +kubebuilder:validation:Maximum=10
   * +kubebuilder:validation:MultipleOf=2
   */
  replicas?: int32;
  /**
   * ratio exclusive bounds.
   * +kubebuilder:validation:Minimum=0.5
   * +kubebuilder:validation:ExclusiveMinimum=true
   * +kubebuilder:validation:Maximum=1.5
   * +kubebuilder:validation:ExclusiveMaximum=true
   */
  ratio?: float64;
  /**
   * negative minimum.
   * +kubebuilder:validation:Minimum=-5
   */
  offset?: int64;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
