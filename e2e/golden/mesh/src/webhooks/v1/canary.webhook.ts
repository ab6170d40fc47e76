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

import { newWebhookManagedBy } from 'operator-ts/runtime';
import type { AdmissionContext, CustomDefaulter, CustomValidator, Manager, Warnings, Wire } from 'operator-ts/runtime';
import type { Canary } from '../../api/v1/canary.types.js';
import { CanaryResource } from '../../api/v1/zz_generated.resources.js';
// +operator-ts:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

/** setupCanaryWebhookWithManager registers the Canary webhooks with the manager's webhook server. */
export function setupCanaryWebhookWithManager(mgr: Manager) {
  return (
    newWebhookManagedBy(mgr)
      .for(CanaryResource)
      .withDefaulter(new CanaryCustomDefaulter())
      .withValidator(new CanaryCustomValidator())
      // +operator-ts:scaffold:builder
      .complete()
  );
}

/**
 * CanaryCustomDefaulter sets default values on Canary objects when they are created or updated.
 *
 * +kubebuilder:webhook:path=/mutate-traffic-example-com-v1-canary,mutating=true,failurePolicy=fail,sideEffects=None,groups=traffic.example.com,resources=canaries,verbs=create;update,versions=v1,name=mcanary-v1.kb.io,admissionReviewVersions=v1
 */
export class CanaryCustomDefaulter implements CustomDefaulter<Canary> {
  /**
   * default mutates obj in place; the webhook answers with the resulting JSON patch. obj is the JSON of
   * the request: Wire<Canary>, whose timestamps are RFC 3339 strings.
   */
  default(ctx: AdmissionContext, obj: Wire<Canary>): Promise<void> {
    ctx.log.info({ name: obj.metadata?.name }, 'defaulting Canary');

    // TODO(user): fill in your defaulting logic (make the method async once it awaits something).
    return Promise.resolve();
  }
}

/**
 * CanaryCustomValidator validates Canary objects when they are created, updated or deleted.
 * Throw an Error to deny the request (its message is shown to the user); return strings to warn.
 *
 * NOTE: to validate deletions as well, add `delete` to the verbs of the marker below.
 * +kubebuilder:webhook:path=/validate-traffic-example-com-v1-canary,mutating=false,failurePolicy=fail,sideEffects=None,groups=traffic.example.com,resources=canaries,verbs=create;update,versions=v1,name=vcanary-v1.kb.io,admissionReviewVersions=v1
 */
export class CanaryCustomValidator implements CustomValidator<Canary> {
  // The methods return promises: make them async once they await something (a lookup through the client).
  validateCreate(ctx: AdmissionContext, obj: Wire<Canary>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'validating Canary create');

    // TODO(user): fill in your validation logic upon object creation.
    return Promise.resolve();
  }

  validateUpdate(ctx: AdmissionContext, oldObj: Wire<Canary>, newObj: Wire<Canary>): Promise<Warnings | void> {
    ctx.log.info({ name: newObj.metadata?.name }, 'validating Canary update');

    // TODO(user): fill in your validation logic upon object update.
    return Promise.resolve();
  }

  validateDelete(ctx: AdmissionContext, obj: Wire<Canary>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'validating Canary delete');

    // TODO(user): fill in your validation logic upon object deletion.
    return Promise.resolve();
  }
}
// +operator-ts:scaffold:types
