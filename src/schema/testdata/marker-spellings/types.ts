// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32, RawExtension } from 'operator-ts/types';

/** WidgetSpec uses every marker spelling controller-gen accepts. */
export interface WidgetSpec {
  /**
   * policy is defaulted with the `:=` spelling.
   * +kubebuilder:default:=Allow
   */
  policy?: string;
  /**
   * mode lists its values with `:=`.
   * +kubebuilder:validation:Enum:=Fast;Slow
   * +kubebuilder:validation:MaxLength:=8
   */
  mode?: string;
  /**
   * literal is defaulted to the string null, as controller-gen reads a bare null.
   * +kubebuilder:default=null
   */
  literal?: string;
  /**
   * embedded carries the nullable spelling controller-gen ignores.
   * +kubebuilder:validation:EmbeddedResource
   * +kubebuilder:validation:nullable
   */
  embedded?: RawExtension;
  /**
   * justOptional carries a lower-case Optional, which controller-gen ignores.
   * +kubebuilder:validation:optional
   */
  justOptional?: string;
  /**
   * items is bounded with the declarative validation spellings.
   * +k8s:maxItems=3
   */
  items?: string[];
  /**
   * level is bounded with the declarative validation spellings.
   * +k8s:minimum=1
   * +k8s:maximum=5
   */
  level?: int32;
  /**
   * tags is a set, with `:=`.
   * +listType:=set
   */
  tags?: string[];
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: WidgetSpec;
}
