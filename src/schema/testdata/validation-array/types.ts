// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * tags constraints.
   * +kubebuilder:validation:MinItems=1
   * +kubebuilder:validation:MaxItems=5
   * +kubebuilder:validation:items:MinLength=2
   * +kubebuilder:validation:items:MaxLength=10
   * +kubebuilder:validation:items:Pattern=`^[a-z]+$`
   */
  tags?: string[];
  /**
   * ports item bounds.
   * +kubebuilder:validation:items:Minimum=1
   * +kubebuilder:validation:items:Maximum=65535
   * +kubebuilder:validation:items:Enum=80;443;8080
   */
  ports?: int32[];
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
