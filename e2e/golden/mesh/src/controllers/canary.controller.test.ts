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
import type { Canary } from '../api/v1/canary.types.js';
import { newLogger, type ReconcileContext } from 'operator-ts/runtime';
import { FakeClient } from 'operator-ts/runtime/fake';
import { CanaryResource } from '../api/v1/zz_generated.resources.js';
import { CanaryReconciler } from './canary.controller.js';

function testContext(): ReconcileContext {
  return {
    log: newLogger({ level: 'silent' }),
    signal: new AbortController().signal,
    reconcileID: 'test',
    controller: 'canary',
  };
}

describe('CanaryReconciler', () => {
  const key = { namespace: 'default', name: 'test-resource' };

  it('reconciles an existing Canary', async () => {
    const obj: Canary = {
      apiVersion: CanaryResource.apiVersion,
      kind: 'Canary',
      metadata: { namespace: key.namespace, name: key.name },
      spec: {},
    };
    const client = new FakeClient({ objects: [obj] });
    const reconciler = new CanaryReconciler(client);

    const result = await reconciler.reconcile(testContext(), key);

    expect(result?.requeueAfter).toBeUndefined();
    // TODO(user): check what the reconciler did, e.g. `await client.get(...)` of the objects it manages.
  });

  it('ignores a Canary that no longer exists', async () => {
    const reconciler = new CanaryReconciler(new FakeClient());

    const result = await reconciler.reconcile(testContext(), key);

    expect(result?.requeueAfter).toBeUndefined();
  });
});
