// +groupName=test.example.com
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** WidgetSpec is the desired state in v2. */
export interface WidgetSpec {
  /** size. */
  size?: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
