import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestClient } from '../rest/rest-client.js';
import { status, StubApiServer } from '../fixtures/stub-apiserver.js';
import { KubeTransport } from '../rest/transport.js';
import { silentLogger } from '../log/logger.js';
import { registry } from '../metrics/registry.js';
import { sleep } from '../cache/backoff.js';
import { LeaderElector, type Clock } from './leader-elector.js';
import { LeaseLock, LeaseResource } from './lease-lock.js';

let api: StubApiServer;
let transport: KubeTransport;
let offset: number;
let stops: AbortController[];

const clock: Clock = { now: () => Date.now() + offset, sleep: (ms, signal) => sleep(ms, signal) };

beforeEach(async () => {
  api = await new StubApiServer().serve(LeaseResource).start();
  transport = new KubeTransport(api.kubeConfig());
  offset = 0;
  stops = [];
});
afterEach(async () => {
  for (const s of stops) s.abort();
  transport.close();
  await api.stop();
});

function elector(identity: string): LeaderElector {
  return new LeaderElector({
    lock: new LeaseLock(new RestClient(transport), 'system', 'op-lock'),
    identity,
    leaseDurationMs: 3000,
    renewDeadlineMs: 2000,
    retryPeriodMs: 20,
    logger: silentLogger(),
    clock,
  });
}

function campaign(e: LeaderElector): {
  outcome: Promise<string>;
  leading: Promise<AbortSignal>;
  stop: AbortController;
} {
  const stop = new AbortController();
  stops.push(stop);
  let started!: (s: AbortSignal) => void;
  const leading = new Promise<AbortSignal>((r) => (started = r));
  const outcome = e.run(stop.signal, started);
  return { outcome, leading, stop };
}

const lease = () => api.object(LeaseResource, 'system', 'op-lock') as { spec: Record<string, unknown> } | undefined;
const puts = (holder: string) =>
  api.requests.filter(
    (r) => r.method === 'PUT' && (r.body as { spec?: { holderIdentity?: string } }).spec?.holderIdentity === holder,
  );

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

describe('LeaderElector', () => {
  it('creates the lease when absent and renews it while leading', async () => {
    const a = elector('a');
    const run = campaign(a);
    await run.leading;
    expect(a.isLeader()).toBe(true);
    expect((await registry.getSingleMetric('leader_election_master_status')?.get())?.values).toEqual([
      { labels: { name: 'op-lock' }, value: 1 },
    ]);
    const created = lease()!.spec;
    expect(created).toMatchObject({ holderIdentity: 'a', leaseDurationSeconds: 3, leaseTransitions: 0 });
    expect(created.renewTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    await until(() => puts('a').length >= 2);
    const renewed = lease()!.spec;
    expect(renewed.acquireTime).toBe(created.acquireTime);
    expect(Date.parse(renewed.renewTime as string)).toBeGreaterThanOrEqual(Date.parse(created.renewTime as string));
    const rvs = puts('a').map((r) => (r.body as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
    expect(rvs.every((rv) => rv !== '')).toBe(true);
    run.stop.abort();
    expect(await run.outcome).toBe('stopped');
  });

  it('does not take a lease another candidate keeps renewing', async () => {
    const a = campaign(elector('a'));
    await a.leading;
    const b = elector('b');
    campaign(b);
    const getsBy = () => api.requests.filter((r) => r.method === 'GET').length;
    const start = getsBy();
    await until(() => getsBy() >= start + 10);
    expect(b.isLeader()).toBe(false);
    expect(puts('b')).toHaveLength(0);
  });

  it('loses leadership when a renewal conflicts and another holder shows up', async () => {
    const a = elector('a');
    const run = campaign(a);
    const leading = await run.leading;
    api.fault({ match: (r) => r.method === 'PUT', respond: status(409, 'Conflict', 'the object has been modified') });
    const current = api.object(LeaseResource, 'system', 'op-lock')!;
    api.put(LeaseResource, {
      ...current,
      spec: { ...(current as { spec: object }).spec, holderIdentity: 'intruder' },
    } as never);
    expect(await run.outcome).toBe('lost');
    expect(leading.aborted).toBe(true);
    expect(a.isLeader()).toBe(false);
    expect((await registry.getSingleMetric('leader_election_master_status')?.get())?.values[0]?.value).toBe(0);
  });

  it('loses leadership when it cannot renew within the renew deadline', async () => {
    const a = elector('a');
    const run = campaign(a);
    const leading = await run.leading;
    for (let i = 0; i < 1000; i++)
      api.fault({ match: (r) => r.method === 'GET', respond: status(500, 'InternalError', 'etcd unavailable') });
    await until(() => api.pendingFaults < 995);
    offset += 2500;
    expect(await run.outcome).toBe('lost');
    expect(leading.aborted).toBe(true);
  });

  it('releases the lease on shutdown so a successor takes over at once', async () => {
    const a = elector('a');
    const runA = campaign(a);
    await runA.leading;
    const b = elector('b');
    const runB = campaign(b);
    runA.stop.abort();
    expect(await runA.outcome).toBe('stopped');
    await a.release();
    expect(lease()!.spec).toMatchObject({ holderIdentity: '', leaseDurationSeconds: 1 });
    await runB.leading;
    expect(lease()!.spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
  });

  it('takes over an abandoned lease only after it expires on the local clock', async () => {
    const long = new Date(Date.now() - 3_600_000).toISOString();
    api.put(LeaseResource, {
      metadata: { name: 'op-lock', namespace: 'system' },
      spec: {
        holderIdentity: 'dead',
        leaseDurationSeconds: 3,
        renewTime: long,
        acquireTime: long,
        leaseTransitions: 4,
      },
    } as never);
    const b = elector('b');
    const run = campaign(b);
    // The stale renewTime is not trusted (clocks differ): b waits a full lease duration after first seeing it.
    const gets = () => api.requests.filter((r) => r.method === 'GET').length;
    await until(() => gets() >= 5);
    expect(b.isLeader()).toBe(false);
    offset += 3001;
    await run.leading;
    expect(lease()!.spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 5 });
  });

  it('rejects inconsistent timings', () => {
    const lock = new LeaseLock(new RestClient(transport), 'system', 'x');
    expect(
      () => new LeaderElector({ lock, logger: silentLogger(), leaseDurationMs: 10_000, renewDeadlineMs: 10_000 }),
    ).toThrow(/leaseDuration must be greater/);
    expect(
      () => new LeaderElector({ lock, logger: silentLogger(), renewDeadlineMs: 2_000, retryPeriodMs: 2_000 }),
    ).toThrow(/renewDeadline must be greater/);
  });
});
