import https from 'node:https';
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Counter, Registry } from 'prom-client';
import { RestClient } from '../client/rest-client.js';
import { status, StubApiServer, type StubRequest } from '../fixtures/stub-apiserver.js';
import { KubeTransport } from '../client/transport.js';
import { silentLogger } from '../log/logger.js';
import { MetricsServer } from './server.js';

let api: StubApiServer;
let transport: KubeTransport;
let stop: AbortController;
let registry: Registry;

const users: Record<string, { username: string; groups: string[] }> = {
  'good-token': { username: 'system:serviceaccount:monitoring:prometheus', groups: ['system:serviceaccounts'] },
  'no-rbac-token': { username: 'system:serviceaccount:default:nobody', groups: [] },
};

beforeEach(async () => {
  api = await new StubApiServer().start();
  api.route('POST', '/apis/authentication.k8s.io/v1/tokenreviews', (req: StubRequest) => {
    const token = (req.body as { spec: { token: string } }).spec.token;
    if (token === 'explode') return status(500, 'InternalError', 'webhook authenticator down');
    const user = users[token];
    return { status: 201, body: { kind: 'TokenReview', status: user === undefined ? { authenticated: false, error: 'invalid token' } : { authenticated: true, user } } };
  });
  api.route('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', (req: StubRequest) => {
    const spec = (req.body as { spec: { user: string; nonResourceAttributes: { path: string; verb: string } } }).spec;
    const allowed = spec.user === users['good-token']?.username && spec.nonResourceAttributes.path === '/metrics' && spec.nonResourceAttributes.verb === 'get';
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

async function serve(secure: boolean): Promise<{ server: MetricsServer; running: Promise<void> }> {
  const server = new MetricsServer({ address: { host: '127.0.0.1', port: 0 }, secure, rest: new RestClient(transport), registry, logger: silentLogger() });
  const running = server.start(stop.signal);
  await server.ready();
  return { server, running };
}

function get(secure: boolean, port: number, path: string, token?: string): Promise<{ code: number; body: string }> {
  const mod = secure ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      { host: '127.0.0.1', port, path, method: 'GET', rejectUnauthorized: false, headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } },
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
    const sar = api.requests.find((r) => r.path.endsWith('/subjectaccessreviews'))?.body as { spec: Record<string, unknown> };
    expect(sar.spec).toMatchObject({ user: 'system:serviceaccount:default:nobody', nonResourceAttributes: { path: '/metrics', verb: 'get' } });
  });

  it('serves metrics over TLS to authorized scrapers', async () => {
    const { server } = await serve(true);
    const res = await get(true, server.port!, '/metrics', 'good-token');
    expect(res.code).toBe(200);
    expect(res.body).toContain('test_things_total 3');
    expect(api.requests.at(0)?.body).toEqual({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: 'good-token' } });
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
