// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Policy says when to restart. */
export type Policy = 'Always' | 'OnFailure' | 'Never';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** mode is a union of string literals. */
  mode: 'standalone' | 'cluster';
  /** level is a union of number literals. */
  level?: 1 | 2 | 3;
  /** policy uses a named literal union. */
  policy?: Policy;
  /** single is one literal. */
  single?: 'only';
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
