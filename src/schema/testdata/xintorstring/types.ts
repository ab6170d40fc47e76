// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * port accepts a number or a named port.
   * +kubebuilder:validation:XIntOrString
   * +kubebuilder:validation:Pattern=`^[a-z0-9-]+$`
   * +kubebuilder:validation:MaxLength=15
   */
  port?: IntOrString;
  /**
   * percents are ints or percentages.
   * +kubebuilder:validation:items:XIntOrString
   * +kubebuilder:validation:items:Pattern=`^[0-9]+%?$`
   */
  percents?: IntOrString[];
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
