// +groupName=cache.example.com
// +versionName=v1
import type { V1Condition, V1ObjectMeta } from '@kubernetes/client-node';
import type { int32 } from 'operator-ts/types';

/** MemcachedSpec defines the desired state of Memcached. */
export interface MemcachedSpec {
  /**
   * size defines the number of Memcached instances.
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:validation:Maximum=3
   * +kubebuilder:default=1
   */
  size?: int32;
}

/** MemcachedStatus defines the observed state of Memcached. */
export interface MemcachedStatus {
  /**
   * conditions represent the current state of the Memcached resource.
   * +listType=map
   * +listMapKey=type
   * +optional
   */
  conditions?: V1Condition[];
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

/** Memcached is the Schema for the memcacheds API. */
export interface Memcached {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  /** spec defines the desired state of Memcached. */
  spec: MemcachedSpec;
  /** status defines the observed state of Memcached. */
  status?: MemcachedStatus;
}
