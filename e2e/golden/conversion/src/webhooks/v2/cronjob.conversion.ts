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

import type { Wire } from 'operator-ts/runtime';
import type { CronJob } from '../../api/v2/cronjob.types.js';
import type { CronJob as CronJobV1 } from '../../api/v1/cronjob.types.js';

// Conversion between the versions of CronJob: v2 is the hub, the version the CRD stores (its
// type carries the storageversion marker); every other version converts to and from it.
// TODO(user): map the fields that differ between the versions; the scaffold copies everything else.
// Objects are the JSON of the ConversionReview, hence Wire<...> (timestamps are RFC 3339 strings).

/** cronjobV1ToHub converts a v1 CronJob to the hub version v2. */
export function cronjobV1ToHub(obj: Wire<CronJobV1>): Wire<CronJob> {
  return { ...obj, apiVersion: 'jobs.example.com/v2' };
}

/** cronjobV1FromHub converts a hub CronJob (v2) to v1. */
export function cronjobV1FromHub(hub: Wire<CronJob>): Wire<CronJobV1> {
  return { ...hub, apiVersion: 'jobs.example.com/v1' };
}
