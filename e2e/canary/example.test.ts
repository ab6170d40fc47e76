// The example of e2e/canary/fixtures/canary-operator: a project scaffolded by the BUILT CLI (run `npm run build`
// first) whose Canary kind shifts traffic through Istio's VirtualService and DestinationRule, typed by
// `operator-ts import crd` from Istio's real CRDs (e2e/canary/testdata). It type-checks under strict,
// `generate` writes RBAC for networking.istio.io and no Istio CRD, and on envtest with the Istio CRDs
// installed the operator routes a new Canary, steps its weight while keeping what others added to the
// VirtualService, refuses weights that do not add up to 100 with a status condition, and its update
// helper fails with a Conflict on a stale resourceVersion rather than overwrite a concurrent edit.
import { execa } from 'execa';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManager,
  isConflict,
  newLogger,
  silentLogger,
  type Client,
  type KubernetesObject,
  type Manager,
  type ResourceDescriptor,
} from '../../dist/src/runtime/index.js';
import { directClient, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { runCliOk } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';
import { waitFor } from '../helpers/wait.js';

const EXAMPLE = join(repoRoot, 'e2e/canary/fixtures/canary-operator');
const TESTDATA = join(repoRoot, 'e2e/canary/testdata');
const ISTIO_CRDS = [join(TESTDATA, 'istio-virtualservices.yaml'), join(TESTDATA, 'istio-destinationrules.yaml')];
const WORK = join(repoRoot, 'e2e/.work/canary-example');
const dir = join(WORK, 'canary-operator');
const NAMESPACE = 'default';

interface Route {
  destination: { host: string; subset?: string };
  weight?: number;
}
type VirtualService = KubernetesObject & {
  spec?: {
    hosts?: string[];
    gateways?: string[];
    http?: { name?: string; route?: Route[]; retries?: { attempts?: number } }[];
  };
};
type DestinationRule = KubernetesObject & {
  spec?: { host: string; subsets?: { name: string; labels?: Record<string, string> }[] };
};
interface CanarySpec {
  host: string;
  stableVersion: string;
  canaryVersion: string;
  stableWeight: number;
  canaryWeight: number;
}
type Canary = KubernetesObject & {
  spec: CanarySpec;
  status?: {
    canaryWeight?: number;
    conditions?: { type: string; status: string; reason: string; message: string; observedGeneration?: number }[];
  };
};

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await runCliOk(['init', '--domain', 'example.com', '--project-name', 'canary-operator', '--skip-install'], dir);
  await runCliOk(['create', 'api', '--group', 'rollout', '--version', 'v1', '--kind', 'Canary'], dir);
  await runCliOk(['import', 'crd', ...ISTIO_CRDS], dir);
  copyFileSync(join(EXAMPLE, 'canary.types.ts'), join(dir, 'src/api/v1/canary.types.ts'));
  for (const f of ['canary.controller.ts', 'traffic.ts'])
    copyFileSync(join(EXAMPLE, f), join(dir, 'src/controllers', f));
  rmSync(join(dir, 'src/controllers/canary.controller.test.ts'));
  await runCliOk(['generate'], dir);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(repoRoot, join(dir, 'node_modules/operator-ts'));
});

afterAll(() => {
  rmSync(WORK, { recursive: true, force: true });
});

