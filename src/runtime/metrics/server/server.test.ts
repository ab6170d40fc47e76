import https from 'node:https';
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Counter, Registry } from 'prom-client';
import { RestClient } from '../../rest/rest-client.js';
import { status, StubApiServer, type StubRequest } from '../../fixtures/stub-apiserver.js';
import { KubeTransport } from '../../rest/transport.js';
import { silentLogger } from '../../log/logger.js';
import { MetricsServer } from './server.js';
import type { ProfilingOptions } from './profiling.js';

let api: StubApiServer;
let transport: KubeTransport;
let stop: AbortController;
let registry: Registry;

const users: Record<string, { username: string; groups: string[] }> = {
  'good-token': { username: 'system:serviceaccount:monitoring:prometheus', groups: ['system:serviceaccounts'] },
  'no-rbac-token': { username: 'system:serviceaccount:default:nobody', groups: [] },
  'profiler-token': { username: 'system:serviceaccount:default:profiler', groups: [] },
};

beforeEach(async () => {
  api = await new StubApiServer().start();
  api.route('POST', '/apis/authentication.k8s.io/v1/tokenreviews', (req: StubRequest) => {
    const token = (req.body as { spec: { token: string } }).spec.token;
    if (token === 'explode') return status(500, 'InternalError', 'webhook authenticator down');
    const user = users[token];
    return {
      status: 201,
      body: {
        kind: 'TokenReview',
        status: user === undefined ? { authenticated: false, error: 'invalid token' } : { authenticated: true, user },
      },
    };
  });
  api.route('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', (req: StubRequest) => {
    const spec = (req.body as { spec: { user: string; nonResourceAttributes: { path: string; verb: string } } }).spec;
    const { path, verb } = spec.nonResourceAttributes;
    // Like the generated roles: metrics-reader may get /metrics, profiling-reader /debug/profile/*.
    const allowed =
      verb === 'get' &&
      ((spec.user === users['good-token']?.username && path === '/metrics') ||
        (spec.user === users['profiler-token']?.username && path.startsWith('/debug/profile/')));
    return { status: 201, body: { kind: 'SubjectAccessReview', status: { allowed } } };
  });
  transport = new KubeTransport(api.kubeConfig());
  stop = new AbortController();
  registry = new Registry();
  new Counter({ name: 'test_things_total', help: 'things', registers: [registry] }).inc(3);
});
afterEach(async () => {
  stop.abort();
  transport.close();
  await api.stop();
});

type Serving = { server: MetricsServer; running: Promise<void> };

async function serve(secure: boolean, profiling?: ProfilingOptions): Promise<Serving> {
  const rest = new RestClient(transport);
  const address = { host: '127.0.0.1', port: 0 };
  const server = new MetricsServer({ address, secure, rest, registry, profiling, logger: silentLogger() });
  const running = server.start(stop.signal);
  await server.ready();
  return { server, running };
}

type Reply = { code: number; body: string };

