// Twin of controller-tools' pkg/crd/testdata/iface/types.go: a field of type any, which controller-gen
// refuses too.
// +groupName=testdata.kubebuilder.io
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

export interface InterfaceFieldSpec {
  bar?: any;
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:singular=interfacefield

/** InterfaceField is the Schema for the InterfaceField API */
export interface InterfaceField {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec?: InterfaceFieldSpec;
}
