import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StubApiServer } from '../fixtures/stub-apiserver.js';
import { LeaseResource } from '../leaderelection/lease-lock.js';
import { silentLogger } from '../log/logger.js';
import { defineResource } from '../resource.js';
import { status } from '../fixtures/stub-apiserver.js';
import { createManager, type Manager } from './manager.js';
import type { ManagerOptions } from './options.js';

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

let api: StubApiServer;
let stop: AbortController;

beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).serve(LeaseResource).start();
  stop = new AbortController();
});
afterEach(async () => {
  stop.abort();
  await api.stop();
});

function manager(extra: Partial<ManagerOptions> = {}): Promise<Manager> {
  return createManager({ kubeConfig: api.kubeConfig(), logger: silentLogger(), ...extra });
}

function probe(port: number, path: string): Promise<{ code: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

function recordingRunnable(needLeaderElection?: boolean) {
  const state = { started: false, stopped: false, signal: undefined as AbortSignal | undefined };
  return {
    state,
    runnable: {
      needLeaderElection,
      async start(signal: AbortSignal) {
        state.started = true;
        state.signal = signal;
        await new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
        state.stopped = true;
      },
    },
  };
}

describe('createManager', () => {
  it('rejects malformed bind addresses and leader election without a namespace', async () => {
    await expect(manager({ healthProbeBindAddress: '8081' })).rejects.toThrow(
      /health probe bind address "8081" is invalid/,
    );
    const saved = process.env.POD_NAMESPACE;
    delete process.env.POD_NAMESPACE;
    try {
      await expect(manager({ leaderElection: { enabled: true, id: 'x.example.com' } })).rejects.toThrow(
        /leader election needs a namespace/,
      );
    } finally {
      if (saved !== undefined) process.env.POD_NAMESPACE = saved;
    }
  });
});

describe('createManager with self-managed webhook certificates', () => {
  it('needs a Service name, the default file names and a namespace; selfManaged alone is a mistake', async () => {
    const selfManaged = (extra: object = {}, settings: object = {}) => {
      const certificates = 'self-managed' as const;
      const webhook = { certificates, selfManaged: { serviceName: 'svc', ...settings }, ...extra };
      return manager({ webhook });
    };
    const noService = manager({ webhook: { certificates: 'self-managed' } });
    await expect(noService).rejects.toThrow(/needs webhook\.selfManaged\.serviceName/);
    await expect(selfManaged({ certName: 'cert.pem' }, { namespace: 'ns' })).rejects.toThrow(
      /writes the certificate as tls\.crt: remove webhook\.certName \("cert\.pem"\)/,
    );
    const notSelfManaged = manager({ webhook: { selfManaged: { serviceName: 'svc' } } });
    await expect(notSelfManaged).rejects.toThrow(/webhook\.certificates is not 'self-managed'/);
    const saved = process.env.POD_NAMESPACE;
    delete process.env.POD_NAMESPACE;
    try {
      await expect(selfManaged()).rejects.toThrow(/self-managed webhook certificates need a namespace/);
      process.env.POD_NAMESPACE = 'operators';
      await expect(selfManaged()).resolves.toBeDefined();
    } finally {
      if (saved === undefined) delete process.env.POD_NAMESPACE;
      else process.env.POD_NAMESPACE = saved;
    }
  });
});

describe('createManager without a kubeConfig', () => {
  it('explains that no cluster configuration was found', async () => {
    const saved = {
      HOME: process.env.HOME,
      KUBECONFIG: process.env.KUBECONFIG,
      KUBERNETES_SERVICE_HOST: process.env.KUBERNETES_SERVICE_HOST,
    };
    const home = await mkdtemp(join(tmpdir(), 'no-kube-'));
    process.env.HOME = home;
    delete process.env.KUBECONFIG;
    delete process.env.KUBERNETES_SERVICE_HOST;
    try {
      await expect(createManager({ logger: silentLogger() })).rejects.toThrow(
        /no Kubernetes configuration found: set KUBECONFIG/,
      );
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('Manager', () => {
  it('serves /readyz 500 until caches sync, then 200; /healthz from the start', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api.fault({
      match: (r) => r.path === '/api/v1/configmaps' && !r.query.has('watch'),
      respond: status(500, 'InternalError', 'not yet'),
    });
    const mgr = await manager({ healthProbeBindAddress: '127.0.0.1:0', reflector: { sleep: () => gate } });
    mgr.addHealthzCheck('ping', () => undefined);
    let extraReady = false;
    mgr.addReadyzCheck('extra', () => extraReady);
    mgr.getCache().getInformer(ConfigMap);
    const running = mgr.start(stop.signal);
    await mgr.healthProbeServer!.ready();
    const port = mgr.healthProbeServer!.port!;
    await until(() => api.pendingFaults === 0);

    expect((await probe(port, '/healthz')).code).toBe(200);
    const notReady = await probe(port, '/readyz');
    expect(notReady.code).toBe(500);
    expect(notReady.body).toContain('[-]cache-sync failed');
    release();
    await until(() => mgr.getCache().getInformer(ConfigMap).hasSynced());
    expect((await probe(port, '/readyz/cache-sync')).code).toBe(200);
    expect((await probe(port, '/readyz')).code).toBe(500);
    extraReady = true;
    expect(await probe(port, '/readyz')).toEqual({ code: 200, body: 'ok' });
    expect((await probe(port, '/readyz?verbose')).body).toBe('[+]cache-sync ok\n[+]extra ok\nreadyz check passed\n');
    expect((await probe(port, '/readyz/nope')).code).toBe(404);
    stop.abort();
    await running;
  });

  it('fails start when caches do not sync in time, naming the resource and hinting at a missing CRD', async () => {
    const Missing = defineResource({
      group: 'nope.example.com',
      version: 'v1',
      kind: 'Missing',
      plural: 'missings',
      namespaced: true,
    });
    const mgr = await manager({ cacheSyncTimeoutMs: 300, reflector: { backoff: { initialMs: 10, maxMs: 20 } } });
    mgr.getCache().getInformer(Missing);
    const { state, runnable } = recordingRunnable(false);
    mgr.add(runnable);
    const outcome = await mgr.start(stop.signal).then(
      () => new Error('start resolved'),
      (err: unknown) => err as Error,
    );
    expect(outcome.message).toMatch(
      /^timed out after 0\.3s waiting for caches to sync: missings\.nope\.example\.com \(.*could not find the requested resource.* - is its CRD installed\?\)$/,
    );
    expect(state.started).toBe(false);
  });

  it('starts controllers only once elected and releases the lease on shutdown', async () => {
    const mgr = await manager({
      leaderElection: {
        enabled: true,
        id: 'op.example.com',
        namespace: 'system',
        identity: 'me',
        leaseDurationMs: 3000,
        renewDeadlineMs: 2000,
        retryPeriodMs: 20,
      },
    });
    // Someone else holds the lease at first.
    const now = new Date().toISOString();
    api.put(LeaseResource, {
      metadata: { name: 'op.example.com', namespace: 'system' },
      spec: { holderIdentity: 'other', leaseDurationSeconds: 3, renewTime: now, acquireTime: now },
    } as never);
    const controller = recordingRunnable();
    const everywhere = recordingRunnable(false);
    mgr.add(controller.runnable);
    mgr.add(everywhere.runnable);
    let elected = false;
    void mgr.elected().then(() => (elected = true));
    const running = mgr.start(stop.signal);
    await until(() => everywhere.state.started);
    await until(() => api.requests.filter((r) => r.path.includes('/leases/')).length >= 3);
    expect(controller.state.started).toBe(false);
    expect(elected).toBe(false);

    // The other holder releases: this replica takes over and starts its controllers.
    const lease = api.object(LeaseResource, 'system', 'op.example.com') as { spec: object };
    api.put(LeaseResource, { ...lease, spec: { ...lease.spec, holderIdentity: '' } } as never);
    await mgr.elected();
    await until(() => controller.state.started);

    stop.abort();
    await running;
    expect(controller.state.stopped && everywhere.state.stopped).toBe(true);
    expect((api.object(LeaseResource, 'system', 'op.example.com') as { spec: object }).spec).toMatchObject({
      holderIdentity: '',
      leaseDurationSeconds: 1,
    });
  });

  it('rejects start with "leader election lost" when the lease is taken', async () => {
    const mgr = await manager({
      leaderElection: {
        enabled: true,
        id: 'op.example.com',
        namespace: 'system',
        identity: 'me',
        leaseDurationMs: 3000,
        renewDeadlineMs: 2000,
        retryPeriodMs: 20,
      },
    });
    const controller = recordingRunnable();
    mgr.add(controller.runnable);
    const running = mgr.start(stop.signal);
    await until(() => controller.state.started);
    const lease = api.object(LeaseResource, 'system', 'op.example.com') as { spec: object };
    api.put(LeaseResource, { ...lease, spec: { ...lease.spec, holderIdentity: 'usurper' } } as never);
    await expect(running).rejects.toThrow('leader election lost');
    expect(controller.state.stopped).toBe(true);
  });

  it('stops everything and rejects when a runnable fails', async () => {
    const mgr = await manager();
    const other = recordingRunnable();
    mgr.add(other.runnable);
    mgr.add({ start: async () => Promise.reject(new Error('controller exploded')) });
    await expect(mgr.start(stop.signal)).rejects.toThrow('controller exploded');
    expect(other.state.stopped).toBe(true);
  });

  it('rejects when runnables do not stop within the grace period', async () => {
    const mgr = await manager({ gracefulShutdownTimeoutMs: 50 });
    let started = false;
    mgr.add({
      start: () => {
        started = true;
        return new Promise<void>(() => undefined);
      },
    });
    const running = mgr.start(stop.signal);
    await until(() => started);
    stop.abort();
    await expect(running).rejects.toThrow(/grace period of 50 ms/);
  });

  it('serves the shared registry, including client and reflector metrics, on the metrics address', async () => {
    const mgr = await manager({ metricsBindAddress: '127.0.0.1:0', secureMetrics: false });
    mgr.getCache().getInformer(ConfigMap);
    const running = mgr.start(stop.signal);
    await mgr.elected();
    const res = await probe(mgr.metricsServer!.port!, '/metrics');
    expect(res.code).toBe(200);
    expect(res.body).toMatch(/rest_client_requests_total\{code="200",method="GET",host="127\.0\.0\.1:\d+"\} \d+/);
    expect(res.body).toMatch(/reflector_lists_total\{resource="configmaps"\} [1-9]/);
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds histogram');
    expect(res.body).toMatch(/\nnodejs_heap_size_used_bytes [1-9]/);
    expect((await probe(mgr.metricsServer!.port!, '/debug/profile/handles')).code).toBe(404);
    stop.abort();
    await running;
  });

  it('serves profiling endpoints on the metrics server when profiling is enabled, and needs that server', async () => {
    await expect(manager({ profiling: { enabled: true } })).rejects.toThrow(
      /profiling is served by the metrics server: set metricsBindAddress/,
    );
    const profiling = { enabled: true };
    const mgr = await manager({ metricsBindAddress: '127.0.0.1:0', secureMetrics: false, profiling });
    const running = mgr.start(stop.signal);
    await mgr.elected();
    const res = await probe(mgr.metricsServer!.port!, '/debug/profile/handles');
    expect(res.code).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ activeResources: { byType: { TCPServerWrap: expect.any(Number) } } });
    stop.abort();
    await running;
  });

  it('records events as events.k8s.io/v1 Events through the API server', async () => {
    api.serve(
      defineResource({ group: 'events.k8s.io', version: 'v1', kind: 'Event', plural: 'events', namespaced: true }),
    );
    const mgr = await manager();
    const running = mgr.start(stop.signal);
    await mgr.elected();
    const regarding = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'ns', uid: 'u1' } };
    mgr.getEventRecorder('cm-controller').event(regarding, 'Normal', 'Created', 'created it');
    await until(() =>
      api.requests.some((r) => r.method === 'POST' && r.path === '/apis/events.k8s.io/v1/namespaces/ns/events'),
    );
    const posted = api.requests.find((r) => r.path.endsWith('/events'))?.body as Record<string, unknown>;
    expect(posted).toMatchObject({
      reason: 'Created',
      note: 'created it',
      type: 'Normal',
      reportingController: 'cm-controller',
    });
    stop.abort();
    await running;
  });

  it('lists by the field indexes registered on its field indexer, which refuses registrations after start', async () => {
    const owner = { apiVersion: 'example.com/v1', kind: 'Owner', name: 'o', uid: 'u', controller: true };
    api.put(ConfigMap, { metadata: { name: 'owned', namespace: 'a', ownerReferences: [owner] } });
    api.put(ConfigMap, { metadata: { name: 'free', namespace: 'a' } });
    const mgr = await manager();
    mgr
      .getFieldIndexer()
      .indexField(ConfigMap, '.metadata.controller', (cm) =>
        (cm.metadata?.ownerReferences ?? []).filter((r) => r.controller === true).map((r) => r.name),
      );
    const running = mgr.start(stop.signal);
    await mgr.elected();
    const found = await mgr.client.list(ConfigMap, { namespace: 'a', matchingFields: { '.metadata.controller': 'o' } });
    expect(found.map((cm) => cm.metadata?.name)).toEqual(['owned']);
    expect(() => mgr.getFieldIndexer().indexField(ConfigMap, 'other', () => [])).toThrow(/before the manager starts/);
    stop.abort();
    await running;
  });

  it('starts runnables added after start', async () => {
    const mgr = await manager();
    const running = mgr.start(stop.signal);
    await mgr.elected();
    const late = recordingRunnable();
    mgr.add(late.runnable);
    await until(() => late.state.started);
    stop.abort();
    await running;
    expect(late.state.stopped).toBe(true);
  });
});
