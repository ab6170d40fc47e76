// Twin of controller-tools' pkg/crd/testdata/enum_error/api.go: +k8s:enum on a field, which
// controller-gen refuses too (it belongs on a type).
// +groupName=testdata.kubebuilder.io
// +versionName=v1
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';

// +kubebuilder:object:root=true
export interface EnumError {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec?: EnumErrorSpec;
}

export interface EnumErrorSpec {
  // +k8s:enum
  field?: string;
}

// +kubebuilder:object:root=true
export interface EnumErrorList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: EnumError[];
}
