// +groupName=test.example.com
// +versionName=v1
import type { V1JobTemplateSpec, V1ObjectMeta } from '@kubernetes/client-node';

/** WidgetSpec is the desired state. */
export interface WidgetSpec {
  /** jobTemplate of the jobs to run, as a CronJob embeds it. */
  jobTemplate: V1JobTemplateSpec;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
