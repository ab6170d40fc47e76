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
import type { AdmissionContext, CustomDefaulter, CustomValidator, Manager, Warnings, Wire } from 'operator-ts/runtime';
import type { CronJob } from '../../api/v2/cronjob.types.js';
import { CronJobResource } from '../../api/v2/zz_generated.resources.js';
import { cronjobV1FromHub, cronjobV1ToHub } from './cronjob.conversion.js';
// +operator-ts:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

/** setupCronJobWebhookWithManager registers the CronJob webhooks with the manager's webhook server. */
export function setupCronJobWebhookWithManager(mgr: Manager) {
  return (
    newWebhookManagedBy(mgr)
      .for(CronJobResource)
      .withDefaulter(new CronJobCustomDefaulter())
      .withValidator(new CronJobCustomValidator())
      .withConversion({
        hub: 'v2',
        spokes: {
          v1: { toHub: cronjobV1ToHub, fromHub: cronjobV1FromHub },
        },
      })
      // +operator-ts:scaffold:builder
      .complete()
  );
}

/**
 * CronJobCustomDefaulter sets default values on CronJob objects when they are created or updated.
 *
 * +kubebuilder:webhook:path=/mutate-jobs-example-com-v2-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=jobs.example.com,resources=cronjobs,verbs=create;update,versions=v2,name=mcronjob-v2.kb.io,admissionReviewVersions=v1
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

/**
 * CronJobCustomValidator validates CronJob objects when they are created, updated or deleted.
 * Throw an Error to deny the request (its message is shown to the user); return strings to warn.
 *
 * NOTE: to validate deletions as well, add `delete` to the verbs of the marker below.
 * +kubebuilder:webhook:path=/validate-jobs-example-com-v2-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=jobs.example.com,resources=cronjobs,verbs=create;update,versions=v2,name=vcronjob-v2.kb.io,admissionReviewVersions=v1
 */
export class CronJobCustomValidator implements CustomValidator<CronJob> {
  // The methods return promises: make them async once they await something (a lookup through the client).
  validateCreate(ctx: AdmissionContext, obj: Wire<CronJob>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'validating CronJob create');

    // TODO(user): fill in your validation logic upon object creation.
    return Promise.resolve();
  }

  validateUpdate(ctx: AdmissionContext, oldObj: Wire<CronJob>, newObj: Wire<CronJob>): Promise<Warnings | void> {
    ctx.log.info({ name: newObj.metadata?.name }, 'validating CronJob update');

    // TODO(user): fill in your validation logic upon object update.
    return Promise.resolve();
  }

  validateDelete(ctx: AdmissionContext, obj: Wire<CronJob>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'validating CronJob delete');

    // TODO(user): fill in your validation logic upon object deletion.
    return Promise.resolve();
  }
}
// +operator-ts:scaffold:types
