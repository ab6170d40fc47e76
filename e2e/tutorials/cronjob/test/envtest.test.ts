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

import { loadYaml } from '@kubernetes/client-node';
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, builtin, createManager, findStatusCondition, isNotFound, setControllerReference, silentLogger, type Client, type Manager } from 'operator-ts/runtime';
import { consistently, directClient, eventually, findBinaryAssets, startTestEnv, type TestEnv } from 'operator-ts/testing';
import { CronJobResource } from '../src/api/v1/zz_generated.resources.js';
import { CronJobReconciler } from '../src/controllers/cronjob.controller.js';
import type { CronJobObject, Job } from '../src/controllers/cronjob.jobs.js';
import { parseStandard } from '../src/schedule.js';
import { setupCronJobWebhookWithManager } from '../src/webhooks/v1/cronjob.webhook.js';

// The Go tutorial's integration tests against a real kube-apiserver and etcd (envtest): a manager runs the
// CronJob controller and webhooks, as main.ts does, and the tests act on the API server directly. They
// are skipped, with the reason printed, when no control-plane binaries are found: set KUBEBUILDER_ASSETS
// (setup-envtest use -p path).
const assets = findBinaryAssets();
const missing = 'missing' in assets ? assets.missing : undefined;
if (missing !== undefined) console.warn(`envtest suite skipped: ${missing}`);

const testContainer = { name: 'test-container', image: 'test-image' };
const jobSpec = () => ({ template: { spec: { containers: [testContainer], restartPolicy: 'OnFailure' } } });

