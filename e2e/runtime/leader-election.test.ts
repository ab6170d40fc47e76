// Leader election on one Lease of a real API server: two managers in this process (only the leader's
// controllers reconcile; stopping the leader releases the lease and the other takes over at once), then a
// leader in a child process killed with SIGKILL (no release): the successor waits for the lease to expire.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { V1Lease } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtin,
  createManager,
  newControllerManagedBy,
  silentLogger,
  type Client,
  type Manager,
  type Request,
  type Wire,
} from '../../dist/src/runtime/index.js';
import type { Informer } from '../../dist/src/runtime/cache/index.js';
import { KubeTransport, RestClient } from '../../dist/src/runtime/rest/index.js';
import { newClient } from '../../dist/src/runtime/client/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';

const assets = findBinaryAssets();
const namespace = 'default';
const childScript = fileURLToPath(new URL('./fixtures/leader-child.mjs', import.meta.url));

interface Candidate {
  name: string;
  mgr: Manager;
  reconciled: string[];
  /** The ConfigMap informer's list count at each reconcile. */
  listsAtReconcile: number[];
  leading: boolean;
  stop: AbortController;
  running: Promise<void>;
}

describe.skipIf(!isBinaryAssets(assets))('leader election on a real API server', () => {
  let env: TestEnv;
  const candidates: Candidate[] = [];
  let child: ChildProcess | undefined;

  let reader: Client;
  const lease = (name: string): Promise<Wire<V1Lease>> => reader.get(builtin.Lease, { namespace, name });

  async function candidate(
    name: string,
    leaseId: string,
    timings: { lease: number; renew: number; retry: number },
    withController = true,
  ): Promise<Candidate> {
    const mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: silentLogger(),
      gracefulShutdownTimeoutMs: 10_000,
      leaderElection: {
        enabled: true,
        id: leaseId,
        namespace,
        identity: name,
        leaseDurationMs: timings.lease,
        renewDeadlineMs: timings.renew,
        retryPeriodMs: timings.retry,
      },
    });
    const c: Candidate = {
      name,
      mgr,
      reconciled: [],
      listsAtReconcile: [],
      leading: false,
      stop: new AbortController(),
      running: Promise.resolve(),
    };
    if (withController) {
      newControllerManagedBy(mgr)
        .for(builtin.ConfigMap)
        .named('config-watcher')
        .complete({
          reconcile: async (_ctx, req: Request) => {
            c.listsAtReconcile.push(configMaps(c).listCount);
            c.reconciled.push(req.name);
          },
        });
    }
    c.running = mgr.start(c.stop.signal);
    c.running.catch(() => undefined);
    void mgr.elected().then(() => (c.leading = true));
    candidates.push(c);
    return c;
  }

  /** configMaps is the candidate's ConfigMap informer, which its controller created when it was built. */
  const configMaps = (c: Candidate): Informer & { listCount: number } => {
    expect(c.mgr.getCache().hasInformer(builtin.ConfigMap)).toBe(true);
    return c.mgr.getCache().getInformer(builtin.ConfigMap) as Informer & { listCount: number };
  };

  beforeAll(async () => {
    env = await startTestEnv();
    reader = newClient({
      rest: new RestClient(new KubeTransport(env.kubeConfig, { userAgent: 'e2e-leader-election' })),
      fieldManager: 'e2e',
    });
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const c of candidates) c.stop.abort();
    await Promise.all(candidates.map((c) => c.running.catch(() => undefined)));
    await env?.stop();
  });

  it('lets exactly one of two managers lead and run its controllers; stopping it hands over at once', async () => {
    // A 15 s lease: a handover well within it proves the stopped leader released the lease.
    const timings = { lease: 15_000, renew: 10_000, retry: 500 };
    const a = await candidate('manager-a', 'e2e-graceful', timings);
    const b = await candidate('manager-b', 'e2e-graceful', timings);
    const leader = await waitFor('one manager to lead', async () => candidates.find((c) => c.leading), 30_000);
    const follower = leader === a ? b : a;
    expect((await lease('e2e-graceful')).spec?.holderIdentity).toBe(leader.name);

    await leader.mgr.client.create(builtin.ConfigMap, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'le-probe-1', namespace },
    });
    await waitFor('the leader to reconcile le-probe-1', async () =>
      leader.reconciled.includes('le-probe-1') ? true : undefined,
    );
    // Warm replica: the follower's informer has listed and watches while it does not hold the lease
    // (client.get would read live before the sync, so the informer itself is asked).
    const warm = configMaps(follower);
    expect(warm.hasSynced()).toBe(true);
    expect(warm.listCount).toBeGreaterThanOrEqual(1);
    await waitFor('the follower cache to see le-probe-1', async () => warm.get({ namespace, name: 'le-probe-1' }));
    await new Promise((r) => setTimeout(r, 1500));
    expect(follower.leading).toBe(false);
    expect(follower.reconciled).toEqual([]);
    const listsBeforeHandover = warm.listCount;

    leader.stop.abort();
    await leader.running;
    const released = await lease('e2e-graceful');
    expect([follower.name, ''], 'holder after release').toContain(released.spec?.holderIdentity ?? '');
    await waitFor(
      'the follower to take over the released lease',
      async () => (follower.leading ? true : undefined),
      10_000,
    );
    await waitFor('the new leader to reconcile existing objects', async () =>
      follower.reconciled.includes('le-probe-1') ? true : undefined,
    );
    // The new leader reconciled from the cache it had filled as a follower: no list between the handover
    // and its reconciles.
    expect(follower.listsAtReconcile[0], 'lists before the new leader first reconciled').toBe(listsBeforeHandover);
    expect(configMaps(follower).listCount).toBe(listsBeforeHandover);
    const after = await lease('e2e-graceful');
    expect(after.spec?.holderIdentity).toBe(follower.name);
    expect(after.spec?.leaseTransitions ?? 0).toBeGreaterThanOrEqual(1);
    follower.stop.abort();
    await follower.running;
  });

  it('hands over within lease duration + retry period when the leader dies without releasing', async () => {
    const timings = { lease: 4000, renew: 3000, retry: 500 };
    let output = '';
    child = spawn(process.execPath, [childScript], {
      env: {
        ...process.env,
        KUBECONFIG: env.kubeconfigPath,
        LE_ID: 'e2e-crash',
        LE_NAMESPACE: namespace,
        LE_IDENTITY: 'child-leader',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(
      'the child manager to lead',
      async () => {
        if (child?.exitCode !== null) throw new Error(`child exited: ${output}`);
        return output.includes('LEADING child-leader') ? true : undefined;
      },
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${output}`);
    });

    const successor = await candidate('successor', 'e2e-crash', timings, false);
    // Long enough for several successor attempts, each of which must find the lease held.
    await new Promise((r) => setTimeout(r, 2 * timings.lease));
    expect(successor.leading, 'the successor must not take a lease that is being renewed').toBe(false);
    expect((await lease('e2e-crash')).spec?.holderIdentity).toBe('child-leader');

    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGKILL');
    const killedAt = Date.now();
    await exited;
    await waitFor(
      'the successor to take over the expired lease',
      async () => (successor.leading ? true : undefined),
      30_000,
    );
    const handover = Date.now() - killedAt;
    const slack = 3000;
    expect(handover, `handover took ${handover} ms`).toBeLessThanOrEqual(timings.lease + timings.retry + slack);
    // The lease was renewed at most one retry period before the kill: taking over much sooner would mean
    // the successor ignored a live lease.
    expect(handover, `handover took ${handover} ms`).toBeGreaterThanOrEqual(timings.lease - 2 * timings.retry);
    const taken = await lease('e2e-crash');
    expect(taken.spec?.holderIdentity).toBe('successor');
    expect(taken.spec?.leaseTransitions).toBe(1);
  });
});

describe.skipIf(isBinaryAssets(assets))('leader election on a real API server (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
