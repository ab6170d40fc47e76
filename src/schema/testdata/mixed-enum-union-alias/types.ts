// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Low levels. */
export type Low = 'debug' | 'info';
/** High levels. */
export type High = 'warn' | 'error';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** level mixes aliases of literal unions. */
  level?: Low | High;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
