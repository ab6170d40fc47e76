import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TinyCA } from '../../testing/certs.js';
import { StubApiServer } from '../fixtures/stub-apiserver.js';
import { silentLogger } from '../log/logger.js';
import { defineResource } from '../resource.js';
import { RestClient } from '../rest/rest-client.js';
import { KubeTransport } from '../rest/transport.js';
import { WebhookServer } from '../webhook/server.js';
import { startTracing, type Tracing } from './start.js';

/** WAIT bounds the polls of this file: generous, since the machine running the tests may be loaded. */
const WAIT = { timeout: 30_000 };

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

let ca: TinyCA;
let dir: string;
let server: WebhookServer;
let api: StubApiServer;
let transport: KubeTransport;
const stop = new AbortController();
let running: Promise<void>;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  ca = await TinyCA.create('webhook-trace-ca');
  const pair = await ca.issueServingCert({ hosts: ['127.0.0.1', 'localhost'] });
  dir = await mkdtemp(join(tmpdir(), 'webhook-trace-'));
  await writeFile(join(dir, 'tls.crt'), pair.certPem);
  await writeFile(join(dir, 'tls.key'), pair.keyPem);
  api = await new StubApiServer().serve(ConfigMap).start();
  transport = new KubeTransport(api.kubeConfig());
  const rest = new RestClient(transport);
  const logger = pino(
    { level: 'debug' },
    { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) },
  );
  server = new WebhookServer({ port: 0, host: '127.0.0.1', certDir: dir, logger });
  server.register('/validate', async (body, ctx) => {
    ctx.log.info('validating');
    await rest.list(ConfigMap, { namespace: 'ns' });
    const uid = (body as { request: { uid: string } }).request.uid;
    return { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid, allowed: true } };
  });
  server.register('/boom', async () => {
    throw new Error('handler exploded');
  });
  running = server.start(stop.signal);
  await server.ready();
});

afterAll(async () => {
  stop.abort();
  await running;
  transport.close();
  await api.stop();
  await rm(dir, { recursive: true, force: true });
});

let exporter: InMemorySpanExporter;
let tracing: Tracing | undefined;
async function traced(): Promise<void> {
  exporter = new InMemorySpanExporter();
  tracing = await startTracing({ exporter, exportEachSpan: true }, silentLogger());
}
afterEach(async () => {
  await tracing?.stop();
  lines.length = 0;
});

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        ca: ca.certPem,
        servername: 'localhost',
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const review = {
  apiVersion: 'admission.k8s.io/v1',
  kind: 'AdmissionReview',
  request: {
    uid: 'u-1',
    operation: 'CREATE',
    kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
    resource: { group: 'apps', version: 'v1', resource: 'deployments' },
    namespace: 'ns',
    name: 'web',
  },
};

describe('webhook server spans', () => {
  it('continues the caller’s W3C trace in a server span whose API calls are its children', async () => {
    await traced();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    expect(await post('/validate', review, { traceparent: `00-${traceId}-${callerSpan}-01` })).toBe(200);
    await vi.waitFor(
      () => expect(exporter.getFinishedSpans().some((s) => s.kind === SpanKind.SERVER)).toBe(true),
      WAIT,
    );
    const spans = exporter.getFinishedSpans();
    const serverSpan = spans.find((s) => s.kind === SpanKind.SERVER)!;
    expect(serverSpan.name).toBe('POST /validate');
    expect(serverSpan.spanContext().traceId).toBe(traceId);
    expect(serverSpan.parentSpanContext?.spanId).toBe(callerSpan);
    expect(serverSpan.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/validate',
      'url.path': '/validate',
      'url.scheme': 'https',
      'http.response.status_code': 200,
      'server.port': server.port,
      'client.address': '127.0.0.1',
      'network.protocol.version': '1.1',
      'k8s.admission.uid': 'u-1',
      'k8s.admission.operation': 'CREATE',
      'k8s.object.group': 'apps',
      'k8s.object.kind': 'Deployment',
      'k8s.resource': 'deployments',
      'k8s.namespace.name': 'ns',
      'k8s.object.name': 'web',
    });
    const list = spans.find((s) => s.kind === SpanKind.CLIENT)!;
    expect(list.name).toBe('GET /api/v1/namespaces/{namespace}/configmaps');
    expect(list.parentSpanContext?.spanId).toBe(serverSpan.spanContext().spanId);
    expect(list.spanContext().traceId).toBe(traceId);
    expect(lines.find((l) => l.msg === 'validating')).toMatchObject({
      trace_id: traceId,
      span_id: serverSpan.spanContext().spanId,
    });
  });

  it('starts a trace when the caller sent none, and marks a failing handler ERROR', async () => {
    await traced();
    expect(await post('/boom', review)).toBe(500);
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(1), WAIT);
    const [span] = exporter.getFinishedSpans();
    expect(span!.parentSpanContext).toBeUndefined();
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': 'Error' });
    expect(span!.status.message).toBe('handler exploded');
    expect(span!.events.map((e) => e.attributes?.['exception.message'])).toEqual(['handler exploded']);
  });

  it('records a 4xx of the caller without marking the span failed', async () => {
    await traced();
    expect(await post('/nowhere', {})).toBe(404);
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(1), WAIT);
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('POST');
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    expect(span!.attributes['http.route']).toBeUndefined();
  });

  it('adds no span and no log field while tracing is off', async () => {
    expect(
      await post('/validate', review, { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }),
    ).toBe(200);
    expect(lines.find((l) => l.msg === 'validating')).not.toHaveProperty('trace_id');
    expect(api.requests.at(-1)!.headers.traceparent).toBeUndefined();
  });
});
