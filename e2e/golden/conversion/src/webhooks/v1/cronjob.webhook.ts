/*
Copyright The cronjob-operator Authors.

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
import type { CronJob } from '../../api/v1/cronjob.types.js';
import { CronJobResource } from '../../api/v1/zz_generated.resources.js';
// +operator-ts:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

/** setupCronJobWebhookWithManager registers the CronJob webhooks with the manager's webhook server. */
export function setupCronJobWebhookWithManager(mgr: Manager) {
  return (
    newWebhookManagedBy(mgr)
      .for(CronJobResource)
      .withDefaulter(new CronJobCustomDefaulter())
      // +operator-ts:scaffold:builder
      .complete()
  );
}

/**
 * CronJobCustomDefaulter sets default values on CronJob objects when they are created or updated.
 *
 * +kubebuilder:webhook:path=/mutate-jobs-example-com-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=jobs.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob-v1.kb.io,admissionReviewVersions=v1
 */
export class CronJobCustomDefaulter implements CustomDefaulter<CronJob> {
  /**
   * default mutates obj in place; the webhook answers with the resulting JSON patch. obj is the JSON of
   * the request: Wire<CronJob>, whose timestamps are RFC 3339 strings.
   */
  default(ctx: AdmissionContext, obj: Wire<CronJob>): Promise<void> {
    ctx.log.info({ name: obj.metadata?.name }, 'defaulting CronJob');

    // TODO(user): fill in your defaulting logic (make the method async once it awaits something).
    return Promise.resolve();
  }
}
// +operator-ts:scaffold:types
