// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta, V1PodTemplateSpec } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** replicas wanted. */
  replicas?: int32;
  /** template of the pods. */
  template: V1PodTemplateSpec;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
