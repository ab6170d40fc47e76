// +groupName=test.example.com
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** WidgetSpec is the desired state in v3alpha1. */
export interface WidgetSpec {
  /** replicas of it. */
  replicas?: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:unservedversion
/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
