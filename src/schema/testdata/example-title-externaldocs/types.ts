// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * image with an example.
   * +kubebuilder:example="nginx:1.27"
   * +kubebuilder:title="Container image"
   */
  image?: string;
  /**
   * docs links elsewhere.
   * +kubebuilder:externalDocs:url="https://example.com/docs",description="Reference"
   */
  docs?: string;
  /**
   * tags with a list example.
   * +kubebuilder:example={a,b}
   */
  tags?: string[];
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
