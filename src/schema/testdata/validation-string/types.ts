// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * name constraints.
   * +kubebuilder:validation:MinLength=3
   * +kubebuilder:validation:MaxLength=20
   * +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
   */
  name?: string;
  /**
   * url format.
   * +kubebuilder:validation:Format=uri
   */
  url?: string;
  /**
   * quoted pattern.
   * +kubebuilder:validation:Pattern="^v[0-9]+$"
   */
  version?: string;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
