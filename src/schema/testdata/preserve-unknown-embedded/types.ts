// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/**
 * Settings are free-form.
 * +kubebuilder:pruning:PreserveUnknownFields
 */
export type Settings = { [key: string]: unknown };

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * config keeps unknown fields.
   * +kubebuilder:pruning:PreserveUnknownFields
   */
  config?: unknown;
  /**
   * legacy keeps unknown fields (deprecated spelling).
   * +kubebuilder:validation:XPreserveUnknownFields
   */
  legacy?: Record<string, unknown>;
  /**
   * template is an embedded object.
   * +kubebuilder:validation:EmbeddedResource
   * +kubebuilder:pruning:PreserveUnknownFields
   */
  template?: RawExtension;
  /**
   * resource uses the X spelling.
   * +kubebuilder:validation:XEmbeddedResource
   * +kubebuilder:pruning:PreserveUnknownFields
   */
  resource?: RawExtension;
  /** settings uses a preserving type. */
  settings?: Settings;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
