/*
Copyright The mesh-operator Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';
import type { Condition } from 'operator-ts/runtime';

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// NOTE: properties without `?` are required in the CRD schema. Run `npm run manifests` to regenerate
// the CRD and `npm run generate` to regenerate zz_generated.resources.ts after modifying this file.

/** CanarySpec defines the desired state of Canary. */
export interface CanarySpec {
  // INSERT ADDITIONAL SPEC FIELDS - desired state of cluster.
  // Validation markers: https://book.kubebuilder.io/reference/markers/crd-validation.html

  /**
   * foo is an example field of Canary. Edit canary.types.ts to remove/update.
   * +optional
   */
  foo?: string;
}

/** CanaryStatus defines the observed state of Canary. */
export interface CanaryStatus {
  // INSERT ADDITIONAL STATUS FIELDS - observed state of cluster.

  /**
   * conditions represent the current state of the Canary resource.
   * Each condition has a unique type and reflects the status of a specific aspect of the resource.
   *
   * Standard condition types include:
   * - "Available": the resource is fully functional
   * - "Progressing": the resource is being created or updated
   * - "Degraded": the resource failed to reach or maintain its desired state
   *
   * The status of each condition is one of True, False, or Unknown.
   * +listType=map
   * +listMapKey=type
   * +optional
   */
  conditions?: Condition[];
}

/**
 * Canary is the Schema for the canaries API.
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 */
export interface Canary {
  /** apiVersion defines the versioned schema of this representation of an object. */
  apiVersion?: string;
  /** kind is a string value representing the REST resource this object represents. */
  kind?: string;
  /** metadata is a standard object's metadata. */
  metadata?: V1ObjectMeta;
  /** spec defines the desired state of Canary. */
  spec: CanarySpec;
  /** status defines the observed state of Canary. */
  status?: CanaryStatus;
}

/**
 * CanaryList contains a list of Canary.
 * +kubebuilder:object:root=true
 */
export interface CanaryList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: Canary[];
}
