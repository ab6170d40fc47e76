import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBinaryAssets, isBinaryAssets } from '../../dist/src/testing/index.js';
import { K8S_MODELS_FILE } from '../../src/schema/k8s-models/load.js';
import { goAvailable } from '../generate-parity/controller-gen.mjs';
import { DATA_DIR, collectModelData } from './collect.mjs';

// The model data in the package is what the pinned kube-apiserver publishes: read afresh from a real
// control plane (descriptions from k8s.io/api's Go sources, through the Go module proxy), it must equal
// the committed file byte for byte.
describe.skipIf(!isBinaryAssets(findBinaryAssets()) || !goAvailable())('client-node model data', () => {
  it('is the current /openapi/v3 of the pinned kube-apiserver (else: npm run k8s-models:refresh)', async () => {
    const r = await collectModelData();
    expect(r.fileName, `the generator reads ${K8S_MODELS_FILE}`).toBe(K8S_MODELS_FILE);
    const committed = readFileSync(join(DATA_DIR, r.fileName), 'utf8');
    expect(
      r.text === committed,
      `${r.fileName} is not what kube-apiserver ${r.data.kubernetesVersion} publishes: run npm run k8s-models:refresh`,
    ).toBe(true);
    // The data covers the models operator CRDs embed, under client-node's names.
    for (const m of [
      'V1PodTemplateSpec',
      'V1Container',
      'V1ResourceRequirements',
      'V1LabelSelector',
      'V1DeploymentSpec',
      'V1JobSpec',
      'V1ResourceClaim',
    ])
      expect(r.data.models[m] ?? r.data.aliases[m], m).toBeDefined();
  });
});
