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

import { Cron } from 'croner';

// The Go tutorial parses schedules with robfig/cron's ParseStandard, as Kubernetes' own CronJob
// controller does. This is the same contract on croner: five fields (minute, hour, day of month, month,
// day of week, with names such as MON or JAN) or a descriptor (@yearly, @annually, @monthly, @weekly,
// @daily, @midnight, @hourly), read in UTC, with ParseStandard's messages for the mistakes people make
// most. A restricted day of month and day of week match either, as in cron.

/** Schedule tells when a schedule next fires. */
export interface Schedule {
  /** next returns the first time strictly after `after` that the schedule fires, or undefined if it never does. */
  next(after: Date): Date | undefined;
}

const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** parseStandard parses a standard cron schedule, or throws an Error that says what is wrong with it. */
export function parseStandard(spec: string): Schedule {
  if (spec.length === 0) throw new Error('Empty spec string');
  if (spec.startsWith('@')) {
    if (!DESCRIPTORS.has(spec)) throw new Error(`Unrecognized descriptor: ${spec}`);
  } else {
    const fields = spec.trim().split(/\s+/);
    if (fields.length !== 5) throw new Error(`Expected exactly 5 fields, found ${fields.length}: ${spec}`);
  }
  let cron: Cron;
  try {
    cron = new Cron(spec.trim(), { mode: '5-part', timezone: 'UTC', paused: true });
  } catch (err) {
    throw new Error(`${(err as Error).message.replace(/^CronPattern: /, '')}: ${spec}`, { cause: err });
  }
  return { next: (after) => cron.nextRun(after) ?? undefined };
}
