// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** tier names a known tier or any other string. */
  tier?: 'gold' | 'silver' | (string & {}) | string;
  /** zone is a known zone or any string. */
  zone?: 'a' | 'b' | string;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
