// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** BasketSpec is the desired state. */
export interface BasketSpec {
  a?: string;
}

// +kubebuilder:object:root=true

/** Basket is the Schema for the baskets API. */
export interface Basket {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: BasketSpec;
}
