// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** WidgetSpec holds JavaScript patterns that RE2 refuses. */
export interface WidgetSpec {
  /**
   * lookahead is valid in JavaScript, not in RE2.
   * +kubebuilder:validation:Pattern=`^(?=.*[0-9]).+$`
   */
  lookahead?: string;
  /**
   * twice repeats a group by back-reference.
   * +kubebuilder:validation:Pattern=`^(a)\1$`
   */
  twice?: string;
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
