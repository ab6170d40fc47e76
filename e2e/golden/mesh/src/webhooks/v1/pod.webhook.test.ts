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
import type { V1Pod } from '@kubernetes/client-node';
import { SidecarInjector } from 'operator-ts/runtime/webhook';
import { PodSidecarInjection, SIDECAR_ANNOTATION_PREFIX } from './pod.webhook.js';
// +operator-ts:scaffold:imports

/** admissionContext builds the context the webhooks get; it carries only what these tests need. */
function admissionContext(operation: 'CREATE' | 'UPDATE' | 'DELETE'): AdmissionContext {
  return {
    request: { uid: 'test', operation, namespace: 'default', name: 'sample' },
    log: newLogger({ level: 'silent' }),
    signal: new AbortController().signal,
  } as unknown as AdmissionContext;
}

/**
 * partial lets a sample leave out fields the model requires (a kind this project does not define): the
 * webhooks see only what a test sets.
 */
function partial<T>(fields: Partial<T>): T {
  return fields as T;
}

/** sample is a valid Pod to start each test from, as a webhook receives it (Wire: timestamps are strings). */
function sample(): Wire<V1Pod> {
  // TODO(user): fill in the fields your webhooks look at.
  return partial<Wire<V1Pod>>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'sample', namespace: 'default' },
  });
}

describe('Pod webhook', () => {
  it('starts from a sample of the right kind', () => {
    expect(sample().kind).toBe('Pod');
  });

  describe('Pod sidecar injection', () => {
    const injector = new SidecarInjector(new PodSidecarInjection());
    const requested = { [`${SIDECAR_ANNOTATION_PREFIX}/inject`]: 'true' };
    const pod = (annotations?: Record<string, string>): Wire<V1Pod> => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'app', namespace: 'default', ...(annotations !== undefined ? { annotations } : {}) },
      spec: { containers: [{ name: 'app', image: 'registry.example.com/app:1.0.0' }] },
    });

    it('injects the sidecar into a Pod that asks for it, once', async () => {
      const obj = pod(requested);
      expect(await injector.mutate(admissionContext('CREATE'), obj)).toMatchObject({ injected: true });
      expect(obj.spec?.containers.map((c) => c.name)).toEqual(['app', 'sidecar']);
      expect(obj.spec?.containers[1]?.args).toContain('--workload=default/app');
      // Reinvocation and re-admission see the status annotation and change nothing.
      expect(await injector.mutate(admissionContext('CREATE'), obj)).toMatchObject({ injected: false });
      expect(obj.spec?.containers).toHaveLength(2);
    });

    it('leaves Pods alone that do not ask for the sidecar, or run on the host network', async () => {
      const plain = pod();
      expect(await injector.mutate(admissionContext('CREATE'), plain)).toMatchObject({ injected: false });
      const host = pod(requested);
      host.spec!.hostNetwork = true;
      expect(await injector.mutate(admissionContext('CREATE'), host)).toMatchObject({ injected: false });
      expect([plain, host].map((p) => p.spec?.containers.length)).toEqual([1, 1]);
    });

    it('warns about floating image tags', () => {
      const obj = pod();
      obj.spec!.containers[0]!.image = 'registry.example.com/app:latest';
      expect(new PodSidecarInjection().validate(admissionContext('CREATE'), obj)).toHaveLength(1);
      expect(new PodSidecarInjection().validate(admissionContext('CREATE'), pod())).toEqual([]);
    });
  });
  // +operator-ts:scaffold:tests
});
