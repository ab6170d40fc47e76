// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Documented is described on the type; fields without docs use it. */
export type Documented = string;

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  // lineStyle uses line comments.
  // It has two lines.
  lineStyle?: string;
  /**
   * paragraphs are kept.
   *
   * Second paragraph.
   * TODO: this line is dropped.
   */
  paragraphs?: string;
  /**
   * cut keeps text above the rule.
   * ---
   * This is internal.
   */
  cut?: string;
  undocumented?: Documented;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
