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

import type { KubernetesObject, Wire } from 'operator-ts/runtime';
import type { WebApp } from '../api/v1alpha1/webapp.types.js';

/** TENANT_LABEL is the label every object of a WebApp gets: the WebApp's own `web.example.com/tenant` label, else its name. */
export const TENANT_LABEL = 'web.example.com/tenant';

/** PodTemplate is the part of a workload's pod template the hook changes. */
interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
}

/** Kinds whose pod template sits at spec.template. */
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

/**
 * mutateWebApp changes one object the chart rendered for a WebApp, before it is applied. It is held to the
 * allow-list of operator-ts/runtime/helm (defaultMutationPolicy): new labels and annotations on metadata and
 * on pod templates. Anything else (RBAC objects, names, replica counts, images, a label the chart already
 * set) is refused: the WebApp gets a Failed condition that names the change, and nothing is applied.
 *
 * TODO(user): inject what your tenants need.
 */
export function mutateWebApp(object: KubernetesObject, owner: Wire<WebApp>): void {
  if (object.apiVersion === 'rbac.authorization.k8s.io/v1') return;
  const tenant = owner.metadata?.labels?.[TENANT_LABEL] ?? owner.metadata?.name ?? '';
  object.metadata = { ...object.metadata, labels: { [TENANT_LABEL]: tenant, ...object.metadata?.labels } };
  if (WORKLOADS.has(object.kind ?? '')) {
    const template = (object as { spec?: { template?: PodTemplate } }).spec?.template;
    if (template !== undefined) {
      template.metadata = { ...template.metadata, labels: { [TENANT_LABEL]: tenant, ...template.metadata?.labels } };
    }
  }
}
