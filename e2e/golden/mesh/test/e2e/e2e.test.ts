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

// The e2e suite: the manager image built, loaded into a Kind cluster and deployed as users deploy it. Run it
// with `make test-e2e`, which creates the Kind cluster (KIND_CLUSTER) and deletes it afterwards; it is
// skipped when KIND_CLUSTER is not set. Use a dedicated Kind cluster, never a shared one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildImage,
  deploy,
  forwardMetrics,
  grantMetricsReader,
  installCertManager,
  loadImageToKind,
  managerPod,
  NAMESPACE,
  PROJECT_NAME,
  scrapeMetrics,
  serviceAccountToken,
  undeploy,
  usesCertManager,
  waitFor,
  type PortForward,
} from './steps.js';

const cluster = process.env['KIND_CLUSTER'];
const kind = process.env['KIND'] ?? 'kind';
const img = process.env['IMG'] || 'example.com/mesh-operator:v0.0.1';
// The Kind cluster's context, as `kind create cluster` sets it current; KUBECONFIG may name another file.
const kubeconfig = process.env['KUBECONFIG'];

describe.skipIf(cluster === undefined)('mesh-operator on Kind', () => {
  beforeAll(async () => {
    await buildImage(img);
    await loadImageToKind(img, kind, cluster ?? '');
    if (usesCertManager() && process.env['CERT_MANAGER_INSTALL_SKIP'] !== 'true') await installCertManager(kubeconfig);
    await deploy(img, kubeconfig);
  }, 900_000);

  afterAll(async () => {
    await undeploy(kubeconfig);
  }, 300_000);

  it('runs the manager', async () => {
    const pod = await waitFor(() => managerPod(kubeconfig), 300_000, `a ready manager pod in ${NAMESPACE}`);
    expect(pod).toMatch(new RegExp(`^${PROJECT_NAME}-controller-manager-`));
  }, 310_000);

  it('serves metrics to a service account bound to the metrics-reader role', async () => {
    const serviceAccount = `${PROJECT_NAME}-controller-manager`;
    await grantMetricsReader(kubeconfig, NAMESPACE, serviceAccount);
    const token = await serviceAccountToken(kubeconfig, NAMESPACE, serviceAccount);
    let forward: PortForward | undefined;
    try {
      forward = await forwardMetrics(kubeconfig, 18443);
      const url = forward.url;
      const metrics = await waitFor(
        async () => {
          const res = await scrapeMetrics(url, token);
          return res.status === 200 ? res : undefined;
        },
        120_000,
        'the metrics endpoint',
      );
      expect(metrics.body).toContain('controller_runtime_reconcile_total');
    } finally {
      forward?.stop();
    }
  }, 180_000);
});
