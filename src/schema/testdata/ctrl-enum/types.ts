// Twin of controller-tools' pkg/crd/testdata/enum/api.go. Go's `type EnumType string` with typed
// constants is a TypeScript string enum.
// +groupName=testdata.kubebuilder.io
// +versionName=v1
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';

// +k8s:enum
export enum EnumType {
  Value1 = 'Value1',
  Value2 = 'Value2',
}

// +kubebuilder:object:root=true

/** Enum is a test CRD that contains an enum. */
export interface Enum {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec?: EnumSpec;
}

/** EnumSpec defines the desired state of Enum */
export interface EnumSpec {
  field?: EnumType;
}

// +kubebuilder:object:root=true

/** EnumList contains a list of Enum */
export interface EnumList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: Enum[];
}
