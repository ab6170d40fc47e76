// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * image default.
   * +kubebuilder:default="nginx:1.27"
   */
  image?: string;
  /**
   * replicas default.
   * +kubebuilder:default=3
   */
  replicas?: int32;
  /**
   * args default list.
   * +kubebuilder:default={"--verbose","--color"}
   */
  args?: string[];
  /**
   * empty list default.
   * +kubebuilder:default={}
   */
  empty?: string[];
  /**
   * labels default map.
   * +kubebuilder:default={app: web, tier: "front"}
   */
  labels?: Record<string, string>;
  /**
   * policy default in JSON.
   * +default="Always"
   */
  policy?: string;
  /**
   * both markers: kubebuilder wins.
   * +default=1
   * +kubebuilder:default=2
   */
  both?: int32;
  /**
   * ref defaults are ignored.
   * +default=ref(Foo)
   */
  ref?: string;
  /**
   * enabled default.
   * +kubebuilder:default=true
   */
  enabled?: boolean;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
