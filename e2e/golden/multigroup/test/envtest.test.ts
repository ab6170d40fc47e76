/*
Copyright The fleet-operator Authors.

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

import { CoreV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaryAssets, startTestEnv, type TestEnv } from 'operator-ts/testing';

// Integration tests against a real kube-apiserver and etcd (envtest). They are skipped, with the reason
// printed, when no control-plane binaries are found: set KUBEBUILDER_ASSETS (setup-envtest use -p path).
const assets = findBinaryAssets();
const missing = 'missing' in assets ? assets.missing : undefined;
if (missing !== undefined) console.warn(`envtest suite skipped: ${missing}`);

describe.skipIf(missing !== undefined)('envtest control plane', () => {
  let env: TestEnv | undefined;

  beforeAll(async () => {
    // CRDs come from `npm run manifests`; webhooks can be added with webhookInstallOptions: { paths: ['config/webhook'] }.
    env = await startTestEnv({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: false });
  }, 120_000);

  afterAll(async () => {
    await env?.stop();
  });

  it('serves the Kubernetes API', async () => {
    if (env === undefined) throw new Error('the test environment did not start');
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    const namespaces = await core.listNamespace();
    expect(namespaces.items.some((ns) => ns.metadata?.name === 'default')).toBe(true);
  });

  // TODO(user): start your reconcilers against env.kubeConfig (createManager({ kubeConfig: env.kubeConfig, ... }))
  // and check what they do to real objects.
});
