// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** Limits has a field. */
export interface Limits {
  max?: int32;
}

/** WidgetSpec borrows field types. */
export interface WidgetSpec {
  /** byName names a field Limits lacks (tsc accepts it only through a string index, which Limits has not). */
  byKey?: Limits[keyof Limits];
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
