// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Item is an element. */
export interface Item {
  /** key of the item. */
  key: string;
}

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** a is T[]. */
  a: string[];
  /** b is Array<T>. */
  b?: Array<int32>;
  /** c is readonly T[]. */
  c?: readonly string[];
  /** d is ReadonlyArray<T>. */
  d?: ReadonlyArray<boolean>;
  /** nested is an array of arrays. */
  nested?: string[][];
  /** items is an array of objects. */
  items?: Item[];
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
