// Twin of controller-tools' pkg/crd/testdata/immutable/types.go. Go's `omitempty` and `omitzero` both
// make a field optional (`?`).
// +groupName=testdata.kubebuilder.io
// +versionName=v1
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';

// +kubebuilder:object:root=true
export interface ImmutableType {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec: ImmutableSpec;
}

// +kubebuilder:object:root=true
export interface ImmutableTypeList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: ImmutableType[];
}

export interface ImmutableSpec {
  // +k8s:immutable
  requiredString: string;

  // +k8s:immutable
  // +optional
  optionalString?: string;

  // +k8s:immutable
  // +optional
  optionalLiteralString?: string;

  // +k8s:immutable
  requiredStruct: NestedStruct;

  // +k8s:immutable
  // +optional
  optionalStruct?: NestedStruct;

  // +k8s:immutable
  // +optional
  optionalOmitZeroStruct?: NestedStruct;

  // +k8s:immutable
  requiredSlice: string[];

  // +k8s:immutable
  // +optional
  optionalSlice?: string[];

  // +k8s:immutable
  requiredMap: Record<string, string>;

  // +k8s:immutable
  // +optional
  optionalMap?: Record<string, string>;

  mutableString: string;
}

export interface NestedStruct {
  key: string;
  value: string;
}
