/*
Copyright The fleet-operator Authors.

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
import type { AdmissionContext, CustomDefaulter, Manager, Wire } from 'operator-ts/runtime';
import type { Frigate } from '../../../api/ship/v1beta1/frigate.types.js';
import { FrigateResource } from '../../../api/ship/v1beta1/zz_generated.resources.js';
// +operator-ts:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

/** setupFrigateWebhookWithManager registers the Frigate webhooks with the manager's webhook server. */
export function setupFrigateWebhookWithManager(mgr: Manager) {
  return (
    newWebhookManagedBy(mgr)
      .for(FrigateResource)
      .withDefaulter(new FrigateCustomDefaulter())
      // +operator-ts:scaffold:builder
      .complete()
  );
}

/**
 * FrigateCustomDefaulter sets default values on Frigate objects when they are created or updated.
 *
 * +kubebuilder:webhook:path=/mutate-ship-example-com-v1beta1-frigate,mutating=true,failurePolicy=fail,sideEffects=None,groups=ship.example.com,resources=frigates,verbs=create;update,versions=v1beta1,name=mfrigate-v1beta1.kb.io,admissionReviewVersions=v1
 */
export class FrigateCustomDefaulter implements CustomDefaulter<Frigate> {
  /**
   * default mutates obj in place; the webhook answers with the resulting JSON patch. obj is the JSON of
   * the request: Wire<Frigate>, whose timestamps are RFC 3339 strings.
   */
  default(ctx: AdmissionContext, obj: Wire<Frigate>): Promise<void> {
    ctx.log.info({ name: obj.metadata?.name }, 'defaulting Frigate');

    // TODO(user): fill in your defaulting logic (make the method async once it awaits something).
    return Promise.resolve();
  }
}
// +operator-ts:scaffold:types
