/*
Copyright The project Authors.

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
  AdmissionError,
  newWebhookManagedBy,
  type AdmissionContext,
  type CustomDefaulter,
  type CustomValidator,
  type Manager,
  type Warnings,
  type Wire,
} from 'operator-ts/runtime';
import type { ConcurrencyPolicy, CronJob } from '../../api/v1/cronjob.types.js';
import { CronJobResource } from '../../api/v1/zz_generated.resources.js';
import { parseStandard } from '../../schedule.js';
// +operator-ts:scaffold:imports

/** setupCronJobWebhookWithManager registers the CronJob webhooks with the manager's webhook server. */
export function setupCronJobWebhookWithManager(mgr: Manager) {
  return newWebhookManagedBy(mgr)
    .for(CronJobResource)
    .withDefaulter(
      new CronJobCustomDefaulter({
        concurrencyPolicy: 'Allow',
        suspend: false,
        successfulJobsHistoryLimit: 3,
        failedJobsHistoryLimit: 1,
      }),
    )
    .withValidator(new CronJobCustomValidator())
    // +operator-ts:scaffold:builder
    .complete();
}

/** CronJobDefaults are the values the defaulter gives fields left empty. */
export interface CronJobDefaults {
  concurrencyPolicy: ConcurrencyPolicy;
  suspend: boolean;
  successfulJobsHistoryLimit: number;
  failedJobsHistoryLimit: number;
}

/**
 * CronJobCustomDefaulter sets default values on CronJob objects when they are created or updated.
 *
 * +kubebuilder:webhook:path=/mutate-batch-tutorial-kubebuilder-io-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob-v1.kb.io,admissionReviewVersions=v1
 */
export class CronJobCustomDefaulter implements CustomDefaulter<CronJob> {
  constructor(private readonly defaults: CronJobDefaults) {}

  /** default fills in the fields left empty; the webhook answers with the JSON patch of the change. */
  async default(ctx: AdmissionContext, obj: Wire<CronJob>): Promise<void> {
    ctx.log.info({ name: obj.metadata?.name }, 'Defaulting for CronJob');
    // Mutating webhooks run before the schema is checked: a CronJob without a spec is the schema's to refuse.
    if (typeof obj.spec !== 'object' || obj.spec === null) return;
    obj.spec.concurrencyPolicy ||= this.defaults.concurrencyPolicy;
    obj.spec.suspend ??= this.defaults.suspend;
    obj.spec.successfulJobsHistoryLimit ??= this.defaults.successfulJobsHistoryLimit;
    obj.spec.failedJobsHistoryLimit ??= this.defaults.failedJobsHistoryLimit;
  }
}

// Most fields are validated by the CRD's schema, from the markers of the types. What a schema cannot say
// is checked here: that the schedule parses, and the length of metadata.name, which belongs to ObjectMeta
// and takes no markers.

/**
 * CronJobCustomValidator validates CronJob objects when they are created or updated.
 *
 * +kubebuilder:webhook:path=/validate-batch-tutorial-kubebuilder-io-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1
 */
export class CronJobCustomValidator implements CustomValidator<CronJob> {
  async validateCreate(ctx: AdmissionContext, obj: Wire<CronJob>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'Validation for CronJob upon creation');
    validateCronJob(obj);
  }

  async validateUpdate(ctx: AdmissionContext, _oldObj: Wire<CronJob>, newObj: Wire<CronJob>): Promise<Warnings | void> {
    ctx.log.info({ name: newObj.metadata?.name }, 'Validation for CronJob upon update');
    validateCronJob(newObj);
  }

  async validateDelete(ctx: AdmissionContext, obj: Wire<CronJob>): Promise<Warnings | void> {
    // Nothing to check on deletion (and the marker above does not ask for delete).
    ctx.log.info({ name: obj.metadata?.name }, 'Validation for CronJob upon deletion');
  }
}

/**
 * maxNameLength leaves room in a Job name (at most 63 characters, a DNS label) for the `-<unix seconds>`
 * suffix of 11 characters the controller appends; a longer CronJob name would fail at its first run.
 */
const maxNameLength = 63 - 11;

/**
 * validateCronJob throws a 422 Invalid error listing every invalid field, worded as apimachinery's
 * `apierrors.NewInvalid` words it.
 */
export function validateCronJob(cronJob: Wire<CronJob>): void {
  const errors = [validateCronJobName(cronJob), validateScheduleFormat(cronJob.spec.schedule, 'spec.schedule')].filter((e) => e !== undefined);
  if (errors.length === 0) return;
  const list = errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`;
  throw new AdmissionError(`CronJob.batch.tutorial.kubebuilder.io "${cronJob.metadata?.name ?? ''}" is invalid: ${list}`, 422, 'Invalid');
}

function validateScheduleFormat(schedule: string, path: string): string | undefined {
  try {
    parseStandard(schedule);
    return undefined;
  } catch (err) {
    return invalidField(path, schedule, (err as Error).message);
  }
}

function validateCronJobName(cronJob: Wire<CronJob>): string | undefined {
  const name = cronJob.metadata?.name ?? '';
  return name.length > maxNameLength ? invalidField('metadata.name', name, `must be no more than ${maxNameLength} characters`) : undefined;
}

/** invalidField is apimachinery's `field.Invalid(path, value, detail).Error()`. */
function invalidField(path: string, value: string, detail: string): string {
  return `${path}: Invalid value: ${JSON.stringify(value)}: ${detail}`;
}
// +operator-ts:scaffold:types
