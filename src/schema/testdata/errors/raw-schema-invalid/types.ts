// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * a is not JSON.
   * +operator-ts:schema={oneOf: []}
   */
  a?: string;
  /**
   * b is JSON but not an object.
   * +operator-ts:schema=[1, 2]
   */
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
