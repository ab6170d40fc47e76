// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** Token writes itself through toJSON(), whose return type is only inferred. */
export class Token {
  value = '';

  toJSON() {
    return this.value;
  }
}

/** WidgetSpec holds a Token. */
export interface WidgetSpec {
  token?: Token;
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
