// Twin of controller-tools' pkg/crd/testdata/oneof/types.go. Go's `omitempty` and `omitzero` both make a
// field optional (`?`); a Go pointer has no TypeScript spelling beyond that.
// +groupName=testdata.kubebuilder.io
// +versionName=v1beta1
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=oneof

/** OneofSpec is the spec for the oneofs API. */
export interface OneofSpec {
  firstTypeWithOneof?: TypeWithOneofs;
  secondTypeWithOneof?: TypeWithMultipleOneofs;

  firstTypeWithExactOneof?: TypeWithExactOneofs;
  secondTypeWithExactOneof?: TypeWithMultipleExactOneofs;

  typeWithMultipleAtLeastOneOf?: TypeWithMultipleAtLeastOneofs;

  typeWithAllOneOf?: TypeWithAllOneofs;

  typeWithOmitZero?: TypeWithOmitZero;

  typeWithOmitZeroExact?: TypeWithOmitZeroExact;

  typeWithOmitZeroAtLeastOneOf?: TypeWithOmitZeroAtLeastOneOf;

  firstCustomTypeAlias?: CustomTypeAlias;

  /** This verifies if the custom type alias XValidation is not duplicated. */
  secondCustomTypeAlias?: CustomTypeAlias;
}

// +kubebuilder:validation:XValidation:message="only one of foo|bar may be set",rule="!(has(self.foo) && has(self.bar))"
// +kubebuilder:validation:AtMostOneOf=foo;bar
export interface TypeWithOneofs {
  foo?: string;
  bar?: string;
}

// +kubebuilder:validation:AtMostOneOf=a;b
// +kubebuilder:validation:AtMostOneOf=c;d
export interface TypeWithMultipleOneofs {
  a?: string;
  b?: string;

  c?: string;
  d?: string;
}

// +kubebuilder:validation:ExactlyOneOf=foo;bar
export interface TypeWithExactOneofs {
  foo?: string;
  bar?: string;
}

// +kubebuilder:validation:ExactlyOneOf=a;b
// +kubebuilder:validation:ExactlyOneOf=c;d
export interface TypeWithMultipleExactOneofs {
  a?: string;
  b?: string;

  c?: string;
  d?: string;
}

// +kubebuilder:validation:AtLeastOneOf=a;b
// +kubebuilder:validation:AtLeastOneOf=c;d
export interface TypeWithMultipleAtLeastOneofs {
  a?: string;
  b?: string;

  c?: string;
  d?: string;
}

// +kubebuilder:validation:AtMostOneOf=a;b
// +kubebuilder:validation:ExactlyOneOf=c;d
// +kubebuilder:validation:AtLeastOneOf=e;f
export interface TypeWithAllOneofs {
  a?: string;
  b?: string;

  c?: string;
  d?: string;

  e?: string;
  f?: string;
}

// +kubebuilder:validation:AtMostOneOf=foo;bar
export interface TypeWithOmitZero {
  foo?: string;
  bar?: string;
}

// +kubebuilder:validation:ExactlyOneOf=a;b
export interface TypeWithOmitZeroExact {
  a?: string;
  b?: string;
}

// +kubebuilder:validation:AtLeastOneOf=c;d
export interface TypeWithOmitZeroAtLeastOneOf {
  c?: string;
  d?: string;
}

/**
 * CustomTypeAlias is a custom alias
 * +kubebuilder:validation:XValidation:rule="self >= 100 && self <= 1000",message="invalid CustomTypeAlias value"
 */
export type CustomTypeAlias = int32;

/** Oneof is the Schema for the Oneof API */
export interface Oneof {
  /*
   */
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec: OneofSpec;
}

// +kubebuilder:object:root=true

/** OneofList contains a list of Oneof */
export interface OneofList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: Oneof[];
}
