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

import { describe, expect, it } from 'vitest';
import { builtin, FakeClient, findStatusCondition, newLogger, type ReconcileContext } from 'operator-ts/runtime';
import { CronJobResource } from '../api/v1/zz_generated.resources.js';
import { CronJobReconciler, indexJobOwner, scheduledTimeAnnotation, type Clock } from './cronjob.controller.js';
import type { CronJobObject, Job } from './cronjob.jobs.js';

// The reconciler on the fake client with a fake clock, so every schedule decision is checked at an exact
// time; test/envtest.test.ts runs it in a manager against a real API server.

function testContext(): ReconcileContext {
  return { log: newLogger({ level: 'silent' }), signal: new AbortController().signal, reconcileID: 'test', controller: 'cronjob' };
}

/** FakeClock stands still until a test moves it. */
class FakeClock implements Clock {
  constructor(public time: Date) {}
  now(): Date {
    return this.time;
  }
}

const key = { namespace: 'default', name: 'nightly' };
const created = '2026-03-02T10:00:30Z';
const template = { spec: { template: { spec: { containers: [{ name: 'main', image: 'busybox' }], restartPolicy: 'OnFailure' } } } };

function cronJob(spec: Partial<CronJobObject['spec']> = {}, status: CronJobObject['status'] = undefined): CronJobObject {
  return {
    apiVersion: CronJobResource.apiVersion,
    kind: 'CronJob',
    metadata: { ...key, uid: 'cronjob-uid', creationTimestamp: created, resourceVersion: '1' },
    spec: { schedule: '*/5 * * * *', jobTemplate: { metadata: { labels: { app: 'nightly' }, annotations: { team: 'ops' } }, ...template }, ...spec },
    ...(status === undefined ? {} : { status }),
  };
}

/** ownedJob is a Job of the CronJob scheduled at `scheduledAt`, in the given state. */
function ownedJob(name: string, scheduledAt: string, state: 'active' | 'Complete' | 'Failed' = 'active', startTime?: string): Job {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      namespace: key.namespace,
      uid: `${name}-uid`,
      resourceVersion: '1',
      annotations: { [scheduledTimeAnnotation]: scheduledAt },
      ownerReferences: [{ apiVersion: CronJobResource.apiVersion, kind: 'CronJob', name: key.name, uid: 'cronjob-uid', controller: true, blockOwnerDeletion: true }],
    },
    spec: template.spec,
    status: {
      ...(startTime === undefined ? {} : { startTime }),
      ...(state === 'active' ? { active: 1 } : { conditions: [{ type: state, status: 'True' }] }),
    },
  };
}

function setup(at: string, objects: Array<CronJobObject | Job>) {
  const clock = new FakeClock(new Date(at));
  const client = new FakeClient({ objects, indexes: [indexJobOwner], now: () => clock.now() });
  return { clock, client, reconciler: new CronJobReconciler(client, clock) };
}

const jobNames = async (client: FakeClient) => (await client.list(builtin.Job, { namespace: key.namespace })).map((j) => j.metadata?.name);

