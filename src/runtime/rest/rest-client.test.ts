import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KubeConfig, type V1Lease } from '@kubernetes/client-node';
import { registry } from '../metrics/registry.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { ApiError, isConflict, isNotFound } from './api-error.js';
import { RestClient } from './rest-client.js';
import { status, StubApiServer } from '../fixtures/stub-apiserver.js';
import { InactivityTimeoutError, KubeTransport } from './transport.js';

interface Widget extends KubernetesObject {
  spec?: { size?: number; schema?: Record<string, unknown> };
  status?: { ready?: boolean };
}

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});
const Lease = defineResource<V1Lease>({
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  plural: 'leases',
  namespaced: true,
});
const Widget = defineResource<Widget>({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});

let api: StubApiServer;
let rest: RestClient;
let transport: KubeTransport;

beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).serve(Widget).serve(Lease).start();
  transport = new KubeTransport(api.kubeConfig('t0ken'));
  rest = new RestClient(transport);
});
afterEach(async () => {
  transport.close();
  await api.stop();
});

describe('RestClient', () => {
  it('writes Dates of client-node models as RFC 3339 strings with microseconds and returns strings', async () => {
    const at = new Date('2026-02-03T04:05:06.789Z');
    const lease: V1Lease = { metadata: { name: 'l', namespace: 'ns' }, spec: { holderIdentity: 'me', renewTime: at } };
    const created = await rest.create(Lease, lease);
    expect((api.requests.at(-1)!.body as V1Lease).spec?.renewTime).toBe('2026-02-03T04:05:06.789000Z');
    expect(lease.spec?.renewTime).toBe(at);
    const renewed: string | undefined = created.spec?.renewTime;
    expect(renewed).toBe('2026-02-03T04:05:06.789000Z');
    await rest.update(Lease, { ...created, spec: { ...created.spec, acquireTime: at } });
    expect((api.requests.at(-1)!.body as V1Lease).spec?.acquireTime).toBe('2026-02-03T04:05:06.789000Z');
    await rest.patch(
      Lease,
      { namespace: 'ns', name: 'l' },
      { type: 'merge', data: { spec: { renewTime: new Date(0) } } },
    );
    expect((api.requests.at(-1)!.body as V1Lease).spec?.renewTime).toBe('1970-01-01T00:00:00.000000Z');
  });

  it('creates, reads, updates and deletes, sending the bearer token', async () => {
    const created = await rest.create(
      Widget,
      { metadata: { name: 'w', namespace: 'ns' }, spec: { size: 1 } },
      { fieldManager: 'mgr' },
    );
    expect(created).toMatchObject({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w', namespace: 'ns' },
    });
    const post = api.requests.at(-1)!;
    expect(post.method).toBe('POST');
    expect(post.path).toBe('/apis/example.com/v1/namespaces/ns/widgets');
    expect(post.query.get('fieldManager')).toBe('mgr');
    expect(post.headers.authorization).toBe('Bearer t0ken');
    expect(post.headers['content-type']).toBe('application/json');

    const got = await rest.get(Widget, { namespace: 'ns', name: 'w' });
    got.spec = { size: 2 };
    const updated = await rest.update(Widget, got);
    expect(updated.spec?.size).toBe(2);
    expect(api.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/apis/example.com/v1/namespaces/ns/widgets/w' });

    await rest.delete(Widget, { namespace: 'ns', name: 'w' }, { propagationPolicy: 'Foreground', dryRun: true });
    expect(api.requests.at(-1)?.body).toEqual({
      apiVersion: 'v1',
      kind: 'DeleteOptions',
      propagationPolicy: 'Foreground',
      dryRun: ['All'],
    });
    await expect(rest.get(Widget, { namespace: 'ns', name: 'w' })).rejects.toSatisfy(isNotFound);
  });

  it('keeps every key of the body, including x-kubernetes-* extensions', async () => {
    const schema = {
      type: 'object',
      'x-kubernetes-preserve-unknown-fields': true,
      properties: { port: { 'x-kubernetes-int-or-string': true } },
    };
    await rest.create(Widget, { metadata: { name: 'w', namespace: 'ns' }, spec: { schema } });
    expect((api.requests.at(-1)?.body as Widget).spec?.schema).toEqual(schema);
    const back = await rest.get(Widget, { namespace: 'ns', name: 'w' });
    expect(back.spec?.schema).toEqual(schema);
  });

  it('sends a body with multi-byte characters whole, with its length in bytes', async () => {
    const data = { greeting: 'grüße ✓ 😀', plain: 'x'.repeat(100) };
    const sent = { metadata: { name: 'utf', namespace: 'ns' }, data };
    await rest.create(ConfigMap, sent);
    const post = api.requests.at(-1)!;
    expect((post.body as { data: unknown }).data).toEqual(data);
    expect(Number(post.headers['content-length'])).toBe(
      Buffer.byteLength(JSON.stringify({ ...sent, apiVersion: 'v1', kind: 'ConfigMap' })),
    );
    expect(
      (await rest.get(ConfigMap, { namespace: 'ns', name: 'utf' })) as KubernetesObject & { data?: unknown },
    ).toMatchObject({ data });
  });

  it('fails an update with a stale resourceVersion as a Conflict', async () => {
    const w = await rest.create(Widget, { metadata: { name: 'w', namespace: 'ns' } });
    await rest.update(Widget, w);
    await expect(rest.update(Widget, w)).rejects.toSatisfy(isConflict);
  });

  it('writes the status subresource', async () => {
    const w = await rest.create(Widget, { metadata: { name: 'w', namespace: 'ns' }, spec: { size: 1 } });
    const out = await rest.update(Widget, { ...w, status: { ready: true } }, { subresource: 'status' });
    expect(api.requests.at(-1)?.path).toBe('/apis/example.com/v1/namespaces/ns/widgets/w/status');
    expect(out.status?.ready).toBe(true);
  });

  it('sends each patch kind with its content type; apply with fieldManager and force', async () => {
    await rest.create(Widget, { metadata: { name: 'w', namespace: 'ns' } });
    const key = { namespace: 'ns', name: 'w' };
    await rest.patch(Widget, key, { type: 'merge', data: { spec: { size: 3 } } });
    expect(api.requests.at(-1)?.headers['content-type']).toBe('application/merge-patch+json');
    await rest
      .patch(Widget, key, { type: 'json', ops: [{ op: 'replace', path: '/spec/size', value: 4 }] })
      .catch(() => undefined);
    const jsonPatch = api.requests.at(-1)!;
    expect(jsonPatch.headers['content-type']).toBe('application/json-patch+json');
    expect(jsonPatch.body).toEqual([{ op: 'replace', path: '/spec/size', value: 4 }]);
    await rest.patch(
      Widget,
      key,
      { type: 'apply', data: { metadata: { name: 'w', namespace: 'ns' }, spec: { size: 5 } } as Widget, force: true },
      { fieldManager: 'op' },
    );
    const apply = api.requests.at(-1)!;
    expect(apply.headers['content-type']).toBe('application/apply-patch+yaml');
    expect(apply.query.get('fieldManager')).toBe('op');
    expect(apply.query.get('force')).toBe('true');
    expect(apply.body).toMatchObject({ apiVersion: 'example.com/v1', kind: 'Widget', spec: { size: 5 } });
    await rest.patch(Widget, key, { type: 'merge', data: { status: { ready: true } } }, { subresource: 'status' });
    expect(api.requests.at(-1)?.path).toBe('/apis/example.com/v1/namespaces/ns/widgets/w/status');
  });

  it('refuses server-side apply without a field manager', async () => {
    await expect(rest.patch(Widget, { namespace: 'ns', name: 'w' }, { type: 'apply', data: {} })).rejects.toThrow(
      /needs a fieldManager/,
    );
  });

  it('lists every page and fills in apiVersion and kind of items', async () => {
    for (let i = 0; i < 5; i++) api.put(ConfigMap, { metadata: { name: `cm-${i}`, namespace: i < 4 ? 'a' : 'b' } });
    const all = await rest.listAll(ConfigMap, { limit: 2 });
    expect(all.items.map((o) => o.metadata?.name)).toEqual(['cm-0', 'cm-1', 'cm-2', 'cm-3', 'cm-4']);
    expect(all.items.every((o) => o.apiVersion === 'v1' && o.kind === 'ConfigMap')).toBe(true);
    expect(all.resourceVersion).toBe(api.resourceVersion);
    const continues = api.requests.filter((r) => r.query.has('continue')).map((r) => r.query.get('continue'));
    expect(continues).toEqual(['2', '4']);
    const inB = await rest.list(ConfigMap, { namespace: 'b', labelSelector: 'app=x' });
    expect(inB.items.map((o) => o.metadata?.name)).toEqual(['cm-4']);
    expect(api.requests.at(-1)?.path).toBe('/api/v1/namespaces/b/configmaps');
    expect(api.requests.at(-1)?.query.get('labelSelector')).toBe('app=x');
  });

  it('counts requests in rest_client_requests_total by code, method and host', async () => {
    const host = new URL(api.url).host;
    const before = await counter('404', 'GET', host);
    await rest.get(Widget, { namespace: 'ns', name: 'missing' }).catch(() => undefined);
    expect(await counter('404', 'GET', host)).toBe(before + 1);
  });

  it('turns Status failures into ApiError', async () => {
    api.fault({
      match: (r) => r.method === 'GET',
      respond: status(403, 'Forbidden', 'widgets is forbidden: User "x" cannot get'),
    });
    const err = await rest.get(Widget, { namespace: 'ns', name: 'w' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 403, reason: 'Forbidden', message: 'widgets is forbidden: User "x" cannot get' });
  });

  it('aborts a call when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = rest.watch(Widget, { namespace: 'ns', signal: controller.signal }).then(async (events) => {
      for await (const _ of events) {
        /* no events */
      }
    });
    await until(() => api.watchCount === 1);
    controller.abort(new Error('stop now'));
    await expect(pending).rejects.toThrow(/stop now/);
  });
});

