// The istio/v1 objects of golden project `mesh` on a real API server (etcd + kube-apiserver from the envtest
// binaries) that serves Istio's own security CRDs (e2e/istio/testdata, unmodified from istio/api): the
// kustomize output of config/default, as `make deploy` applies it, passes a server-side dry-run, so every
// PeerAuthentication and AuthorizationPolicy is valid under the CRDs' schemas and CEL rules. The negative
// cases prove those rules are enforced here. Without the envtest binaries (and their kubectl) it is skipped.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { findKubectl } from '../helpers/bundle.js';
import { parseObjects, type Obj } from '../helm/chart-helpers.js';
import { goldenRoot } from '../helpers/paths.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

const kubectlFound = findKubectl();
const kubectl = 'kubectl' in kubectlFound ? kubectlFound.kubectl : '';
const skip = 'missing' in kubectlFound ? ` (SKIPPED: ${kubectlFound.missing})` : '';
const testdata = fileURLToPath(new URL('./testdata/', import.meta.url));
// cert-manager is not installed on this API server; its objects are checked by cert-manager's own CRDs elsewhere.
const CERT_MANAGER_KINDS = new Set(['Certificate', 'Issuer']);
const NAMESPACE = 'mesh-operator-system';

describe.skipIf(skip !== '')(`istio/v1 objects on a real API server with Istio's CRDs${skip}`, () => {
  let env: TestEnv | undefined;
  let work = '';
  let objects: Obj[] = [];

  const kube = (
    args: readonly string[],
    input?: string,
  ): Promise<{ exitCode: number; stdout: string; stderr: string }> =>
    execa(kubectl, args, {
      env: { KUBECONFIG: env?.kubeconfigPath ?? '' },
      reject: false,
      ...(input === undefined ? { stdin: 'ignore' as const } : { input }),
    }).then((r) => ({
      exitCode: r.exitCode ?? -1,
      stdout: String(r.stdout),
      stderr: String(r.stderr),
    }));

  /** dryRun sends objects to the API server with a server-side apply dry-run. */
  const dryRun = async (items: readonly Obj[]): Promise<{ exitCode: number; stdout: string; stderr: string }> => {
    const file = join(work, `dry-run-${Date.now()}.json`);
    await writeFile(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
    return kube(['apply', '--server-side', '--dry-run=server', '--field-manager', 'mesh-test', '-f', file]);
  };

  beforeAll(async () => {
    work = await makeWorkdir('istio-mesh');
    const r = await execa(kubectl, ['kustomize', join(goldenRoot, 'mesh/config/default')], { stdin: 'ignore' });
    objects = parseObjects(String(r.stdout));
    env = await startTestEnv({ crdDirectoryPaths: [testdata], errorIfCRDPathMissing: true });
    // A dry-run creates no namespace, so the objects in it need a real one.
    const ns = await kube(['create', 'namespace', NAMESPACE]);
    expect(ns.exitCode, ns.stderr).toBe(0);
  });

  afterAll(async () => {
    await env?.stop();
    if (work !== '') await removeWorkdir(work);
  });

  const ofKind = (kind: string): Obj[] => objects.filter((o) => o['kind'] === kind);
  const spec = (o: Obj): Obj => o['spec'] as Obj;

  it('renders one PeerAuthentication and two AuthorizationPolicies for the manager', () => {
    expect(ofKind('PeerAuthentication').map((o) => (o['metadata'] as Obj)['name'])).toEqual([
      'mesh-operator-controller-manager',
    ]);
    expect(
      ofKind('AuthorizationPolicy')
        .map((o) => (o['metadata'] as Obj)['name'])
        .sort(),
    ).toEqual(['mesh-operator-controller-manager-metrics', 'mesh-operator-controller-manager-webhook']);
    const peer = spec(ofKind('PeerAuthentication')[0]!);
    expect(peer['mtls']).toEqual({ mode: 'STRICT' });
    expect(peer['portLevelMtls']).toEqual({ '9443': { mode: 'PERMISSIVE' } });
    const template = (spec(ofKind('Deployment')[0]!)['template'] as Obj)['metadata'] as Obj;
    expect(template['annotations']).toMatchObject({
      'traffic.sidecar.istio.io/excludeInboundPorts': '9443',
      'sidecar.istio.io/rewriteAppHTTPProbers': 'true',
      'proxy.istio.io/config': '{"holdApplicationUntilProxyStarts": true}',
    });
    expect(template['labels']).toMatchObject({ 'sidecar.istio.io/inject': 'true' });
    // Every mesh object selects the manager pods, and only them.
    const podLabels = template['labels'] as Obj;
    for (const o of [...ofKind('PeerAuthentication'), ...ofKind('AuthorizationPolicy')]) {
      const match = (spec(o)['selector'] as Obj)['matchLabels'] as Obj;
      expect(podLabels).toMatchObject(match);
    }
  });

  it('passes a server-side dry-run of the whole kustomize output', async () => {
    const items = objects.filter((o) => !CERT_MANAGER_KINDS.has(String(o['kind'])) && o['kind'] !== 'Namespace');
    const r = await dryRun(items);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      'peerauthentication.security.istio.io/mesh-operator-controller-manager serverside-applied (server dry run)',
    );
    expect(r.stdout).toContain(
      'authorizationpolicy.security.istio.io/mesh-operator-controller-manager-metrics serverside-applied (server dry run)',
    );
    expect(r.stdout).toContain(
      'authorizationpolicy.security.istio.io/mesh-operator-controller-manager-webhook serverside-applied (server dry run)',
    );
  });

  it("is checked by Istio's validation rules: a port-level mode without a workload selector is refused", async () => {
    const peer = structuredClone(ofKind('PeerAuthentication')[0]!);
    delete spec(peer)['selector'];
    const r = await dryRun([peer]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain('portLevelMtls requires selector');
  });

  it("is checked by Istio's schema: an unknown action is refused", async () => {
    const policy = structuredClone(ofKind('AuthorizationPolicy')[0]!);
    spec(policy)['action'] = 'PERMIT';
    const r = await dryRun([policy]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain('spec.action: Unsupported value: "PERMIT"');
  });
});