describe.skipIf(missing !== undefined)('CronJob on envtest', () => {
  let env: TestEnv | undefined;
  // k8sClient talks straight to the test API server, with no cache, like envtest's k8sClient in Go: the
  // tests see the server's state, while the reconciler reads the manager's cache (and its field index).
  let k8sClient: Client;
  let mgr: Manager;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  // The controller's clock stands still at the start of the suite, so no scheduled run comes due while
  // the tests run unless a test moves it: the Jobs the controller sees are the ones the tests expect.
  const start = new Date();
  const clock = { time: start, now: () => clock.time };

  beforeAll(async () => {
    env = await startTestEnv({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: true, webhookInstallOptions: { paths: ['config/webhook'] } });
    k8sClient = directClient(env);
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      metricsBindAddress: '0',
      healthProbeBindAddress: '0',
      webhook: { port: env.webhookInstallOptions.localServingPort, certDir: env.webhookInstallOptions.localServingCertDir },
      logger: silentLogger(),
    });
    new CronJobReconciler(mgr.client, clock).setupWithManager(mgr);
    setupCronJobWebhookWithManager(mgr);
    running = mgr.start(stop.signal);
    await mgr.elected();
  }, 120_000);

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
  });

  describe('CronJob controller', () => {
    const cronjobName = 'test-cronjob';
    const key = { namespace: cronjobName, name: cronjobName };

    beforeEach(async () => {
      // Namespaces are never deleted on envtest (no namespace controller), so create it once.
      if (await k8sClient.get(builtin.Namespace, { name: cronjobName }).catch((err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err))) === undefined) {
        await k8sClient.create(builtin.Namespace, { metadata: { name: cronjobName } });
      }
      await k8sClient.create(CronJobResource, { metadata: key, spec: { schedule: '1 * * * *', jobTemplate: { spec: jobSpec() } } });
    });

    afterEach(async () => {
      clock.time = start;
      await k8sClient.delete(CronJobResource, key);
    });

    it('should successfully reconcile a custom resource for CronJob', async () => {
      let cronJob: CronJobObject = await eventually(() => k8sClient.get(CronJobResource, key), { timeout: 10_000 });

      // The controller, running in the manager, sees the CronJob and starts its status with a condition.
      cronJob = await eventually(
        async () => {
          const found = await k8sClient.get(CronJobResource, key);
          expect(found.status?.conditions ?? []).not.toHaveLength(0);
          return found;
        },
        { timeout: 10_000 },
      );

      // No run is due, so no Job is started: status.active stays empty.
      await consistently(async () => expect((await k8sClient.get(CronJobResource, key)).status?.active ?? []).toHaveLength(0), { duration: 3_000, interval: 250 });

      // A Job owned by the CronJob, running (two active pods): the status is set after the create, as
      // the status subresource ignores it on create.
      const testJob: Job = { metadata: { name: 'test-job', namespace: key.namespace }, spec: jobSpec() };
      setControllerReference(cronJob, testJob, CronJobResource);
      const created = await k8sClient.create(builtin.Job, testJob);
      await k8sClient.status().update(builtin.Job, { ...created, status: { active: 2, startTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') } });

      // The Job's events reach the controller through owns(builtin.Job), and the status lists it.
      cronJob = await eventually(
        async () => {
          const found = await k8sClient.get(CronJobResource, key);
          expect(found.status?.active, 'should have exactly one active job').toHaveLength(1);
          expect(found.status?.active?.[0]?.name, 'the active job name should match').toBe('test-job');
          return found;
        },
        { timeout: 10_000 },
      );
      const available = (cronJob.status?.conditions ?? []).filter((c) => c.type === 'Available');
      expect(available, 'should have one Available condition').toHaveLength(1);
      expect(available[0]).toMatchObject({ status: 'True', reason: 'JobsActive' });

      // Finished Jobs beyond the history limits are deleted, oldest first.
      await eventually(
        async () => {
          const latest = await k8sClient.get(CronJobResource, key);
          await k8sClient.update(CronJobResource, { ...latest, spec: { ...latest.spec, failedJobsHistoryLimit: 1, successfulJobsHistoryLimit: 1 } });
        },
        { timeout: 10_000 },
      );
      const base = Date.now();
      const finishedJob = async (name: string, state: 'Failed' | 'Complete', startTime: Date): Promise<Job> => {
        const job: Job = { metadata: { name, namespace: key.namespace }, spec: jobSpec() };
        setControllerReference(cronJob, job, CronJobResource);
        const stored = await k8sClient.create(builtin.Job, job);
        const start = startTime.toISOString().replace(/\.\d{3}Z$/, 'Z');
        // The API server checks Job status transitions: a terminal condition needs its interim one first.
        const conditions =
          state === 'Failed'
            ? [{ type: 'FailureTarget', status: 'True' }, { type: 'Failed', status: 'True' }]
            : [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True' }];
        return k8sClient.status().update(builtin.Job, { ...stored, status: { startTime: start, ...(state === 'Complete' ? { completionTime: start } : {}), conditions } });
      };
      const failedOld = await finishedJob('test-failed-job-old', 'Failed', new Date(base - 60_000));
      const failedNew = await finishedJob('test-failed-job-new', 'Failed', new Date(base + 1_000));
      const successfulOld = await finishedJob('test-successful-job-old', 'Complete', new Date(base - 60_000));
      const successfulNew = await finishedJob('test-successful-job-new', 'Complete', new Date(base + 1_000));

      const exists = async (job: Job) => (await k8sClient.get(builtin.Job, { namespace: key.namespace, name: job.metadata?.name ?? '' }).then(() => true, (err: unknown) => (isNotFound(err) ? false : Promise.reject(err))));
      await eventually(
        async () => {
          expect(await exists(failedOld), 'old failed job deleted').toBe(false);
          expect(await exists(successfulOld), 'old successful job deleted').toBe(false);
          expect(await exists(failedNew), 'new failed job kept').toBe(true);
          expect(await exists(successfulNew), 'new successful job kept').toBe(true);
        },
        { timeout: 10_000 },
      );
      const degraded = findStatusCondition((await k8sClient.get(CronJobResource, key)).status?.conditions, 'Degraded');
      expect(degraded).toMatchObject({ status: 'True', reason: 'JobsFailed' });
    });
  });

  describe('CronJob schedule', () => {
    const key = { namespace: 'scheduled', name: 'hourly' };

    it('starts the Job of a run that comes due, owned by the CronJob and annotated with its time', async () => {
      await k8sClient.create(builtin.Namespace, { metadata: { name: key.namespace } });
      const cronJob = await k8sClient.create(CronJobResource, { metadata: key, spec: { schedule: '1 * * * *', jobTemplate: { spec: jobSpec() } } });
      // Move the controller's clock just past the first run after the CronJob was created, then change
      // the CronJob so that it reconciles now rather than when its requeue (up to an hour) comes.
      const run = parseStandard('1 * * * *').next(new Date(cronJob.metadata?.creationTimestamp ?? start))!;
      clock.time = new Date(run.getTime() + 5_000);
      await eventually(async () => {
        const latest = await k8sClient.get(CronJobResource, key);
        await k8sClient.update(CronJobResource, { ...latest, metadata: { ...latest.metadata, annotations: { touched: 'yes' } } });
      }, { timeout: 10_000 });

      const name = `hourly-${run.getTime() / 1000}`;
      const job = await eventually(() => k8sClient.get(builtin.Job, { namespace: key.namespace, name }), { timeout: 10_000 });
      expect(job.metadata?.annotations?.['batch.tutorial.kubebuilder.io/scheduled-at']).toBe(run.toISOString().replace(/\.\d{3}Z$/, 'Z'));
      expect(job.metadata?.ownerReferences).toEqual([expect.objectContaining({ kind: 'CronJob', name: 'hourly', uid: cronJob.metadata?.uid, controller: true })]);
      // The new Job is running (it has no finished condition), so the status lists it.
      await eventually(async () => {
        const latest = await k8sClient.get(CronJobResource, key);
        expect(latest.status?.active?.map((ref) => ref.name)).toEqual([name]);
        expect(latest.status?.lastScheduleTime).toBe(job.metadata?.annotations?.['batch.tutorial.kubebuilder.io/scheduled-at']);
      }, { timeout: 10_000 });
      clock.time = start;
    });
  });

  describe('CronJob webhooks', () => {
    const namespace = 'default';
    const cronJob = (name: string, schedule = '*/5 * * * *') => ({ metadata: { namespace, name }, spec: { schedule, jobTemplate: { spec: jobSpec() } } });

    it('admits the sample of config/samples, as `kubectl apply -k config/samples` sends it', async () => {
      const sample = loadYaml<CronJobObject>(await readFile('config/samples/batch_v1_cronjob.yaml', 'utf8'));
      const stored = await k8sClient.create(CronJobResource, { ...sample, metadata: { ...sample.metadata, namespace } });
      expect(stored.spec).toMatchObject({ schedule: '*/1 * * * *', startingDeadlineSeconds: 60, concurrencyPolicy: 'Allow', suspend: false });
    });

    it('defaults what the user left out', async () => {
      const stored = await k8sClient.create(CronJobResource, cronJob('defaulted'));
      expect(stored.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    });

    it('denies a name too long for the Jobs it would create, and a schedule that does not parse, at once', async () => {
      const name = 'this-name-is-way-too-long-and-should-fail-validation-because-it-is-way-too-long';
      const err = await k8sClient.create(CronJobResource, cronJob(name, 'invalid-cron-schedule')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe(422);
      expect((err as ApiError).message).toContain('admission webhook "vcronjob-v1.kb.io" denied the request');
      expect((err as ApiError).message).toContain(`metadata.name: Invalid value: "${name}": must be no more than 52 characters`);
      expect((err as ApiError).message).toContain('spec.schedule: Invalid value: "invalid-cron-schedule": Expected exactly 5 fields, found 1: invalid-cron-schedule');
    });

    it('denies an update to a schedule that does not parse', async () => {
      await k8sClient.create(CronJobResource, cronJob('to-update'));
      // The controller writes the status meanwhile: retry on a conflict, as any read-modify-write does.
      const err = await eventually(async () => {
        const latest = await k8sClient.get(CronJobResource, { namespace, name: 'to-update' });
        const e = await k8sClient.update(CronJobResource, { ...latest, spec: { ...latest.spec, schedule: '61 * * * *' } }).then(() => undefined, (e: unknown) => e);
        expect((e as ApiError | undefined)?.code).not.toBe(409);
        return e;
      }, { timeout: 10_000 });
      expect((err as ApiError).code).toBe(422);
      expect((err as ApiError).message).toContain('spec.schedule: Invalid value: "61 * * * *"');
    });

    it('leaves the rest to the schema: a negative deadline is refused by the CRD', async () => {
      const err = await k8sClient.create(CronJobResource, { ...cronJob('negative'), spec: { ...cronJob('negative').spec, startingDeadlineSeconds: -1 } }).catch((e: unknown) => e);
      expect((err as ApiError).code).toBe(422);
      expect((err as ApiError).message).toContain('spec.startingDeadlineSeconds: Invalid value: -1: spec.startingDeadlineSeconds in body should be greater than or equal to 0');
    });
  });
});
