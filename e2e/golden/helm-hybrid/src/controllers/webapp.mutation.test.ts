/*
Copyright The webapp-operator Authors.

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
import type { KubernetesObject, Wire } from 'operator-ts/runtime';
import { checkMutations } from 'operator-ts/runtime/helm';
import type { WebApp } from '../api/v1alpha1/webapp.types.js';
import { mutateWebApp, TENANT_LABEL } from './webapp.mutation.js';

const owner: Wire<WebApp> = { metadata: { name: 'sample', namespace: 'default', labels: { [TENANT_LABEL]: 'acme' } } };

function deployment(): KubernetesObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'sample-webapp', labels: { 'app.kubernetes.io/name': 'webapp' } },
    spec: { template: { metadata: { labels: { 'app.kubernetes.io/name': 'webapp' } }, spec: { containers: [] } } },
  } as KubernetesObject;
}

describe('mutateWebApp', () => {
  it('labels the object and its pod template with the tenant', () => {
    const object = deployment();
    mutateWebApp(object, owner);
    expect(object.metadata?.labels?.[TENANT_LABEL]).toBe('acme');
    const template = (object as { spec: { template: { metadata: { labels: Record<string, string> } } } }).spec.template;
    expect(template.metadata.labels[TENANT_LABEL]).toBe('acme');
  });

  it('stays within the allow-list the controller holds it to', () => {
    const rendered = deployment();
    const mutated = structuredClone(rendered);
    mutateWebApp(mutated, owner);
    expect(checkMutations([rendered], [mutated])).toEqual([]);
  });
});
