// Twin of controller-tools' pkg/crd/testdata/oneof_missing_tag_error/types.go: a one-of over required
// fields (Go: without omitempty), which controller-gen refuses too.
// +groupName=testdata.kubebuilder.io
// +versionName=v1beta1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** OneofSpec is the spec for the oneofs API. */
export interface OneofSpec {
  typeWithMissingTag?: TypeWithMissingTag;
}

// +kubebuilder:validation:AtMostOneOf=foo;bar
export interface TypeWithMissingTag {
  foo: string;
  bar: string;
}

/** Oneof is the Schema for the Oneof API */
export interface Oneof {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec: OneofSpec;
}
