// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Entry is a map value. */
export interface Entry {
  /** value of the entry. */
  value?: string;
}

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** labels is a Record. */
  labels?: Record<string, string>;
  /** counts is an index signature. */
  counts?: { [key: string]: int32 };
  /** nested maps two deep. */
  nested?: Record<string, Record<string, string>>;
  /** lists maps to arrays. */
  lists?: Record<string, string[]>;
  /** objects maps to objects. */
  objects?: Record<string, Entry>;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
