// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/**
 * WidgetSpec is the desired state.
 * +kubebuilder:validation:XValidation:rule="!has(self.name) || self.name.size() < 10",fieldPath=".nmae"
 */
export interface WidgetSpec {
  /**
   * name is a string: a fieldPath on its own rule cannot point inside it (the apiserver rejects the CRD).
   * +kubebuilder:validation:XValidation:rule="self.size() < 10",reason=FieldValueForbidden,fieldPath=".name"
   */
  name?: string;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
