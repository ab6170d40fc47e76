// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta, V1Condition } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** x field. */
  x: string;
}
/** WidgetStatus is the observed state. */
export interface WidgetStatus {
  /** conditions of the widget. */
  conditions?: V1Condition[];
  /** observedGeneration last seen. */
  observedGeneration?: int64;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec: WidgetSpec;
  status?: WidgetStatus;
}
