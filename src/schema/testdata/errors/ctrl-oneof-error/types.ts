// Twin of controller-tools' pkg/crd/testdata/oneof_error/types.go: a one-of marker naming nested fields,
// which controller-gen refuses too.
// +groupName=testdata.kubebuilder.io
// +versionName=v1beta1
import type { V1ObjectMeta } from '@kubernetes/client-node';

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=oneof

/**
 * OneofSpec is the spec for the oneofs API.
 * +kubebuilder:validation:AtMostOneOf=field.foo;field.bar
 */
export interface OneofSpec {
  field?: TypeWithOneofs;
}

export interface TypeWithOneofs {
  foo?: string;
  bar?: string;
}

/** Oneof is the Schema for the Oneof API */
export interface Oneof {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec: OneofSpec;
}
