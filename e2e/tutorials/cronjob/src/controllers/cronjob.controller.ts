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
  builtin,
  getControllerOf,
  getReference,
  ignoreNotFound,
  isNotFound,
  newControllerManagedBy,
  Result,
  setControllerReference,
  setStatusCondition,
  type Client,
  type ConditionInput,
  type FieldIndexer,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
} from 'operator-ts/runtime';
import { CronJobResource } from '../api/v1/zz_generated.resources.js';
import {
  constructJobForCronJob,
  getNextSchedule,
  getScheduledTimeForJob,
  isJobFinished,
  oldestFirst,
  rfc3339,
  type CronJobObject,
  type Job,
} from './cronjob.jobs.js';

export { scheduledTimeAnnotation } from './cronjob.jobs.js';

/** Clock knows how to get the current time; tests pass a fake one to jump around in time. */
export interface Clock {
  now(): Date;
}

/** realClock is the clock of a running manager. */
export const realClock: Clock = { now: () => new Date() };

// Status condition types, as the Go tutorial sets them.
const typeAvailableCronJob = 'Available';
const typeProgressingCronJob = 'Progressing';
const typeDegradedCronJob = 'Degraded';

/**
 * jobOwnerKey is the field index of Jobs by the name of the CronJob controlling them. It is only a name:
 * the index function below says what it holds.
 */
export const jobOwnerKey = '.metadata.controller';

/**
 * indexJobOwner registers the {@link jobOwnerKey} index, so the reconciler lists "my Jobs" with one lookup
 * instead of filtering every Job of the namespace. The indexer keeps namespaces apart by itself.
 */
export function indexJobOwner(indexer: FieldIndexer): void {
  indexer.indexField(builtin.Job, jobOwnerKey, (job) => {
    const owner = getControllerOf(job);
    if (owner === undefined || owner.apiVersion !== CronJobResource.apiVersion || owner.kind !== 'CronJob') return [];
    return [owner.name];
  });
}

/**
 * CronJobReconciler runs the Jobs of CronJob objects on their schedules.
 *
 * Managing Jobs takes permissions on them, besides those on CronJobs:
 * +kubebuilder:rbac:groups=batch.tutorial.kubebuilder.io,resources=cronjobs,verbs=get;list;watch;create;update;patch;delete
 * +kubebuilder:rbac:groups=batch.tutorial.kubebuilder.io,resources=cronjobs/status,verbs=get;update;patch
 * +kubebuilder:rbac:groups=batch.tutorial.kubebuilder.io,resources=cronjobs/finalizers,verbs=update
 * +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create;update;patch;delete
 * +kubebuilder:rbac:groups=batch,resources=jobs/status,verbs=get
 */
export class CronJobReconciler implements Reconciler {
  constructor(
    private readonly client: Client,
    private readonly clock: Clock = realClock,
  ) {}

