// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * anything has no schema at all.
   * +kubebuilder:validation:Schemaless
   */
  anything?: unknown;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
