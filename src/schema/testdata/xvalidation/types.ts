// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/**
 * WidgetSpec is the desired state.
 * +kubebuilder:validation:XValidation:rule="!has(self.min) || !has(self.max) || self.min <= self.max",message="min must not exceed max"
 * +kubebuilder:validation:XValidation:rule="!has(self.name) || self.name.size() < 10",reason=FieldValueForbidden,fieldPath=".name"
 */
export interface WidgetSpec {
  /**
   * min value.
   * +kubebuilder:validation:XValidation:rule="self >= 0",message="min must not be negative"
   */
  min?: int32;
  /** max value. */
  max?: int32;
  /**
   * name rules.
   * +kubebuilder:validation:XValidation:rule="self.startsWith('a')",messageExpression="'name must start with a, got ' + self"
   */
  name?: string;
  /**
   * ratchet uses optionalOldSelf.
   * +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self >= oldSelf.value()",optionalOldSelf=true,message="cannot decrease"
   */
  ratchet?: int32;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