  /**
   * reconcile rebuilds the CronJob's status from its Jobs, prunes finished Jobs beyond the history limits,
   * and starts the Job of the latest missed run when the deadline and the concurrency policy allow it. It
   * asks to run again at the next scheduled time; changes of the CronJob or its Jobs wake it sooner.
   */
  async reconcile(ctx: ReconcileContext, req: Request): Promise<Result | void> {
    const log = ctx.log;

    // 1: Load the CronJob by name.
    let cronJob = await ignoreNotFound(this.client.get(CronJobResource, req));
    if (cronJob === undefined) {
      // Deleted: its Jobs go with it, through their owner references.
      log.info('CronJob resource not found. Ignoring since object must be deleted');
      return;
    }

    // Start with a condition, so users see the CronJob is being looked after. Each status write returns
    // the object as stored; going on with that copy, rather than reading the cache again (which may not
    // have seen the write yet), keeps the next write free of conflicts.
    if ((cronJob.status?.conditions ?? []).length === 0) {
      cronJob = await this.client.status().update(
        CronJobResource,
        withCondition(cronJob, { type: typeProgressingCronJob, status: 'Unknown', reason: 'Reconciling', message: 'Starting reconciliation' }),
      );
    }

    // 2: List the Jobs this CronJob owns, through the index, and rebuild the status from them.
    let childJobs: Job[];
    try {
      childJobs = await this.client.list(builtin.Job, { namespace: req.namespace, matchingFields: { [jobOwnerKey]: req.name } });
    } catch (err) {
      log.error({ err }, 'unable to list child Jobs');
      await this.setCondition(ctx, cronJob, { type: typeDegradedCronJob, status: 'True', reason: 'ReconciliationError', message: `Failed to list child jobs: ${String(err)}` });
      throw err;
    }

    const activeJobs: Job[] = [];
    const successfulJobs: Job[] = [];
    const failedJobs: Job[] = [];
    let mostRecentTime: Date | undefined;
    for (const job of childJobs) {
      const finished = isJobFinished(job);
      if (finished === undefined) activeJobs.push(job);
      else if (finished === 'Failed') failedJobs.push(job);
      else successfulJobs.push(job);

      // The launch time is kept in an annotation of each Job, so the last run is rebuilt from them.
      let scheduledTime: Date | undefined;
      try {
        scheduledTime = getScheduledTimeForJob(job);
      } catch (err) {
        log.error({ err, job: job.metadata?.name }, 'unable to parse schedule time for child job');
        continue;
      }
      if (scheduledTime !== undefined && (mostRecentTime === undefined || mostRecentTime < scheduledTime)) mostRecentTime = scheduledTime;
    }

    const status = { ...cronJob.status };
    if (mostRecentTime !== undefined) status.lastScheduleTime = rfc3339(mostRecentTime);
    else delete status.lastScheduleTime;
    // An empty list is left out rather than sent: the schema asks for at least one item.
    if (activeJobs.length > 0) status.active = activeJobs.map((job) => getReference(job, builtin.Job));
    else delete status.active;
    cronJob.status = status;

    log.debug({ activeJobs: activeJobs.length, successfulJobs: successfulJobs.length, failedJobs: failedJobs.length }, 'job count');

    const conditions = (status.conditions = [...(status.conditions ?? [])]);
    const suspended = cronJob.spec.suspend === true;
    if (suspended) {
      setStatusCondition(conditions, { type: typeAvailableCronJob, status: 'False', reason: 'Suspended', message: 'CronJob is suspended' });
    } else if (failedJobs.length > 0) {
      const message = `${failedJobs.length} job(s) have failed`;
      setStatusCondition(conditions, { type: typeDegradedCronJob, status: 'True', reason: 'JobsFailed', message });
      setStatusCondition(conditions, { type: typeAvailableCronJob, status: 'False', reason: 'JobsFailed', message });
    } else if (activeJobs.length > 0) {
      setStatusCondition(conditions, { type: typeProgressingCronJob, status: 'True', reason: 'JobsActive', message: `${activeJobs.length} job(s) are currently active` });
      setStatusCondition(conditions, { type: typeAvailableCronJob, status: 'True', reason: 'JobsActive', message: `CronJob is progressing with ${activeJobs.length} active job(s)` });
    } else {
      setStatusCondition(conditions, { type: typeAvailableCronJob, status: 'True', reason: 'AllJobsCompleted', message: 'All jobs have completed successfully' });
      setStatusCondition(conditions, { type: typeProgressingCronJob, status: 'False', reason: 'NoJobsActive', message: 'No jobs are currently active' });
    }

    // The status subresource ignores the spec, so this write rarely conflicts and has its own permission.
    cronJob = await this.client.status().update(CronJobResource, cronJob);

    // 3: Delete finished Jobs beyond the history limits, oldest first. Best effort: a failure is logged,
    // not retried.
    await this.pruneJobs(ctx, failedJobs, cronJob.spec.failedJobsHistoryLimit, 'failed');
    await this.pruneJobs(ctx, successfulJobs, cronJob.spec.successfulJobsHistoryLimit, 'successful');

    // 4: A suspended CronJob runs nothing; its Jobs already running carry on.
    if (suspended) {
      log.debug('cronjob suspended, skipping');
      return;
    }

    // 5: Find the latest missed run and the next one.
    const now = this.clock.now();
    let schedule: ReturnType<typeof getNextSchedule>;
    try {
      schedule = getNextSchedule(cronJob, now);
    } catch (err) {
      log.error({ err }, 'unable to figure out CronJob schedule');
      await this.setCondition(ctx, cronJob, { type: typeDegradedCronJob, status: 'True', reason: 'InvalidSchedule', message: `Failed to parse schedule: ${(err as Error).message}` });
      // Retrying cannot fix the schedule; an update of the CronJob reconciles it again.
      return;
    }
    const { missedRun, nextRun } = schedule;

    // Reconcile again when the next run is due (a maximum: any change of the CronJob or its Jobs comes sooner).
    const scheduledResult = nextRun === undefined ? Result.awaitChange() : Result.requeueAfter(Math.max(0, nextRun.getTime() - now.getTime()));
    const runLog = log.child({ now: now.toISOString(), nextRun: nextRun?.toISOString() });

    // 6: Run a Job if one is due, not past its deadline, and not blocked by the concurrency policy.
    if (missedRun === undefined) {
      runLog.debug('no upcoming scheduled times, sleeping until next');
      return scheduledResult;
    }

    // The schedule was walked from the deadline on, but time went by while this reconcile ran: check again.
    const deadline = cronJob.spec.startingDeadlineSeconds;
    if (deadline !== undefined && missedRun.getTime() + deadline * 1000 < this.clock.now().getTime()) {
      runLog.debug({ currentRun: missedRun.toISOString() }, 'missed starting deadline for last run, sleeping till next');
      await this.setCondition(ctx, cronJob, { type: typeDegradedCronJob, status: 'True', reason: 'MissedSchedule', message: `Missed starting deadline for run at ${rfc3339(missedRun)}` });
      return scheduledResult;
    }

    // The lists may lag behind the cluster; a Job appearing later reconciles again with the news.
    const policy = cronJob.spec.concurrencyPolicy ?? 'Allow';
    if (policy === 'Forbid' && activeJobs.length > 0) {
      runLog.debug({ active: activeJobs.length }, 'concurrency policy blocks concurrent runs, skipping');
      return scheduledResult;
    }
    if (policy === 'Replace') {
      for (const job of activeJobs) {
        try {
          await this.client.delete(builtin.Job, keyOf(job), { propagationPolicy: 'Background' });
        } catch (err) {
          if (isNotFound(err)) continue;
          runLog.error({ err, job: job.metadata?.name }, 'unable to delete active job');
          throw err;
        }
      }
    }

    const job = constructJobForCronJob(cronJob, missedRun);
    setControllerReference(cronJob, job, CronJobResource);
    try {
      await this.client.create(builtin.Job, job);
    } catch (err) {
      runLog.error({ err, job: job.metadata?.name }, 'unable to create Job for CronJob');
      await this.setCondition(ctx, cronJob, { type: typeDegradedCronJob, status: 'True', reason: 'JobCreationFailed', message: `Failed to create job: ${String(err)}` });
      throw err;
    }
    runLog.debug({ job: job.metadata?.name }, 'created Job for CronJob run');
    await this.setCondition(ctx, cronJob, { type: typeProgressingCronJob, status: 'True', reason: 'JobCreated', message: `Created job ${job.metadata?.name}` });

    // 7: Requeue for the next run; the new Job's events reconcile again before that.
    return scheduledResult;
  }

