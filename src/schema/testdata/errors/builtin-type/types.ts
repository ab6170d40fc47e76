// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** labels as a Map. */
  labels?: Map<string, string>;
  /** done as a Promise. */
  done?: Promise<string>;
  /** partial copy. */
  partial?: Partial<WidgetStatus>;
  /** when it started: a Date is a date-time string. */
  started?: Date;
  /** tags: arrays and records stay fine. */
  tags?: Array<string>;
  /** extra settings. */
  extra?: Record<string, string>;
}

/** WidgetStatus is the observed state. */
export interface WidgetStatus {
  /** phase. */
  phase?: string;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
  status?: WidgetStatus;
}