function get(secure: boolean, port: number, path: string, token?: string, hangUpAfterMs?: number): Promise<Reply> {
  const mod = secure ? https : http;
  return new Promise((resolve, reject) => {
    if (hangUpAfterMs !== undefined) setTimeout(() => req.destroy(new Error('hung up')), hangUpAfterMs);
    const req = mod.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        rejectUnauthorized: false,
        headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('MetricsServer', () => {
  it('serves the registry over plain HTTP without authorization when not secure', async () => {
    const { server } = await serve(false);
    const res = await get(false, server.port!, '/metrics');
    expect(res.code).toBe(200);
    expect(res.body).toContain('test_things_total 3');
    expect((await get(false, server.port!, '/other')).code).toBe(404);
    expect(api.requests).toHaveLength(0);
  });

  it('rejects scrapes without a bearer token or with an invalid one (401)', async () => {
    const { server } = await serve(true);
    const missing = await get(true, server.port!, '/metrics');
    expect(missing.code).toBe(401);
    expect(api.requests).toHaveLength(0);
    const invalid = await get(true, server.port!, '/metrics', 'bogus');
    expect(invalid.code).toBe(401);
    expect(invalid.body).not.toContain('test_things_total');
    expect(api.requests.map((r) => r.path)).toEqual(['/apis/authentication.k8s.io/v1/tokenreviews']);
  });

  it('rejects authenticated users without RBAC for /metrics (403)', async () => {
    const { server } = await serve(true);
    const res = await get(true, server.port!, '/metrics', 'no-rbac-token');
    expect(res.code).toBe(403);
    const sar = api.requests.find((r) => r.path.endsWith('/subjectaccessreviews'))?.body as {
      spec: Record<string, unknown>;
    };
    expect(sar.spec).toMatchObject({
      user: 'system:serviceaccount:default:nobody',
      nonResourceAttributes: { path: '/metrics', verb: 'get' },
    });
  });

  it('serves metrics over TLS to authorized scrapers', async () => {
    const { server } = await serve(true);
    const res = await get(true, server.port!, '/metrics', 'good-token');
    expect(res.code).toBe(200);
    expect(res.body).toContain('test_things_total 3');
    expect(api.requests.at(0)?.body).toEqual({
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenReview',
      spec: { token: 'good-token' },
    });
  });

  it('answers 500 when the API server cannot review the token', async () => {
    const { server } = await serve(true);
    expect((await get(true, server.port!, '/metrics', 'explode')).code).toBe(500);
  });

  it('stops when its signal aborts', async () => {
    const { running } = await serve(false);
    stop.abort();
    await running;
  });
});

describe('MetricsServer profiling endpoints', () => {
  it('are not served unless enabled', async () => {
    const { server } = await serve(true);
    expect((await get(true, server.port!, '/debug/profile/handles', 'profiler-token')).code).toBe(404);
    expect(api.requests).toHaveLength(0);
  });

  it('authorize each request for its own path: 401 without a valid token, 403 for a metrics reader', async () => {
    const { server } = await serve(true, { enabled: true });
    expect((await get(true, server.port!, '/debug/profile/handles')).code).toBe(401);
    expect((await get(true, server.port!, '/debug/profile/handles', 'bogus')).code).toBe(401);
    expect((await get(true, server.port!, '/debug/profile/cpu?seconds=1', 'good-token')).code).toBe(403);
    const sar = api.requests.find((r) => r.path.endsWith('/subjectaccessreviews'))?.body as { spec: object };
    expect(sar.spec).toMatchObject({ nonResourceAttributes: { path: '/debug/profile/cpu', verb: 'get' } });
    const handles = await get(true, server.port!, '/debug/profile/handles', 'profiler-token');
    expect(handles.code).toBe(200);
    const summary = JSON.parse(handles.body) as { activeResources: { total: number; byType: Record<string, number> } };
    expect(summary.activeResources.byType['TCPServerWrap']).toBeGreaterThanOrEqual(1);
    expect(summary.activeResources.total).toBeGreaterThanOrEqual(1);
  });

  it('take a CPU profile for the seconds asked, one profile at a time', async () => {
    const { server } = await serve(false, { enabled: true, maxCpuSeconds: 5 });
    const first = get(false, server.port!, '/debug/profile/cpu?seconds=1');
    await new Promise((r) => setTimeout(r, 100));
    const second = await get(false, server.port!, '/debug/profile/heap');
    expect(second.code).toBe(409);
    expect(second.body).toContain('a cpu profile is being taken');
    const res = await first;
    expect(res.code).toBe(200);
    const profile = JSON.parse(res.body) as { nodes: unknown[]; samples: number[]; startTime: number; endTime: number };
    expect(profile.nodes.length).toBeGreaterThan(0);
    expect(Array.isArray(profile.samples)).toBe(true);
    expect(profile.endTime - profile.startTime).toBeGreaterThanOrEqual(1_000_000);
  });

  it('refuse a duration that is not a whole number of seconds within the limit', async () => {
    const { server } = await serve(false, { enabled: true, maxCpuSeconds: 5 });
    for (const seconds of ['0', '6', '1.5', 'ten']) {
      const res = await get(false, server.port!, `/debug/profile/cpu?seconds=${seconds}`);
      expect(res.code, seconds).toBe(400);
      expect(res.body).toContain('seconds must be a whole number from 1 to 5');
    }
    expect((await get(false, server.port!, '/debug/profile/goroutines')).code).toBe(404);
  });

  it('stop profiling when the caller hangs up, so the next caller is not refused', async () => {
    const { server } = await serve(false, { enabled: true, maxCpuSeconds: 60 });
    await expect(get(false, server.port!, '/debug/profile/cpu?seconds=60', undefined, 200)).rejects.toThrow('hung up');
    const next = await waitForCode(() => get(false, server.port!, '/debug/profile/cpu?seconds=1'), 200);
    expect(next.code).toBe(200);
  });

  it('end a running profile with 503 when the server shuts down', async () => {
    const { server, running } = await serve(false, { enabled: true, maxCpuSeconds: 60 });
    const profile = get(false, server.port!, '/debug/profile/cpu?seconds=60');
    await new Promise((r) => setTimeout(r, 200));
    stop.abort();
    expect((await profile).code).toBe(503);
    await running;
  });
});

/** waitForCode repeats a request until it answers `code` (a hang-up reaches the server a moment later). */
async function waitForCode(request: () => Promise<Reply>, code: number): Promise<Reply> {
  for (let i = 0; ; i++) {
    const res = await request();
    if (res.code === code || i >= 50) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
}
