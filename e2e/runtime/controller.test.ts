// A controller built with newControllerManagedBy against a real kube-apiserver: for(Widget) + owns(Deployment),
// owner references, status conditions through the status subresource, a finalizer, events.k8s.io events,
// and the metrics endpoint afterwards.
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { V1Deployment } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtin,
  createManager,
  finalizer,
  findStatusCondition,
  getControllerOf,
  ignoreNotFound,
  isAlreadyExists,
  isNotFound,
  newControllerManagedBy,
  setControllerReference,
  setStatusCondition,
  type Client,
  type EventRecorder,
  type Manager,
  type ReconcileContext,
  type Reconciler,
  type Request,
} from '../../dist/src/runtime/index.js';
import { KubeTransport, RestClient } from '../../dist/src/runtime/rest/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';
import { captureLogger, newWidget, widgetCrd, WidgetResource, type Widget } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';
const FINALIZER = 'e2e.operator-ts.dev/cleanup';

/** WidgetReconciler keeps one Deployment per Widget and a Ready condition that follows spec.size. */
class WidgetReconciler implements Reconciler {
  readonly reconciles: string[] = [];
  readonly cleanups: string[] = [];
  constructor(
    private readonly client: Client,
    private readonly recorder: EventRecorder,
  ) {}

  async reconcile(_ctx: ReconcileContext, req: Request): Promise<void> {
    this.reconciles.push(req.name);
    const widget = await ignoreNotFound(this.client.get(WidgetResource, req));
    if (widget === undefined) return;
    await finalizer(this.client, WidgetResource, widget, FINALIZER, {
      apply: async (obj) => {
        await this.ensureDeployment(obj);
        await this.updateStatus(obj);
      },
      cleanup: async (obj) => {
        this.cleanups.push(obj.metadata?.name ?? '');
        this.recorder.event(obj, 'Normal', 'CleanedUp', `cleaned up ${obj.metadata?.name ?? ''}`);
      },
    });
  }

  private async ensureDeployment(obj: Widget): Promise<void> {
    const key = { namespace: obj.metadata?.namespace ?? '', name: obj.metadata?.name ?? '' };
    if ((await ignoreNotFound(this.client.get(builtin.Deployment, key))) !== undefined) return;
    const labels = { app: key.name };
    const deployment: V1Deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: key.name, namespace: key.namespace },
      spec: {
        replicas: obj.spec.size ?? 1,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: { containers: [{ name: 'main', image: 'registry.k8s.io/pause:3.10' }] },
        },
      },
    };
    setControllerReference(obj, deployment, WidgetResource);
    try {
      await this.client.create(builtin.Deployment, deployment);
      this.recorder.event(obj, 'Normal', 'DeploymentCreated', `created Deployment ${key.name}`);
    } catch (err) {
      // The cache may not have seen our own create yet; the object is there, which is all we want.
      if (!isAlreadyExists(err)) throw err;
    }
  }

  private async updateStatus(obj: Widget): Promise<void> {
    const size = obj.spec.size ?? 0;
    const conditions = obj.status?.conditions ?? [];
    const changed = setStatusCondition(conditions, {
      type: 'Ready',
      status: size > 0 ? 'True' : 'False',
      reason: size > 0 ? 'Sized' : 'Empty',
      message: `size ${size}`,
      observedGeneration: obj.metadata?.generation,
    });
    if (!changed && obj.status?.observedSize === size) return;
    obj.status = { ...obj.status, conditions, observedSize: size };
    await this.client.status().update(WidgetResource, obj);
  }
}

/** requestToken issues a bound service account token through the TokenRequest API. */
async function requestToken(env: TestEnv, serviceAccount: string): Promise<string> {
  const rest = new RestClient(new KubeTransport(env.kubeConfig, { userAgent: 'e2e-token' }));
  const review = await rest.post<{ status?: { token?: string } }>(
    `/api/v1/namespaces/${namespace}/serviceaccounts/${serviceAccount}/token`,
    {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      spec: { expirationSeconds: 3600 },
    },
  );
  const token = review?.status?.token;
  if (token === undefined) throw new Error('TokenRequest returned no token');
  return token;
}

