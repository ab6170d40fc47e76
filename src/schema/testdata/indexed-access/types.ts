// +groupName=test.example.com
// +versionName=v1
import type { V1ContainerPort, V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** Limits is a local type whose fields others borrow. */
export interface Limits {
  /**
   * max is bounded here, on the field: a borrowed type does not carry it.
   * +kubebuilder:validation:Maximum=10
   */
  max?: int32;
  unit?: Unit;
}

/** Unit is a unit. */
export type Unit = 'Ki' | 'Mi';

/** WidgetSpec types its fields as the fields of other types (`T['field']`). */
export interface WidgetSpec {
  /** protocol has the type of ContainerPort's protocol, which client-node names no type for. */
  protocol?: V1ContainerPort['protocol'];
  /** max has the type of Limits.max. */
  max?: Limits['max'];
  /** unit has the type of Limits.unit. */
  unit: Limits['unit'];
  /** ports has the type of a list of ContainerPort's port. */
  ports?: V1ContainerPort['containerPort'][];
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