describe('a Canary operator on imported Istio types', () => {
  it('imports the Istio kinds, writes RBAC for them and no CRD', () => {
    expect(readdirSync(join(dir, 'src/api/external/networking.istio.io/v1')).sort()).toEqual([
      'destinationrule.resource.ts',
      'destinationrule.types.ts',
      'groupversion.ts',
      'virtualservice.resource.ts',
      'virtualservice.types.ts',
    ]);
    expect(readdirSync(join(dir, 'config/crd/bases'))).toEqual(['rollout.example.com_canaries.yaml']);
    expect(readFileSync(join(dir, 'config/rbac/role.yaml'), 'utf8')).toMatch(
      /- apiGroups:\n {2}- networking\.istio\.io\n {2}resources:\n {2}- destinationrules\n {2}- virtualservices\n/,
    );
  });

  it('type-checks under strict', async () => {
    const tsc = await execa(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'],
      { cwd: dir, reject: false },
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
  });

  describe('on envtest with the Istio CRDs installed', () => {
    let env: TestEnv | undefined;
    let mgr: Manager | undefined;
    let client: Client;
    const stop = new AbortController();
    let running: Promise<void> | undefined;
    let CanaryResource: ResourceDescriptor<Canary>;
    let VirtualServiceResource: ResourceDescriptor<VirtualService>;
    let DestinationRuleResource: ResourceDescriptor<DestinationRule>;
    const key = { namespace: NAMESPACE, name: 'reviews' };

    const routed = async (): Promise<Record<string, number | undefined>> => {
      const vs = await client.get(VirtualServiceResource, key);
      const route = vs.spec?.http?.find((h) => h.name === 'canary')?.route ?? [];
      return Object.fromEntries(route.map((r) => [r.destination.subset ?? '', r.weight]));
    };
    const ready = (want: { status: string; reason: string; generation?: number }) =>
      waitFor(
        `Canary Ready=${want.status} (${want.reason})`,
        async () => {
          const c = await client.get(CanaryResource, key);
          const cond = c.status?.conditions?.find((x) => x.type === 'Ready');
          const current = want.generation === undefined || cond?.observedGeneration === want.generation;
          return cond?.status === want.status && cond.reason === want.reason && current
            ? { canary: c, cond }
            : undefined;
        },
        30_000,
      );
    const setWeights = async (stableWeight: number, canaryWeight: number): Promise<number> => {
      const c = await client.get(CanaryResource, key);
      const updated = await client.update(CanaryResource, { ...c, spec: { ...c.spec, stableWeight, canaryWeight } });
      return updated.metadata?.generation ?? 0;
    };

    beforeAll(async () => {
      env = await startTestEnv({
        crdDirectoryPaths: [join(dir, 'config/crd/bases'), ...ISTIO_CRDS],
        errorIfCRDPathMissing: true,
      });
      client = directClient(env);
      ({ CanaryResource } = (await import(join(dir, 'src/api/v1/zz_generated.resources.ts'))) as {
        CanaryResource: ResourceDescriptor<Canary>;
      });
      ({ VirtualServiceResource } = (await import(
        join(dir, 'src/api/external/networking.istio.io/v1/virtualservice.resource.ts')
      )) as { VirtualServiceResource: ResourceDescriptor<VirtualService> });
      ({ DestinationRuleResource } = (await import(
        join(dir, 'src/api/external/networking.istio.io/v1/destinationrule.resource.ts')
      )) as { DestinationRuleResource: ResourceDescriptor<DestinationRule> });
      mgr = await createManager({
        kubeConfig: env.kubeConfig,
        metricsBindAddress: '0',
        healthProbeBindAddress: '0',
        logger: process.env.DEBUG_CANARY ? newLogger({ level: 'debug' }) : silentLogger(),
        fieldManager: 'canary-operator',
      });
      const { CanaryReconciler } = (await import(join(dir, 'src/controllers/canary.controller.ts'))) as {
        CanaryReconciler: new (client: Manager['client']) => { setupWithManager(mgr: Manager): unknown };
      };
      new CanaryReconciler(mgr.client).setupWithManager(mgr);
      running = mgr.start(stop.signal);
      running.catch(() => undefined);
    });

    afterAll(async () => {
      stop.abort();
      await running?.catch(() => undefined);
      await env?.stop();
    });

    it('routes a new Canary: a DestinationRule subset per version and a weighted VirtualService route', async () => {
      await client.create(CanaryResource, {
        apiVersion: CanaryResource.apiVersion,
        kind: 'Canary',
        metadata: key,
        spec: { host: 'reviews', stableVersion: 'v1', canaryVersion: 'v2', stableWeight: 100, canaryWeight: 0 },
      });
      const { cond } = await ready({ status: 'True', reason: 'TrafficShifted' });
      expect(cond.message).toBe('stable v1 100%, canary v2 0%');
      expect(await routed()).toEqual({ stable: 100, canary: 0 });
      const rule = await client.get(DestinationRuleResource, key);
      expect(rule.spec).toEqual({
        host: 'reviews',
        subsets: [
          { name: 'stable', labels: { version: 'v1' } },
          { name: 'canary', labels: { version: 'v2' } },
        ],
      });
      for (const owned of [rule, await client.get(VirtualServiceResource, key)]) {
        expect(owned.metadata?.ownerReferences).toEqual([
          expect.objectContaining({ kind: 'Canary', name: 'reviews', controller: true }),
        ]);
      }
    });

    it('steps the weight and keeps what others added to the VirtualService', async () => {
      // Someone else adds a gateway and retries to the route; a weight step must not undo them.
      const vs = await client.get(VirtualServiceResource, key);
      const http = (vs.spec?.http ?? []).map((h) => (h.name === 'canary' ? { ...h, retries: { attempts: 3 } } : h));
      await client.update(VirtualServiceResource, { ...vs, spec: { ...vs.spec, gateways: ['mesh'], http } });
      for (const [stable, canary] of [
        [90, 10],
        [50, 50],
        [0, 100],
      ] as const) {
        const generation = await setWeights(stable, canary);
        const { canary: c } = await ready({ status: 'True', reason: 'TrafficShifted', generation });
        expect(c.status?.canaryWeight).toBe(canary);
        expect(await routed()).toEqual({ stable, canary });
      }
      const after = await client.get(VirtualServiceResource, key);
      expect(after.spec?.gateways).toEqual(['mesh']);
      expect(after.spec?.http?.find((h) => h.name === 'canary')?.retries).toEqual({ attempts: 3 });
    });

    it('refuses weights that do not add up to 100 with a condition, and leaves the routing alone', async () => {
      const before = await client.get(VirtualServiceResource, key);
      const generation = await setWeights(70, 20);
      const { cond } = await ready({ status: 'False', reason: 'InvalidWeights', generation });
      expect(cond.message).toBe('weights must add up to 100, got 70 + 20 = 90');
      const after = await client.get(VirtualServiceResource, key);
      expect(after.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
      expect(await routed()).toEqual({ stable: 0, canary: 100 });
      // Corrected, it routes again.
      const fixed = await setWeights(80, 20);
      await ready({ status: 'True', reason: 'TrafficShifted', generation: fixed });
      expect(await routed()).toEqual({ stable: 80, canary: 20 });
    });

    it('setRouteWeights: Conflict on a stale resourceVersion, bad weights never sent', async () => {
      // The helper alone: the controller would route the Canary's weights back.
      stop.abort();
      await running;
      const { setRouteWeights } = (await import(join(dir, 'src/controllers/traffic.ts'))) as {
        setRouteWeights(
          client: Client,
          vs: VirtualService,
          split: {
            host: string;
            stable: { version: string; weight: number };
            canary: { version: string; weight: number };
          },
        ): Promise<boolean>;
      };
      const stale = await client.get(VirtualServiceResource, key);
      const fresh = await client.update(VirtualServiceResource, {
        ...stale,
        metadata: { ...stale.metadata, labels: { edited: 'true' } },
      });
      const split = (s: number, c: number) => ({
        host: 'reviews',
        stable: { version: 'v1', weight: s },
        canary: { version: 'v2', weight: c },
      });
      const conflict = await setRouteWeights(
        client,
        { metadata: { ...key, resourceVersion: stale.metadata?.resourceVersion } },
        split(60, 40),
      ).catch((e: unknown) => e);
      expect(isConflict(conflict)).toBe(true);
      expect((await client.get(VirtualServiceResource, key)).metadata?.resourceVersion).toBe(
        fresh.metadata?.resourceVersion,
      );
      await expect(setRouteWeights(client, { metadata: key }, split(60, 60))).rejects.toThrow(
        'refusing to route reviews: weights must add up to 100, got 60 + 60 = 120',
      );
      expect(
        await setRouteWeights(
          client,
          { metadata: { ...key, resourceVersion: fresh.metadata?.resourceVersion } },
          split(60, 40),
        ),
      ).toBe(true);
      expect(await routed()).toEqual({ stable: 60, canary: 40 });
    });
  });
});
