// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { Bytes, Condition, Duration, int32, IntOrString, JSONValue, MicroTime, Quantity, RawExtension, Time } from 'operator-ts/types';

/**
 * Name is a named string.
 * +kubebuilder:validation:MaxLength=10
 */
export type Name = string;

/** Phase is an enum. */
export type Phase = 'A' | 'B';

/** Inner is a struct. */
export interface Inner {
  a?: string;
}

/** WidgetSpec holds one +k8s:required field of every kind of type. */
export interface WidgetSpec {
  /** +k8s:required */
  s?: string;
  /** +k8s:required */
  l?: string[];
  /** +k8s:required */
  m?: Record<string, string>;
  /** +k8s:required */
  o?: Inner;
  /** +k8s:required */
  n?: Name;
  /** +k8s:required */
  i?: int32;
  /**
   * +k8s:required
   * +kubebuilder:validation:MinLength=3
   */
  s3?: string;
  /** +k8s:required */
  b?: Bytes;
  /** +k8s:required */
  bo?: boolean;
  /** +k8s:required */
  ph?: Phase;
  /** +k8s:required */
  cond?: Condition[];
  /** +k8s:required */
  t?: Time;
  /** +k8s:required */
  mt?: MicroTime;
  /** +k8s:required */
  du?: Duration;
  /** +k8s:required */
  q?: Quantity;
  /** +k8s:required */
  is?: IntOrString;
  /** +k8s:required */
  j?: JSONValue;
  /** +k8s:required */
  r?: RawExtension;
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
