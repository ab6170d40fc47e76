// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** ListOf wraps items of any type. */
export interface ListOf<T> {
  /** items of the list. */
  items: T[];
  /** total count. */
  total?: int32;
}

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** names is a list of names. */
  names?: ListOf<string>;
  /** ports is a list of ports. */
  ports?: ListOf<int32>;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