  /** setupWithManager indexes Jobs by owner and registers the controller, which also watches the Jobs it owns. */
  setupWithManager(mgr: Manager) {
    indexJobOwner(mgr.getFieldIndexer());
    return newControllerManagedBy(mgr)
      .for(CronJobResource)
      .owns(builtin.Job)
      .named('cronjob')
      .complete(this);
  }

  /** pruneJobs deletes the oldest of `jobs` until `limit` are left; without a limit it keeps them all. */
  private async pruneJobs(ctx: ReconcileContext, jobs: Job[], limit: number | undefined, which: 'failed' | 'successful'): Promise<void> {
    if (limit === undefined) return;
    const sorted = [...jobs].sort(oldestFirst);
    for (const job of sorted.slice(0, Math.max(0, sorted.length - limit))) {
      try {
        await this.client.delete(builtin.Job, keyOf(job), { propagationPolicy: 'Background' });
        ctx.log.debug({ job: job.metadata?.name }, `deleted old ${which} job`);
      } catch (err) {
        if (!isNotFound(err)) ctx.log.error({ err, job: job.metadata?.name }, `unable to delete old ${which} job`);
      }
    }
  }

  /**
   * setCondition records a condition on the CronJob, for outcomes that end the reconcile early. A failure
   * to write it is logged: the outcome itself is what the caller reports, and the next reconcile writes
   * the status again.
   */
  private async setCondition(ctx: ReconcileContext, cronJob: CronJobObject, condition: ConditionInput): Promise<void> {
    try {
      await this.client.status().update(CronJobResource, withCondition(cronJob, condition));
    } catch (err) {
      ctx.log.error({ err }, 'Failed to update CronJob status');
    }
  }
}

/** withCondition returns the CronJob with the condition set in a copy of its status conditions. */
function withCondition(cronJob: CronJobObject, condition: ConditionInput): CronJobObject {
  const conditions = [...(cronJob.status?.conditions ?? [])];
  setStatusCondition(conditions, condition);
  return { ...cronJob, status: { ...cronJob.status, conditions } };
}

/** keyOf is the namespace and name of an object read from the API server. */
function keyOf(obj: Job): { namespace?: string; name: string } {
  return { namespace: obj.metadata?.namespace, name: obj.metadata?.name ?? '' };
}
