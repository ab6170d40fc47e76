// Twin of controller-tools' pkg/crd/testdata/external_docs/types.go.
// +groupName=testdata.kubebuilder.io
// +versionName=v1
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';

// +kubebuilder:object:root=true

/** ExternalDocSpec defines the desired state of ExternalDoc */
export interface ExternalDocSpec {
  /**
   * This tests that external documentation can be attached to a field with url and description.
   * +kubebuilder:externalDocs:url="https://example.com/docs",description="external docs description"
   */
  fieldWithExternalDoc?: string;

  /**
   * This tests that external documentation can be attached with only url.
   * +kubebuilder:externalDocs:url="https://example.com/docs"
   */
  fieldWithExternalDocURLOnly?: string;

  /** This tests that external documentation from a type is propagated. */
  typeWithExternalDoc?: TypeWithExternalDoc;
}

/**
 * TypeWithExternalDoc is a type with external documentation.
 * +kubebuilder:externalDocs:url="https://example.com/type-docs",description="type-level external docs"
 */
export type TypeWithExternalDoc = string;

/** ExternalDoc is the Schema for the external docs API */
export interface ExternalDoc {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;

  spec?: ExternalDocSpec;
}

// +kubebuilder:object:root=true

/** ExternalDocList contains a list of ExternalDoc */
export interface ExternalDocList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: ExternalDoc[];
}
