// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/**
 * ShortName is a short DNS label.
 * +kubebuilder:validation:MinLength=1
 * +kubebuilder:validation:MaxLength=63
 * +kubebuilder:validation:Pattern=`^[a-z0-9-]+$`
 */
export type ShortName = string;

/**
 * Hosts is a list of host names.
 * +kubebuilder:validation:MinItems=1
 * +kubebuilder:validation:items:MaxLength=253
 */
export type Hosts = string[];

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** name uses a constrained alias. */
  name?: ShortName;
  /**
   * tighter tightens the alias at the field.
   * +kubebuilder:validation:MaxLength=5
   */
  tighter?: ShortName;
  /** hosts uses a constrained list type. */
  hosts?: Hosts;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
