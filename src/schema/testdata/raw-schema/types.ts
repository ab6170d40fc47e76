// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, JSONValue } from 'operator-ts/types';

/**
 * Port is one port of a list whose items carry a default, which no marker can say on a type.
 * +kubebuilder:validation:Minimum=1
 * +operator-ts:schema={"default":80}
 */
export type Port = int32;

/**
 * WidgetSpec is the desired state.
 * +operator-ts:schema={"oneOf":[{"required":["a"]},{"required":["b"]}]}
 */
export interface WidgetSpec {
  /** a option. */
  a?: string;
  /** b option. */
  b?: string;
  /** ports have defaulted items. */
  ports?: Port[];
  /**
   * match is kept whole: the schema below replaces what the TypeScript type would give.
   * +kubebuilder:validation:Schemaless
   * +operator-ts:schema={"anyOf":[{"required":["host"]},{"required":["path"]}],"type":"object","x-kubernetes-preserve-unknown-fields":true}
   */
  match?: JSONValue;
  /**
   * mode overrides a marker value: the escape hatch is applied last.
   * +kubebuilder:validation:MaxLength=10
   * +operator-ts:schema={"maxLength":5,"pattern":"^a*\/b$"}
   */
  mode?: string;
}

// +kubebuilder:object:root=true

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
