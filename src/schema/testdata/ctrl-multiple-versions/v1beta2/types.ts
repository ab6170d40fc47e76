// Twin of controller-tools' pkg/crd/testdata/multiple_versions/v1beta2/types.go. Without +versionName the
// version is the folder's name, as controller-gen takes the Go package's name.
// +groupName=testdata.kubebuilder.io
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';
import type * as multiver from '../common.js';

export interface VersionedResourceSpec {
  struct?: multiver.OuterStruct;
}

// +kubebuilder:storageversion
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:singular=versionedresource

export interface VersionedResource {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec: VersionedResourceSpec;
}

// +kubebuilder:object:root=true

export interface VersionedResourceList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: VersionedResource[];
}
