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

import {
  newControllerManagedBy,
  type Client,
  type EventRecorder,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
  type Wire,
} from 'operator-ts/runtime';
import { helmReleaseReconciler, type MutationHook } from 'operator-ts/runtime/helm';
import { WebAppResource } from '../api/v1alpha1/zz_generated.resources.js';
import type { WebApp } from '../api/v1alpha1/webapp.types.js';
import { mutateWebApp } from './webapp.mutation.js';

/** WebAppChart is the chart every WebApp renders: charts/webapp, or the path in $WEB_APP_CHART. */
export const WebAppChart = process.env['WEB_APP_CHART'] ?? 'charts/webapp';

/**
 * WebAppReconciler makes each WebApp a release of the webapp chart: it renders the chart with the
 * Helm CLI (`helm template`, $HELM_BIN or helm on the PATH) with the WebApp's spec as values, runs
 * `mutateWebApp` on every rendered object, applies them with server-side apply, owned by the
 * WebApp, and deletes objects that left the render. The values the operator fixes (`fullnameOverride`,
 * `nameOverride`) are refused in a spec, and a mutation outside the allow-list of
 * operator-ts/runtime/helm applies nothing: both set the Failed condition.
 *
 * +kubebuilder:rbac:groups=web.example.com,resources=webapps,verbs=get;list;watch;create;update;patch;delete
 * +kubebuilder:rbac:groups=web.example.com,resources=webapps/status,verbs=get;update;patch
 * +kubebuilder:rbac:groups=web.example.com,resources=webapps/finalizers,verbs=update
 * +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
 * +kubebuilder:rbac:groups=autoscaling,resources=horizontalpodautoscalers,verbs=get;list;watch;create;update;patch;delete
 * +kubebuilder:rbac:groups=networking.k8s.io,resources=ingresses,verbs=get;list;watch;create;update;patch;delete
 * +kubebuilder:rbac:groups=core,resources=services,verbs=get;list;watch;create;update;patch;delete
 * +kubebuilder:rbac:groups=core,resources=serviceaccounts,verbs=get;list;watch;create;update;patch;delete
 */
export class WebAppReconciler implements Reconciler {
  private readonly release: Reconciler;

  constructor(
    client: Client,
    private readonly recorder?: EventRecorder,
    mutate: MutationHook<Wire<WebApp>> = mutateWebApp,
  ) {
    this.release = helmReleaseReconciler({
      client,
      resource: WebAppResource,
      chart: WebAppChart,
      helm: process.env['HELM_BIN'],
      mutate,
      lockedValues: ['fullnameOverride', 'nameOverride'],
      finalizer: 'web.example.com/helm-release',
    });
  }

  /** reconcile renders and applies the chart for one WebApp, or deletes what it applied once the WebApp is deleted. */
  reconcile(ctx: ReconcileContext, req: Request): Promise<Result | void> {
    return this.release.reconcile(ctx, req);
  }

  /** setupWithManager registers the controller with the manager; it starts with the manager. */
  setupWithManager(mgr: Manager) {
    return newControllerManagedBy(mgr).for(WebAppResource).named('webapp').complete(this);
  }
}
