// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** LABEL_PREFIX is built with a template literal; the markers below it must still be read. */
export const LABEL_PREFIX = `shop.example.com/${'v1'}-`;

// BasketSpec is the desired state.
// +kubebuilder:validation:MinProperties=1
export interface BasketSpec {
  // label, in a line comment.
  // +kubebuilder:validation:MaxLength=63
  label?: string;
  /**
   * count, in a JSDoc comment.
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:validation:Maximum=10
   */
  count?: int32;
  /** note keeps a string default with // and quotes. */
  // +kubebuilder:default="a // \"b\" /* c */"
  note?: string;
}

/** A string that looks like a marker is not one. */
export const NOT_A_MARKER = '// +kubebuilder:validation:MaxLength=1';

/** TICKS is a regex literal holding a back-quote, a quote and slashes. */
export const TICKS = /[`'"]\/\/ \+kubebuilder:validation:MinLength=99/g;

/** BasketStatus is the observed state. */
export interface BasketStatus {
  /**
   * items counted.
   * +kubebuilder:validation:Minimum=0
   */
  items?: int32;
}

const half = 10 / 2 / 1;

/**
 * Basket is the Schema for the baskets API.
 * +kubebuilder:subresource:status
 */
// +kubebuilder:object:root=true
// +kubebuilder:printcolumn:name="Label",type=string,JSONPath=`.spec.label`
export interface Basket {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: BasketSpec;
  status?: BasketStatus;
}

export const HALF = `${half}`;
