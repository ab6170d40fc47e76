/*
Copyright The memcached-operator Authors.

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtin, type Client } from 'operator-ts/runtime';
import { directClient, eventually, findBinaryAssets, startTestEnv, type TestEnv } from 'operator-ts/testing';

// Integration tests against a real kube-apiserver and etcd (envtest). They are skipped, with the reason
// printed, when no control-plane binaries are found: run `make setup-envtest` (npx operator-ts envtest use).
const assets = findBinaryAssets();
const missing = 'missing' in assets ? assets.missing : undefined;
if (missing !== undefined) console.warn(`envtest suite skipped: ${missing}`);

describe.skipIf(missing !== undefined)('envtest control plane', () => {
  let env: TestEnv | undefined;
  // k8sClient talks straight to the test API server, with no cache, like envtest's k8sClient in Go.
  let k8sClient: Client;

  beforeAll(async () => {
    // CRDs come from `npm run manifests`; webhooks can be added with webhookInstallOptions: { paths: ['config/webhook'] }.
    env = await startTestEnv({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: false });
    k8sClient = directClient(env);
  }, 120_000);

  afterAll(async () => {
    await env?.stop();
  });

  it('serves the Kubernetes API', async () => {
    const namespaces = await k8sClient.list(builtin.Namespace);
    expect(namespaces.some((ns) => ns.metadata?.name === 'default')).toBe(true);
  });

  it('stores objects and reports their status', async () => {
    await k8sClient.create(builtin.Namespace, { metadata: { name: 'envtest-suite' } });
    // What the cluster does happens later: poll with eventually (1 s timeout, every 10 ms, as Gomega does).
    await eventually(async () => {
      const namespace = await k8sClient.get(builtin.Namespace, { name: 'envtest-suite' });
      expect(namespace.status?.phase).toBe('Active');
    });
  });

  // TODO(user): start your reconcilers against the test API server (createManager({ kubeConfig: env.kubeConfig, ... })
  // and mgr.start(signal)), then check what they do to real objects with k8sClient and eventually(...);
  // consistently(...) checks that something keeps holding.
});
