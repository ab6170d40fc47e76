/*
Copyright The mesh-operator Authors.

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
import { newLogger, type AdmissionContext, type Wire } from 'operator-ts/runtime';
import type { Canary } from '../../api/v1/canary.types.js';
import { CanaryCustomDefaulter } from './canary.webhook.js';
import { CanaryCustomValidator } from './canary.webhook.js';
// +operator-ts:scaffold:imports

/** admissionContext builds the context the webhooks get; it carries only what these tests need. */
function admissionContext(operation: 'CREATE' | 'UPDATE' | 'DELETE'): AdmissionContext {
  return {
    request: { uid: 'test', operation, namespace: 'default', name: 'sample' },
    log: newLogger({ level: 'silent' }),
    signal: new AbortController().signal,
  } as unknown as AdmissionContext;
}

/** sample is a valid Canary to start each test from, as a webhook receives it (Wire: timestamps are strings). */
function sample(): Wire<Canary> {
  return {
    apiVersion: 'traffic.example.com/v1',
    kind: 'Canary',
    metadata: { name: 'sample', namespace: 'default' },
    spec: {},
  };
}

describe('Canary webhook', () => {
  it('starts from a sample of the right kind', () => {
    expect(sample().kind).toBe('Canary');
  });

  it('defaults a Canary', async () => {
    const obj = sample();
    await new CanaryCustomDefaulter().default(admissionContext('CREATE'), obj);
    // TODO(user): check the defaults, e.g. expect(obj.spec.foo).toBe('...').
    expect(obj.kind).toBe('Canary');
  });

  it('admits a valid Canary', async () => {
    const validator = new CanaryCustomValidator();
    await expect(validator.validateCreate(admissionContext('CREATE'), sample())).resolves.toBeUndefined();
    await expect(validator.validateUpdate(admissionContext('UPDATE'), sample(), sample())).resolves.toBeUndefined();
    // TODO(user): check that an invalid object is denied: await expect(...).rejects.toThrow('...').
  });
  // +operator-ts:scaffold:tests
});