/** scrape GETs /metrics over TLS (the self-signed certificate is not verified) with an optional bearer token. */
function scrape(port: number, token: string | undefined): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/metrics',
        rejectUnauthorized: false,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!isBinaryAssets(assets))('controller on a real API server', () => {
  let env: TestEnv;
  let mgr: Manager;
  let reconciler: WidgetReconciler;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const logs = captureLogger('info');

  const liveWidget = (name: string) => mgr.apiReader.get(WidgetResource, { namespace, name });
  const liveDeployment = (name: string) => ignoreNotFound(mgr.apiReader.get(builtin.Deployment, { namespace, name }));

  beforeAll(async () => {
    env = await startTestEnv({ crds: [widgetCrd()] });
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      metricsBindAddress: '127.0.0.1:0',
      secureMetrics: false,
      healthProbeBindAddress: '0',
      logger: logs.logger,
      fieldManager: 'e2e-controller',
      gracefulShutdownTimeoutMs: 10_000,
    });
    reconciler = new WidgetReconciler(mgr.client, mgr.getEventRecorder('widget-controller'));
    newControllerManagedBy(mgr).for(WidgetResource).owns(builtin.Deployment).named('widget').complete(reconciler);
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.elected();
  });

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
  });

  it('reconciles a new Widget into a Deployment it controls, with a finalizer and a Ready condition', async () => {
    const created = await mgr.client.create(WidgetResource, newWidget(namespace, 'alpha', { size: 1 }));
    const deployment = await waitFor('the Deployment of Widget alpha', () => liveDeployment('alpha'), 60_000);
    const owner = getControllerOf(deployment);
    expect(owner, 'controller owner reference').toMatchObject({
      apiVersion: WidgetResource.apiVersion,
      kind: 'Widget',
      name: 'alpha',
      uid: created.metadata?.uid,
      controller: true,
      blockOwnerDeletion: true,
    });
    const ready = await waitFor('Widget alpha to be Ready', async () => {
      const w = await liveWidget('alpha');
      return findStatusCondition(w.status?.conditions, 'Ready')?.status === 'True' ? w : undefined;
    });
    expect(ready.metadata?.finalizers).toContain(FINALIZER);
    expect(ready.status?.observedSize).toBe(1);
    expect(findStatusCondition(ready.status?.conditions, 'Ready')).toMatchObject({
      reason: 'Sized',
      message: 'size 1',
      observedGeneration: ready.metadata?.generation,
    });
  });

  it('recreates the Deployment when it is deleted (owns() enqueues the owner)', async () => {
    const before = await waitFor('the Deployment of alpha', () => liveDeployment('alpha'));
    const reconcilesBefore = reconciler.reconciles.length;
    await mgr.client.delete(builtin.Deployment, { namespace, name: 'alpha' });
    const after = await waitFor(
      'a new Deployment for alpha',
      async () => {
        const d = await liveDeployment('alpha');
        return d !== undefined && d.metadata?.uid !== before.metadata?.uid ? d : undefined;
      },
      60_000,
    );
    expect(getControllerOf(after)?.name).toBe('alpha');
    expect(reconciler.reconciles.length).toBeGreaterThan(reconcilesBefore);
  });

  it('moves lastTransitionTime only when the condition status changes', async () => {
    const first = findStatusCondition((await liveWidget('alpha')).status?.conditions, 'Ready');
    expect(first?.status).toBe('True');
    const firstTime = first!.lastTransitionTime;

    // Same status, new message: the transition time must stay.
    await mgr.client.patch(
      WidgetResource,
      { namespace, name: 'alpha' },
      { type: 'merge', data: { spec: { size: 2 } } },
    );
    const resized = await waitFor('the Ready message to say size 2', async () => {
      const c = findStatusCondition((await liveWidget('alpha')).status?.conditions, 'Ready');
      return c?.message === 'size 2' ? c : undefined;
    });
    expect(resized.status).toBe('True');
    expect(resized.lastTransitionTime).toBe(firstTime);

    // Times have whole seconds: make sure a new one can differ before flipping the status.
    const waitMs = Date.parse(firstTime) + 1100 - Date.now();
    if (waitMs > 0) await sleep(waitMs);
    await mgr.client.patch(
      WidgetResource,
      { namespace, name: 'alpha' },
      { type: 'merge', data: { spec: { size: 0 } } },
    );
    const emptied = await waitFor('Ready to become False', async () => {
      const c = findStatusCondition((await liveWidget('alpha')).status?.conditions, 'Ready');
      return c?.status === 'False' ? c : undefined;
    });
    expect(emptied.reason).toBe('Empty');
    expect(Date.parse(emptied.lastTransitionTime)).toBeGreaterThan(Date.parse(firstTime));
  });

  it('writes status only through the status subresource', async () => {
    // A status in a main-resource update is ignored by the API server; a status update changes it.
    const w = await liveWidget('alpha');
    const viaMain = await mgr.client.update(WidgetResource, { ...w, status: { ...w.status, note: 'main' } });
    expect(viaMain.status?.note).toBeUndefined();
    const viaStatus = await mgr.client
      .status()
      .update(WidgetResource, { ...viaMain, status: { ...viaMain.status, note: 'status' } });
    expect(viaStatus.status?.note).toBe('status');
    expect(viaStatus.metadata?.generation).toBe(viaMain.metadata?.generation);
  });

  it('runs the finalizer cleanup on delete, after which the Widget is gone', async () => {
    await mgr.client.delete(WidgetResource, { namespace, name: 'alpha' });
    await waitFor(
      'Widget alpha to disappear',
      async () =>
        mgr.apiReader.get(WidgetResource, { namespace, name: 'alpha' }).then(
          () => undefined,
          (err: unknown) => (isNotFound(err) ? true : Promise.reject(err)),
        ),
      60_000,
    );
    expect(reconciler.cleanups).toEqual(['alpha']);
  });

  it('records events.k8s.io events through the manager recorder', async () => {
    const events = await waitFor('events about Widget alpha', async () => {
      const list = await mgr.apiReader.list(builtin.Event, { namespace });
      const mine = list.filter((e) => e.regarding?.kind === 'Widget' && e.regarding.name === 'alpha');
      const reasons = new Set(mine.map((e) => e.reason));
      return reasons.has('DeploymentCreated') && reasons.has('CleanedUp') ? mine : undefined;
    });
    const created = events.find((e) => e.reason === 'DeploymentCreated');
    expect(created).toMatchObject({
      type: 'Normal',
      reportingController: 'widget-controller',
      action: 'DeploymentCreated',
      regarding: { apiVersion: WidgetResource.apiVersion, namespace },
    });
    expect(created?.reportingInstance).toMatch(/^widget-controller-/);
    expect(created?.note).toBe('created Deployment alpha');
    // The recreate repeated the event: the recorder turned it into a series on the server.
    expect(created?.series?.count).toBe(2);
  });

  it('exposes reconcile and work queue metrics on the metrics endpoint', async () => {
    const port = mgr.metricsServer?.port;
    expect(port, 'metrics server bound port').toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const sample = (name: string, labels: string) => {
      const line = text
        .split('\n')
        .find((l) => l.startsWith(`${name}{`) && labels.split(',').every((p) => l.includes(p)));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    expect(
      sample('controller_runtime_reconcile_total', 'controller="widget",result="success"'),
      text.slice(0, 2000),
    ).toBeGreaterThan(0);
    expect(sample('workqueue_adds_total', 'name="widget"'), text.slice(0, 2000)).toBeGreaterThan(0);
    expect(text).toContain('controller_runtime_reconcile_time_seconds_bucket{');
  });

  it('serves metrics securely: TokenReview authenticates the bearer, SubjectAccessReview authorizes /metrics', async () => {
    const secure = await createManager({
      kubeConfig: env.kubeConfig,
      metricsBindAddress: '127.0.0.1:0',
      secureMetrics: true,
      logger: logs.logger,
    });
    const secureStop = new AbortController();
    const secureRun = secure.start(secureStop.signal);
    secureRun.catch(() => undefined);
    try {
      await secure.metricsServer?.ready();
      const port = secure.metricsServer?.port ?? 0;
      await mgr.client.create(builtin.ServiceAccount, {
        apiVersion: 'v1',
        kind: 'ServiceAccount',
        metadata: { name: 'scraper', namespace },
      });
      const token = await requestToken(env, 'scraper');
      expect(await scrape(port, undefined)).toMatchObject({ status: 401 });
      expect(await scrape(port, 'not-a-token')).toMatchObject({ status: 401 });
      expect(await scrape(port, token)).toMatchObject({ status: 403 });

      await mgr.client.create(builtin.ClusterRole, {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRole',
        metadata: { name: 'metrics-reader' },
        rules: [{ nonResourceURLs: ['/metrics'], verbs: ['get'] }],
      });
      await mgr.client.create(builtin.ClusterRoleBinding, {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: 'scraper-metrics-reader' },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'metrics-reader' },
        subjects: [{ kind: 'ServiceAccount', name: 'scraper', namespace }],
      });
      // RBAC is served from the API server's own informers: allow a moment for the binding to apply.
      const allowed = await waitFor('the bound scraper to be allowed', async () => {
        const res = await scrape(port, token);
        return res.status === 200 ? res : undefined;
      });
      expect(allowed.body).toContain('controller_runtime_reconcile_total');
    } finally {
      secureStop.abort();
      await secureRun.catch(() => undefined);
    }
  });

  it('logged no errors or warnings other than optimistic-concurrency conflicts', () => {
    const problems = logs.records.filter(
      (r) => (r.level === 'error' || r.level === 'warn') && !/conflict|modified/i.test(JSON.stringify(r.err ?? '')),
    );
    expect(problems, logs.tail()).toEqual([]);
  });
});

describe.skipIf(isBinaryAssets(assets))('controller on a real API server (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