describe('CronJobReconciler', () => {
  it('ignores a CronJob that no longer exists', async () => {
    const { reconciler } = setup(created, []);
    expect(await reconciler.reconcile(testContext(), key)).toBeUndefined();
  });

  it('starts the Job of a missed run, owned by the CronJob, and requeues at the next run', async () => {
    const { client, reconciler } = setup('2026-03-02T10:05:10Z', [cronJob()]);

    const result = await reconciler.reconcile(testContext(), key);

    const run = Date.parse('2026-03-02T10:05:00Z') / 1000;
    const job = await client.get(builtin.Job, { namespace: key.namespace, name: `nightly-${run}` });
    expect(job.metadata?.annotations).toEqual({ team: 'ops', [scheduledTimeAnnotation]: '2026-03-02T10:05:00Z' });
    expect(job.metadata?.labels).toEqual({ app: 'nightly' });
    expect(job.metadata?.ownerReferences).toEqual([
      { apiVersion: 'batch.tutorial.kubebuilder.io/v1', kind: 'CronJob', name: 'nightly', uid: 'cronjob-uid', controller: true, blockOwnerDeletion: true },
    ]);
    expect(job.spec).toEqual(template.spec);
    // The next run is 10:10:00, 290 s after now.
    expect(result).toEqual({ requeueAfter: 290_000 });
    const stored = await client.get(CronJobResource, key);
    expect(findStatusCondition(stored.status?.conditions, 'Progressing')).toMatchObject({ status: 'True', reason: 'JobCreated', message: `Created job nightly-${run}` });
  });

  it('only sleeps until the first run when none is due yet', async () => {
    const { client, reconciler } = setup('2026-03-02T10:04:00Z', [cronJob()]);
    expect(await reconciler.reconcile(testContext(), key)).toEqual({ requeueAfter: 60_000 });
    expect(await jobNames(client)).toEqual([]);
    const stored = await client.get(CronJobResource, key);
    expect(stored.status?.active).toBeUndefined();
    expect(findStatusCondition(stored.status?.conditions, 'Available')).toMatchObject({ status: 'True', reason: 'AllJobsCompleted' });
  });

  it('rebuilds the status from the Jobs it owns: active references and the last scheduled time', async () => {
    const foreign: Job = { ...ownedJob('other-1', '2026-03-02T10:20:00Z'), metadata: { ...ownedJob('other-1', '2026-03-02T10:20:00Z').metadata, ownerReferences: [] } };
    const { client, reconciler } = setup('2026-03-02T10:12:00Z', [
      cronJob(),
      ownedJob('nightly-a', '2026-03-02T10:05:00Z', 'Complete'),
      ownedJob('nightly-b', '2026-03-02T10:10:00Z', 'active'),
      foreign,
    ]);

    expect(await reconciler.reconcile(testContext(), key)).toEqual({ requeueAfter: 180_000 });

    const stored = await client.get(CronJobResource, key);
    expect(stored.status?.lastScheduleTime).toBe('2026-03-02T10:10:00Z');
    expect(stored.status?.active).toEqual([{ apiVersion: 'batch/v1', kind: 'Job', namespace: 'default', name: 'nightly-b', uid: 'nightly-b-uid', resourceVersion: '1' }]);
    expect(findStatusCondition(stored.status?.conditions, 'Available')).toMatchObject({ status: 'True', reason: 'JobsActive' });
    // 10:10 already has its Job: nothing new is started.
    expect(await jobNames(client)).toEqual(['nightly-a', 'nightly-b', 'other-1']);
  });

  it('runs nothing while suspended, and says so', async () => {
    const { client, reconciler } = setup('2026-03-02T10:05:10Z', [cronJob({ suspend: true })]);
    expect(await reconciler.reconcile(testContext(), key)).toBeUndefined();
    expect(await jobNames(client)).toEqual([]);
    const stored = await client.get(CronJobResource, key);
    expect(findStatusCondition(stored.status?.conditions, 'Available')).toMatchObject({ status: 'False', reason: 'Suspended' });
  });

  it('skips a run past its starting deadline and waits for the next', async () => {
    // The 10:05 run is 70 s late, the deadline 60 s.
    const { client, reconciler } = setup('2026-03-02T10:06:10Z', [cronJob({ startingDeadlineSeconds: 60 })]);
    expect(await reconciler.reconcile(testContext(), key)).toEqual({ requeueAfter: 230_000 });
    expect(await jobNames(client)).toEqual([]);
  });

  it('skips a run whose deadline passed while it reconciled, and says so', async () => {
    // The clock reads 10:05:50 for the schedule (the 10:05 run is due) and 10:06:10 by the time it starts it.
    const { client, clock, reconciler } = setup('2026-03-02T10:05:50Z', [cronJob({ startingDeadlineSeconds: 60 })]);
    const times = [new Date('2026-03-02T10:05:50Z'), new Date('2026-03-02T10:06:10Z')];
    clock.now = () => times.shift() ?? clock.time;
    await reconciler.reconcile(testContext(), key);
    expect(await jobNames(client)).toEqual([]);
    const stored = await client.get(CronJobResource, key);
    expect(findStatusCondition(stored.status?.conditions, 'Degraded')).toMatchObject({
      status: 'True',
      reason: 'MissedSchedule',
      message: 'Missed starting deadline for run at 2026-03-02T10:05:00Z',
    });
  });

  it('starts a late run within its starting deadline', async () => {
    const { client, reconciler } = setup('2026-03-02T10:05:50Z', [cronJob({ startingDeadlineSeconds: 60 })]);
    await reconciler.reconcile(testContext(), key);
    expect(await jobNames(client)).toEqual([`nightly-${Date.parse('2026-03-02T10:05:00Z') / 1000}`]);
  });

  it('starts only the latest of several missed runs', async () => {
    const { client, reconciler } = setup('2026-03-02T10:21:00Z', [cronJob()]);
    await reconciler.reconcile(testContext(), key);
    expect(await jobNames(client)).toEqual([`nightly-${Date.parse('2026-03-02T10:20:00Z') / 1000}`]);
  });

  it('with concurrencyPolicy Forbid, waits while a Job is still running', async () => {
    const { client, reconciler } = setup('2026-03-02T10:10:05Z', [cronJob({ concurrencyPolicy: 'Forbid' }), ownedJob('nightly-running', '2026-03-02T10:05:00Z')]);
    expect(await reconciler.reconcile(testContext(), key)).toEqual({ requeueAfter: 295_000 });
    expect(await jobNames(client)).toEqual(['nightly-running']);
  });

  it('with concurrencyPolicy Replace, deletes the running Job and starts the new one', async () => {
    const { client, reconciler } = setup('2026-03-02T10:10:05Z', [cronJob({ concurrencyPolicy: 'Replace' }), ownedJob('nightly-running', '2026-03-02T10:05:00Z')]);
    await reconciler.reconcile(testContext(), key);
    expect(await jobNames(client)).toEqual([`nightly-${Date.parse('2026-03-02T10:10:00Z') / 1000}`]);
  });

  it('with concurrencyPolicy Allow, starts the new Job next to the running one', async () => {
    const { client, reconciler } = setup('2026-03-02T10:10:05Z', [cronJob(), ownedJob('nightly-running', '2026-03-02T10:05:00Z')]);
    await reconciler.reconcile(testContext(), key);
    expect(await jobNames(client)).toEqual([`nightly-${Date.parse('2026-03-02T10:10:00Z') / 1000}`, 'nightly-running']);
  });

  it('deletes the oldest finished Jobs beyond the history limits', async () => {
    const { client, reconciler } = setup('2026-03-02T10:16:00Z', [
      cronJob({ successfulJobsHistoryLimit: 1, failedJobsHistoryLimit: 0 }, { lastScheduleTime: '2026-03-02T10:15:00Z' }),
      ownedJob('ok-old', '2026-03-02T10:00:00Z', 'Complete', '2026-03-02T10:00:01Z'),
      ownedJob('ok-new', '2026-03-02T10:10:00Z', 'Complete', '2026-03-02T10:10:01Z'),
      ownedJob('ok-not-started', '2026-03-02T10:05:00Z', 'Complete'),
      ownedJob('failed', '2026-03-02T10:15:00Z', 'Failed', '2026-03-02T10:15:01Z'),
    ]);
    await reconciler.reconcile(testContext(), key);
    expect(await jobNames(client)).toEqual(['ok-new']);
    const stored = await client.get(CronJobResource, key);
    expect(findStatusCondition(stored.status?.conditions, 'Degraded')).toMatchObject({ status: 'True', reason: 'JobsFailed', message: '1 job(s) have failed' });
  });

  it('keeps every finished Job without history limits', async () => {
    const { client, reconciler } = setup('2026-03-02T10:11:00Z', [
      cronJob({}, { lastScheduleTime: '2026-03-02T10:10:00Z' }),
      ownedJob('ok-1', '2026-03-02T10:05:00Z', 'Complete', '2026-03-02T10:05:01Z'),
      ownedJob('ok-2', '2026-03-02T10:10:00Z', 'Complete', '2026-03-02T10:10:01Z'),
    ]);
    await reconciler.reconcile(testContext(), key);
    expect(await jobNames(client)).toEqual(['ok-1', 'ok-2']);
  });

  it('reports a schedule it cannot parse, and does not retry until the CronJob changes', async () => {
    const { client, reconciler } = setup('2026-03-02T10:05:10Z', [cronJob({ schedule: 'every minute' })]);
    expect(await reconciler.reconcile(testContext(), key)).toBeUndefined();
    const stored = await client.get(CronJobResource, key);
    expect(findStatusCondition(stored.status?.conditions, 'Degraded')).toMatchObject({
      status: 'True',
      reason: 'InvalidSchedule',
      message: 'Failed to parse schedule: Expected exactly 5 fields, found 2: every minute',
    });
  });

  it('refuses to catch up on more than 100 missed runs', async () => {
    const { client, reconciler } = setup('2026-03-03T10:00:00Z', [cronJob()]);
    expect(await reconciler.reconcile(testContext(), key)).toBeUndefined();
    expect(await jobNames(client)).toEqual([]);
    const stored = await client.get(CronJobResource, key);
    expect(findStatusCondition(stored.status?.conditions, 'Degraded')?.message).toMatch(/Too many missed start times \(> 100\)/);
  });

  it('moves on with the clock: the next reconcile at the requeue time starts the next run', async () => {
    const { client, clock, reconciler } = setup('2026-03-02T10:05:10Z', [cronJob()]);
    const first = await reconciler.reconcile(testContext(), key);
    clock.time = new Date(clock.time.getTime() + (first?.requeueAfter ?? 0));
    await reconciler.reconcile(testContext(), key);
    expect(await jobNames(client)).toEqual([`nightly-${Date.parse('2026-03-02T10:05:00Z') / 1000}`, `nightly-${Date.parse('2026-03-02T10:10:00Z') / 1000}`]);
    expect((await client.get(CronJobResource, key)).status?.lastScheduleTime).toBe('2026-03-02T10:05:00Z');
  });
});
