// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/**
 * Range is an inclusive range.
 * +kubebuilder:validation:XValidation:rule="self.from <= self.to",message="from must not exceed to"
 * +structType=atomic
 */
export interface Range {
  /** from bound. */
  from: int32;
  /** to bound. */
  to: int32;
}

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** range uses a validated type. */
  range?: Range;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
