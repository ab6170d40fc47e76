// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta, V1LocalObjectReference, V1ServicePort, V1ResourceRequirements } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** secretRef names a secret. */
  secretRef?: V1LocalObjectReference;
  /** ports to expose. */
  ports?: V1ServicePort[];
  /** resources of the pod. */
  resources?: V1ResourceRequirements;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
