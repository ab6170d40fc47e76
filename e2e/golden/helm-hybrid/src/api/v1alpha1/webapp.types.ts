/*
Copyright The webapp-operator Authors.

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
import type { int64, JSONValue } from 'operator-ts/types';

// The spec of a WebApp is the values of the chart in charts/webapp: the types below were compiled from its
// values.yaml when the kind was created. Helm validates the values again at every render (against
// values.schema.json when the chart has one), and a WebApp whose values it refuses gets a Failed condition
// with Helm's error. Regenerate them with `create api --force` after changing the chart's values.

export interface WebAppSpec {
  /**
   * This will set the replicaset count more information can be found here: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/
   */
  replicaCount?: int64;
  /**
   * This sets the container image more information can be found here: https://kubernetes.io/docs/concepts/containers/images/
   */
  image?: {
    repository?: string;
    /**
     * This sets the pull policy for images.
     */
    pullPolicy?: string;
    /**
     * Overrides the image tag whose default is the chart appVersion.
     */
    tag?: string;
  };
  /**
   * This is for the secrets for pulling an image from a private repository more information can be found here: https://kubernetes.io/docs/tasks/configure-pod-container/pull-image-private-registry/
   */
  imagePullSecrets?: JSONValue[];
  /**
   * This is to override the chart name.
   */
  nameOverride?: string;
  fullnameOverride?: string;
  /**
   * This section builds out the service account more information can be found here: https://kubernetes.io/docs/concepts/security/service-accounts/
   */
  serviceAccount?: {
    /**
     * Specifies whether a service account should be created.
     */
    create?: boolean;
    /**
     * Automatically mount a ServiceAccount's API credentials?
     */
    automount?: boolean;
    /**
     * Annotations to add to the service account.
     */
    annotations?: Record<string, JSONValue>;
    /**
     * The name of the service account to use.
     * If not set and create is true, a name is generated using the fullname template.
     */
    name?: string;
  };
  /**
   * This is for setting Kubernetes Annotations to a Pod.
   * For more information checkout: https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations/
   */
  podAnnotations?: Record<string, JSONValue>;
  /**
   * This is for setting Kubernetes Labels to a Pod.
   * For more information checkout: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/
   */
  podLabels?: Record<string, JSONValue>;
  podSecurityContext?: Record<string, JSONValue>;
  securityContext?: Record<string, JSONValue>;
  /**
   * This is for setting up a service more information can be found here: https://kubernetes.io/docs/concepts/services-networking/service/
   */
  service?: {
    /**
     * This sets the service type more information can be found here: https://kubernetes.io/docs/concepts/services-networking/service/#publishing-services-service-types
     */
    type?: string;
    /**
     * This sets the ports more information can be found here: https://kubernetes.io/docs/concepts/services-networking/service/#field-spec-ports
     */
    port?: int64;
  };
  /**
   * This block is for setting up the ingress for more information can be found here: https://kubernetes.io/docs/concepts/services-networking/ingress/
   */
  ingress?: {
    enabled?: boolean;
    className?: string;
    annotations?: Record<string, JSONValue>;
    hosts?: {
      host?: string;
      paths?: {
        path?: string;
        pathType?: string;
      }[];
    }[];
    tls?: JSONValue[];
  };
  /**
   * -- Expose the service via gateway-api HTTPRoute
   * Requires Gateway API resources and suitable controller installed within the cluster
   * (see: https://gateway-api.sigs.k8s.io/guides/)
   */
  httpRoute?: {
    /**
     * HTTPRoute enabled.
     */
    enabled?: boolean;
    /**
     * HTTPRoute annotations.
     */
    annotations?: Record<string, JSONValue>;
    /**
     * Which Gateways this Route is attached to.
     */
    parentRefs?: {
      name?: string;
      sectionName?: string;
    }[];
    hostnames?: string[];
    rules?: {
      matches?: {
        path?: {
          type?: string;
          value?: string;
        };
      }[];
    }[];
  };
  resources?: Record<string, JSONValue>;
  /**
   * This is to setup the liveness and readiness probes more information can be found here: https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/
   */
  livenessProbe?: {
    httpGet?: {
      path?: string;
      port?: string;
    };
  };
  readinessProbe?: {
    httpGet?: {
      path?: string;
      port?: string;
    };
  };
  /**
   * This section is for setting up autoscaling more information can be found here: https://kubernetes.io/docs/concepts/workloads/autoscaling/
   */
  autoscaling?: {
    enabled?: boolean;
    minReplicas?: int64;
    maxReplicas?: int64;
    targetCPUUtilizationPercentage?: int64;
  };
  volumes?: JSONValue[];
  /**
   * Additional volumeMounts on the output Deployment definition.
   */
  volumeMounts?: JSONValue[];
  nodeSelector?: Record<string, JSONValue>;
  tolerations?: JSONValue[];
  affinity?: Record<string, JSONValue>;
}

/** WebAppInventoryEntry names one object applied for a WebApp, so that it is pruned once it leaves the render. */
export interface WebAppInventoryEntry {
  apiVersion: string;
  kind: string;
  /** +optional */
  namespace?: string;
  name: string;
}

/** WebAppStatus is the observed state of a WebApp, written by its controller. */
export interface WebAppStatus {
  /**
   * observedGeneration is the metadata.generation the conditions were set for.
   * +optional
   */
  observedGeneration?: int64;
  /**
   * conditions are Deployed (the render is applied) and Failed (with Helm's error, or why the mutation
   * hook was refused).
   * +listType=map
   * +listMapKey=type
   * +optional
   */
  conditions?: Condition[];
  /**
   * inventory lists the objects the last successful reconcile applied.
   * +optional
   */
  inventory?: WebAppInventoryEntry[];
}

/**
 * WebApp is the Schema for the webapps API: one release of the webapp chart.
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:printcolumn:name="Deployed",type=string,JSONPath=`.status.conditions[?(@.type=="Deployed")].status`
 * +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
 */
export interface WebApp {
  /** apiVersion defines the versioned schema of this representation of an object. */
  apiVersion?: string;
  /** kind is a string value representing the REST resource this object represents. */
  kind?: string;
  /** metadata is a standard object's metadata. */
  metadata?: V1ObjectMeta;
  /**
   * spec holds the chart's values; the API server keeps them as sent and Helm checks them.
   * +kubebuilder:validation:Type=object
   * +kubebuilder:validation:Schemaless
   * +kubebuilder:pruning:PreserveUnknownFields
   * +optional
   */
  spec?: WebAppSpec;
  /** status defines the observed state of WebApp. */
  status?: WebAppStatus;
}

/**
 * WebAppList contains a list of WebApp.
 * +kubebuilder:object:root=true
 */
export interface WebAppList {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ListMeta;
  items: WebApp[];
}
