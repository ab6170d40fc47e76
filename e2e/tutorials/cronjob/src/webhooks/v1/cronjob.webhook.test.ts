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

import { beforeEach, describe, expect, it } from 'vitest';
import { newLogger, type AdmissionContext, type Wire } from 'operator-ts/runtime';
import type { CronJob } from '../../api/v1/cronjob.types.js';
import { CronJobCustomDefaulter, CronJobCustomValidator } from './cronjob.webhook.js';
// +operator-ts:scaffold:imports

// The Go tutorial's webhook tests, calling the defaulter and the validator directly; test/envtest.test.ts
// sends the same objects through a real API server.

/** admissionContext builds the context the webhooks get; it carries only what these tests need. */
function admissionContext(operation: 'CREATE' | 'UPDATE' | 'DELETE'): AdmissionContext {
  return {
    request: { uid: 'test', operation, namespace: 'default', name: 'sample' },
    log: newLogger({ level: 'silent' }),
    signal: new AbortController().signal,
  } as unknown as AdmissionContext;
}

const validCronJobName = 'valid-cronjob-name';
const schedule = '*/5 * * * *';
const tooLongName = 'this-name-is-way-too-long-and-should-fail-validation-because-it-is-way-too-long';

/** sample is a valid CronJob, as a webhook receives it (Wire: timestamps are strings). */
function sample(): Wire<CronJob> {
  return {
    apiVersion: 'batch.tutorial.kubebuilder.io/v1',
    kind: 'CronJob',
    metadata: { namespace: 'default' },
    spec: {
      schedule,
      concurrencyPolicy: 'Allow',
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
      jobTemplate: { spec: { template: { spec: { containers: [{ name: 'main', image: 'busybox' }], restartPolicy: 'OnFailure' } } } },
    },
  };
}

describe('CronJob Webhook', () => {
  let obj: Wire<CronJob>;
  let oldObj: Wire<CronJob>;
  const validator = new CronJobCustomValidator();
  const defaulter = new CronJobCustomDefaulter({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });

  beforeEach(() => {
    obj = sample();
    oldObj = sample();
  });

  describe('When creating CronJob under Defaulting Webhook', () => {
    it('Should apply defaults when a required field is empty', async () => {
      delete obj.spec.concurrencyPolicy;
      delete obj.spec.suspend;
      delete obj.spec.successfulJobsHistoryLimit;
      delete obj.spec.failedJobsHistoryLimit;

      await defaulter.default(admissionContext('CREATE'), obj);

      expect(obj.spec.concurrencyPolicy, 'Expected ConcurrencyPolicy to default to Allow').toBe('Allow');
      expect(obj.spec.suspend, 'Expected Suspend to default to false').toBe(false);
      expect(obj.spec.successfulJobsHistoryLimit, 'Expected SuccessfulJobsHistoryLimit to default to 3').toBe(3);
      expect(obj.spec.failedJobsHistoryLimit, 'Expected FailedJobsHistoryLimit to default to 1').toBe(1);
    });

    it('Should not overwrite fields that are already set', async () => {
      obj.spec.concurrencyPolicy = 'Forbid';
      obj.spec.suspend = true;
      obj.spec.successfulJobsHistoryLimit = 5;
      obj.spec.failedJobsHistoryLimit = 2;

      await defaulter.default(admissionContext('CREATE'), obj);

      expect(obj.spec.concurrencyPolicy, 'Expected ConcurrencyPolicy to retain its set value').toBe('Forbid');
      expect(obj.spec.suspend, 'Expected Suspend to retain its set value').toBe(true);
      expect(obj.spec.successfulJobsHistoryLimit, 'Expected SuccessfulJobsHistoryLimit to retain its set value').toBe(5);
      expect(obj.spec.failedJobsHistoryLimit, 'Expected FailedJobsHistoryLimit to retain its set value').toBe(2);
    });

    it('Should keep an explicit zero history limit', async () => {
      obj.spec.successfulJobsHistoryLimit = 0;
      obj.spec.failedJobsHistoryLimit = 0;
      await defaulter.default(admissionContext('CREATE'), obj);
      expect([obj.spec.successfulJobsHistoryLimit, obj.spec.failedJobsHistoryLimit]).toEqual([0, 0]);
    });
  });

  describe('When creating or updating CronJob under Validating Webhook', () => {
    it('Should deny creation if the name is too long', async () => {
      obj.metadata = { ...obj.metadata, name: tooLongName };
      await expect(validator.validateCreate(admissionContext('CREATE'), obj), 'Expected name validation to fail for a too-long name').rejects.toThrow(
        'must be no more than 52 characters',
      );
    });

    it('Should admit creation if the name is valid', async () => {
      obj.metadata = { ...obj.metadata, name: validCronJobName };
      await expect(validator.validateCreate(admissionContext('CREATE'), obj), 'Expected name validation to pass for a valid name').resolves.toBeUndefined();
    });

    it('Should deny creation if the schedule is invalid', async () => {
      obj.spec.schedule = 'invalid-cron-schedule';
      await expect(validator.validateCreate(admissionContext('CREATE'), obj), 'Expected spec validation to fail for an invalid schedule').rejects.toThrow(
        'Expected exactly 5 fields, found 1: invalid-cron-schedule',
      );
    });

    it('Should admit creation if the schedule is valid', async () => {
      obj.spec.schedule = schedule;
      await expect(validator.validateCreate(admissionContext('CREATE'), obj), 'Expected spec validation to pass for a valid schedule').resolves.toBeUndefined();
    });

    it('Should deny update if both name and spec are invalid', async () => {
      oldObj.metadata = { ...oldObj.metadata, name: validCronJobName };
      oldObj.spec.schedule = schedule;
      obj.metadata = { ...obj.metadata, name: tooLongName };
      obj.spec.schedule = 'invalid-cron-schedule';

      const denial = validator.validateUpdate(admissionContext('UPDATE'), oldObj, obj);

      // Both fields are reported at once, as a 422 Invalid naming each, worded as apimachinery's NewInvalid.
      await expect(denial, 'Expected validation to fail for both name and spec').rejects.toMatchObject({
        code: 422,
        reason: 'Invalid',
        message:
          `CronJob.batch.tutorial.kubebuilder.io "${tooLongName}" is invalid: [metadata.name: Invalid value: "${tooLongName}": must be no more than 52 characters, ` +
          'spec.schedule: Invalid value: "invalid-cron-schedule": Expected exactly 5 fields, found 1: invalid-cron-schedule]',
      });
    });

    it('Should admit update if both name and spec are valid', async () => {
      oldObj.metadata = { ...oldObj.metadata, name: validCronJobName };
      oldObj.spec.schedule = schedule;
      obj.metadata = { ...obj.metadata, name: 'valid-cronjob-name-updated' };
      obj.spec.schedule = '0 0 * * *';

      await expect(validator.validateUpdate(admissionContext('UPDATE'), oldObj, obj), 'Expected validation to pass for a valid update').resolves.toBeUndefined();
    });
  });
  // +operator-ts:scaffold:tests
});
