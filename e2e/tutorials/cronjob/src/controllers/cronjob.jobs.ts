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

import type { builtin, ObjectOf } from 'operator-ts/runtime';
import type { CronJobResource } from '../api/v1/zz_generated.resources.js';
import { parseStandard } from '../schedule.js';

// The pieces of the CronJob reconciler that need no client: what state a Job is in, when it was
// scheduled, when the CronJob runs next, and the Job to create for a run.

/** CronJobObject is a CronJob as the API server sends it (timestamps are strings). */
export type CronJobObject = ObjectOf<typeof CronJobResource>;
/** Job is a batch/v1 Job as the API server sends it. */
export type Job = ObjectOf<typeof builtin.Job>;

/** scheduledTimeAnnotation records on each Job the run it was created for, so status can be rebuilt from the Jobs. */
export const scheduledTimeAnnotation = 'batch.tutorial.kubebuilder.io/scheduled-at';

/** isJobFinished returns `Complete` or `Failed` for a Job with that condition true, undefined while it runs. */
export function isJobFinished(job: Job): 'Complete' | 'Failed' | undefined {
  for (const c of job.status?.conditions ?? []) {
    if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') return c.type;
  }
  return undefined;
}

/** getScheduledTimeForJob reads the run a Job was created for from its annotation; throws if the annotation is not RFC 3339. */
export function getScheduledTimeForJob(job: Job): Date | undefined {
  const raw = job.metadata?.annotations?.[scheduledTimeAnnotation];
  if (raw === undefined || raw === '') return undefined;
  return parseRFC3339(raw);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** parseRFC3339 parses a time as Go's `time.Parse(time.RFC3339, s)` accepts it; Date.parse alone takes far more. */
export function parseRFC3339(raw: string): Date {
  const time = RFC3339.test(raw) ? new Date(raw) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime())) throw new Error(`parsing time "${raw}" as RFC 3339: not a date-time like 2006-01-02T15:04:05Z`);
  return time;
}

/** rfc3339 formats a time as `metav1.Time` and Go's `time.RFC3339` do: UTC, whole seconds. */
export function rfc3339(time: Date): string {
  return time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** oldestFirst orders Jobs by start time, those not started yet first, as the Go tutorial sorts them for pruning. */
export function oldestFirst(a: Job, b: Job): number {
  const at = a.status?.startTime;
  const bt = b.status?.startTime;
  if (at === undefined || bt === undefined) return at === bt ? 0 : at === undefined ? -1 : 1;
  return Date.parse(at) - Date.parse(bt);
}

/** NextSchedule is the latest run that is due and not started yet (if any), and the run after now (if any). */
export interface NextSchedule {
  missedRun?: Date;
  nextRun?: Date;
}

/** MAX_MISSED_RUNS bounds the walk over missed runs, so a clock that is decades off costs nothing. */
const MAX_MISSED_RUNS = 100;

/**
 * getNextSchedule finds the latest missed run and the next run of a CronJob at `now`. It walks the
 * schedule from the last run (or the creation of the CronJob), or from the starting deadline when that
 * is later, since nothing before the deadline would be started anyway. More than 100 missed runs is an
 * error: after a controller was down for long, or a clock is off, starting them all would do harm.
 */
export function getNextSchedule(cronJob: CronJobObject, now: Date): NextSchedule {
  const schedule = parseStandard(cronJob.spec.schedule);
  const last = cronJob.status?.lastScheduleTime ?? cronJob.metadata?.creationTimestamp;
  let earliest = last === undefined ? now : new Date(last);
  const deadline = cronJob.spec.startingDeadlineSeconds;
  if (deadline !== undefined) {
    const schedulingDeadline = new Date(now.getTime() - deadline * 1000);
    if (schedulingDeadline > earliest) earliest = schedulingDeadline;
  }
  if (earliest > now) return { nextRun: schedule.next(now) };

  let missedRun: Date | undefined;
  let starts = 0;
  for (let t = schedule.next(earliest); t !== undefined && t <= now; t = schedule.next(t)) {
    missedRun = t;
    if (++starts > MAX_MISSED_RUNS) {
      throw new Error('Too many missed start times (> 100). Set or decrease .spec.startingDeadlineSeconds or check clock skew.');
    }
  }
  return { missedRun, nextRun: schedule.next(now) };
}

/**
 * constructJobForCronJob builds the Job of the run at `scheduledTime` from the CronJob's template. Its name
 * is fixed by the run (`<cronjob>-<unix seconds>`), so a run never creates two Jobs; the annotation
 * records the run for the status. The caller sets the owner reference, which lets garbage collection
 * delete Jobs with their CronJob and routes the Jobs' events to it.
 */
export function constructJobForCronJob(cronJob: CronJobObject, scheduledTime: Date): Job {
  const template = cronJob.spec.jobTemplate;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: `${cronJob.metadata?.name ?? ''}-${Math.floor(scheduledTime.getTime() / 1000)}`,
      namespace: cronJob.metadata?.namespace,
      labels: { ...template.metadata?.labels },
      annotations: { ...template.metadata?.annotations, [scheduledTimeAnnotation]: rfc3339(scheduledTime) },
    },
    spec: structuredClone(template.spec ?? { template: {} }),
  };
}
