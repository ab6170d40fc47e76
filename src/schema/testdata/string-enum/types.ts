// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Phase is the lifecycle phase. */
export enum Phase {
  Pending = 'Pending',
  Running = 'Running',
  Done = 'Done',
}

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** phase is a string enum. */
  phase?: Phase;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
