// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, int64, float64, Time, MicroTime, Duration, Quantity, IntOrString, Bytes, JSONValue, RawExtension } from 'operator-ts/types';

/** Server is a server. */
export interface Server {
  /** name of the server. */
  name: string;
  /** port of the server. */
  port: int32;
}
/** Ref is a reference. */
export interface Ref {
  /** name of the target. */
  name?: string;
}
/**
 * ServerList is a map-list of servers.
 * +listType=map
 * +listMapKey=name
 */
export type ServerList = Server[];

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /**
   * servers keyed by name and port.
   * +listType=map
   * +listMapKey=name
   * +listMapKey=port
   */
  servers?: Server[];
  /**
   * tags are a set.
   * +listType=set
   */
  tags?: string[];
  /**
   * args are atomic.
   * +k8s:listType=atomic
   */
  args?: string[];
  /**
   * byName uses k8s: aliases.
   * +k8s:listType=map
   * +k8s:listMapKey=name
   */
  byName?: Server[];
  /**
   * labels are granular.
   * +mapType=granular
   */
  labels?: Record<string, string>;
  /**
   * ref is an atomic struct.
   * +structType=atomic
   */
  ref?: Ref;
  /** list uses a named list type. */
  list?: ServerList;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
