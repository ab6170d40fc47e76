// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int64 } from 'operator-ts/types';

/** WidgetSpec holds fixed-length lists, as Go arrays. */
export interface WidgetSpec {
  /** triple is a Go [3]int64. */
  triple?: [int64, int64, int64];
  /** pair names its members. */
  pair?: [first: string, second: string];
  /**
   * bounded carries list markers.
   * +listType=set
   * +kubebuilder:validation:items:MaxLength=5
   */
  bounded?: readonly [string, string];
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
