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

import {
  ignoreNotFound,
  newControllerManagedBy,
  Result,
  type Client,
  type EventRecorder,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
} from 'operator-ts/runtime';
import { CanaryResource } from '../api/v1/zz_generated.resources.js';

/**
 * CanaryReconciler reconciles Canary objects.
 *
 * +kubebuilder:rbac:groups=traffic.example.com,resources=canaries,verbs=get;list;watch;create;update;patch;delete
 * +kubebuilder:rbac:groups=traffic.example.com,resources=canaries/status,verbs=get;update;patch
 * +kubebuilder:rbac:groups=traffic.example.com,resources=canaries/finalizers,verbs=update
 */
export class CanaryReconciler implements Reconciler {
  constructor(
    private readonly client: Client,
    private readonly recorder?: EventRecorder,
  ) {}

  /**
   * reconcile is part of the main Kubernetes reconciliation loop: it moves the current state of the
   * cluster closer to the desired state of one Canary. It is called for every change, possibly
   * for several changes at once, so it must be idempotent: read the latest state, compare, act.
   *
   * TODO(user): Modify reconcile to compare the state specified by the Canary object against the
   * actual cluster state, and then perform operations to make the cluster state reflect the state
   * specified by the user. Throw to retry with backoff, throw a TerminalError for failures a retry
   * cannot fix, return Result.requeueAfter(ms) to check again later.
   *
   * More info: https://pkg.go.dev/sigs.k8s.io/controller-runtime/pkg/reconcile (the same model).
   */
  async reconcile(ctx: ReconcileContext, req: Request): Promise<Result | void> {
    const obj = await ignoreNotFound(this.client.get(CanaryResource, req));
    if (obj === undefined) {
      // The object is gone; objects it owns are garbage-collected through their owner references.
      return Result.awaitChange();
    }
    ctx.log.info({ generation: obj.metadata?.generation }, 'reconciling Canary');

    // TODO(user): your logic here. The event recorder is available as this.recorder.

    return Result.awaitChange();
  }

  /** setupWithManager registers the controller with the manager; it starts with the manager. */
  setupWithManager(mgr: Manager) {
    return newControllerManagedBy(mgr).for(CanaryResource).named('canary').complete(this);
  }
}
