// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** BasketSpec closes too early: c and d would be lost. */
export interface BasketSpec { a?: string; } c?: string; d?: int32 }

// +kubebuilder:object:root=true

/** Basket is the Schema for the baskets API. */
export interface Basket {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: BasketSpec;
}