describe('RestClient.watch', () => {
  it('streams events from a resourceVersion with bookmarks requested', async () => {
    api.put(Widget, { metadata: { name: 'a', namespace: 'ns' } });
    const rv = api.resourceVersion;
    api.put(Widget, { metadata: { name: 'b', namespace: 'ns' } });
    const events = await rest.watch(Widget, {
      namespace: 'ns',
      resourceVersion: rv,
      allowWatchBookmarks: true,
      timeoutSeconds: 60,
    });
    const req = api.requests.at(-1)!;
    expect(Object.fromEntries(req.query)).toEqual({
      watch: 'true',
      resourceVersion: rv,
      allowWatchBookmarks: 'true',
      timeoutSeconds: '60',
    });
    const first = await events.next();
    expect(first.value).toMatchObject({ type: 'ADDED', object: { kind: 'Widget', metadata: { name: 'b' } } });
    api.bookmark();
    expect((await events.next()).value?.type).toBe('BOOKMARK');
    api.endWatches();
    expect((await events.next()).done).toBe(true);
  });

  it('fails a silent connection with an inactivity timeout, not a whole-request deadline', async () => {
    // A server that sends headers and one event, then nothing.
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(`${JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'x' } } })}\n`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const kc = new KubeConfig();
    kc.loadFromClusterAndUser(
      { name: 'c', server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, skipTLSVerify: true },
      { name: 'u' },
    );
    const t = new KubeTransport(kc);
    try {
      const events = await new RestClient(t).watch(Widget, { inactivityTimeoutMs: 200 });
      expect((await events.next()).value?.type).toBe('ADDED');
      await expect(events.next()).rejects.toBeInstanceOf(InactivityTimeoutError);
    } finally {
      t.close();
      server.closeAllConnections();
      server.close();
    }
  });
});

async function counter(code: string, method: string, host: string): Promise<number> {
  const metric = await registry.getSingleMetric('rest_client_requests_total')?.get();
  return (
    metric?.values.find((v) => v.labels.code === code && v.labels.method === method && v.labels.host === host)?.value ??
    0
  );
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}
