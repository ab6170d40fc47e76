// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/**
 * Limits has bounds on how many fields are set.
 * +kubebuilder:validation:MinProperties=1
 * +kubebuilder:validation:MaxProperties=2
 */
export interface Limits {
  /** cpu limit. */
  cpu?: string;
  /** memory limit. */
  memory?: string;
  /** disk limit. */
  disk?: string;
}

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * labels sized.
   * +kubebuilder:validation:MinProperties=1
   * +kubebuilder:validation:MaxProperties=10
   */
  labels?: Record<string, string>;
  /** limits uses a type with property bounds. */
  limits?: Limits;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
