import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { pino, type Logger } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Controller } from '../controller/controller.js';
import { kindSource } from '../controller/source.js';
import { FakeCache } from '../fake/cache.js';
import { StubApiServer } from '../fixtures/stub-apiserver.js';
import { enqueueRequestForObject } from '../handler/enqueue-object.js';
import { silentLogger } from '../log/logger.js';
import { Result, TerminalError, type ReconcileContext, type Request } from '../reconcile/reconcile.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { isNotFound } from '../rest/api-error.js';
import { RestClient } from '../rest/rest-client.js';
import { KubeTransport } from '../rest/transport.js';
import { startTracing, type Tracing } from './start.js';
import { activeTracer, untraced } from './tracer.js';

/** WAIT bounds the polls of this file: generous, since the machine running the tests may be loaded. */
const WAIT = { timeout: 30_000 };

const Widget = defineResource<KubernetesObject & { status?: { ready?: boolean } }>({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const Gadget = defineResource<KubernetesObject>({
  group: 'example.com',
  version: 'v1',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});

function captureLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug' },
    { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) },
  );
  return { logger, lines };
}

let api: StubApiServer;
let rest: RestClient;
let transport: KubeTransport;
let exporter: InMemorySpanExporter;
let tracing: Tracing | undefined;
const stops: AbortController[] = [];
let seq = 0;

beforeEach(async () => {
  api = await new StubApiServer().serve(Widget).serve(Gadget).start();
  transport = new KubeTransport(api.kubeConfig());
  rest = new RestClient(transport);
  exporter = new InMemorySpanExporter();
  tracing = await startTracing({ exporter, exportEachSpan: true }, silentLogger());
});

afterEach(async () => {
  for (const s of stops.splice(0)) s.abort();
  await tracing?.stop();
  transport.close();
  await api.stop();
});

/** runController reconciles `key` once with `reconcile` and returns the controller's log lines. */
async function runController(
  reconcile: (ctx: ReconcileContext, req: Request) => Promise<Result | void>,
  until: () => void,
) {
  const cache = new FakeCache();
  const { logger, lines } = captureLogger();
  const controller = new Controller({
    name: `widget-${++seq}`,
    reconciler: { reconcile },
    logger,
    kind: { group: 'example.com', version: 'v1', kind: 'Widget' },
  });
  controller.watch(kindSource(cache, Widget, enqueueRequestForObject()));
  cache.informer(Widget).set({ metadata: { namespace: 'ns', name: 'w1' } });
  const stop = new AbortController();
  stops.push(stop);
  const done = controller.start(stop.signal);
  await vi.waitFor(until, WAIT);
  stop.abort();
  await done;
  return { lines, name: controller.name };
}

const byName = (spans: ReadableSpan[], name: string) => spans.filter((s) => s.name === name);
const parentId = (s: ReadableSpan) => s.parentSpanContext?.spanId;

describe('reconcile spans', () => {
  it('records a reconcile as one trace: its span the root, its API calls with status codes the children', async () => {
    api.put(Widget, { metadata: { namespace: 'ns', name: 'w1' } });
    let reconciled = false;
    const { lines, name } = await runController(
      async (ctx, req) => {
        ctx.log.info('reconciling');
        const w = await rest.get(Widget, req);
        await rest.get(Gadget, { namespace: 'ns', name: 'missing' }).catch((err: unknown) => {
          if (!isNotFound(err)) throw err;
        });
        await rest.update(Widget, { ...w, status: { ready: true } }, { subresource: 'status' });
        reconciled = true;
        return Result.requeueAfter(30_000);
      },
      () => expect(reconciled).toBe(true),
    );
    await vi.waitFor(() => expect(byName(exporter.getFinishedSpans(), `reconcile ${name}`)).toHaveLength(1), WAIT);
    const spans = exporter.getFinishedSpans();
    const root = byName(spans, `reconcile ${name}`)[0]!;
    expect(root.kind).toBe(SpanKind.INTERNAL);
    expect(root.parentSpanContext).toBeUndefined();
    expect(root.status.code).toBe(SpanStatusCode.UNSET);
    expect(root.attributes).toMatchObject({
      'k8s.controller.name': name,
      'k8s.object.group': 'example.com',
      'k8s.object.version': 'v1',
      'k8s.object.kind': 'Widget',
      'k8s.namespace.name': 'ns',
      'k8s.object.name': 'w1',
      'k8s.reconcile.result': 'requeue_after',
      'k8s.reconcile.requeue_after_ms': 30_000,
    });
    const reconcileID = root.attributes['k8s.reconcile.id'];
    const children = spans.filter((s) => s.spanContext().traceId === root.spanContext().traceId && s !== root);
    expect(children.map((s) => [s.name, s.attributes['http.response.status_code']])).toEqual([
      ['GET /apis/example.com/v1/namespaces/{namespace}/widgets/{name}', 200],
      ['GET /apis/example.com/v1/namespaces/{namespace}/gadgets/{name}', 404],
      ['PUT /apis/example.com/v1/namespaces/{namespace}/widgets/{name}/status', 200],
    ]);
    for (const child of children) {
      expect(child.kind).toBe(SpanKind.CLIENT);
      expect(parentId(child)).toBe(root.spanContext().spanId);
    }
    const [get, missing, update] = children as [ReadableSpan, ReadableSpan, ReadableSpan];
    expect(get.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.full': `${api.url}/apis/example.com/v1/namespaces/ns/widgets/w1`,
      'url.template': '/apis/example.com/v1/namespaces/{namespace}/widgets/{name}',
      'server.address': '127.0.0.1',
      'k8s.verb': 'get',
      'k8s.resource': 'widgets',
      'k8s.namespace.name': 'ns',
      'k8s.object.name': 'w1',
    });
    expect(missing.status.code).toBe(SpanStatusCode.ERROR);
    expect(missing.attributes['error.type']).toBe('404');
    expect(update.attributes).toMatchObject({ 'k8s.verb': 'update', 'k8s.subresource': 'status' });
    // Each request carried its own span as the W3C parent of whatever the API server does with it.
    const sent = api.requests.filter((r) => r.path.startsWith('/apis/example.com/v1/namespaces/ns/'));
    expect(sent.map((r) => r.headers.traceparent)).toEqual(
      children.map((c) => `00-${c.spanContext().traceId}-${c.spanContext().spanId}-01`),
    );
    // The reconcile's log lines carry the ids of its span.
    const line = lines.find((l) => l.msg === 'reconciling');
    expect(line).toMatchObject({
      reconcileID,
      trace_id: root.spanContext().traceId,
      span_id: root.spanContext().spanId,
    });
  });

  it('marks a failed reconcile ERROR with the error recorded, a terminal one as terminal', async () => {
    let calls = 0;
    const { lines, name } = await runController(
      async () => {
        calls++;
        throw new TerminalError('spec.size must be positive');
      },
      () => expect(calls).toBe(1),
    );
    await vi.waitFor(() => expect(byName(exporter.getFinishedSpans(), `reconcile ${name}`)).toHaveLength(1), WAIT);
    const root = byName(exporter.getFinishedSpans(), `reconcile ${name}`)[0]!;
    expect(root.status).toEqual({ code: SpanStatusCode.ERROR, message: 'spec.size must be positive' });
    expect(root.attributes).toMatchObject({
      'k8s.reconcile.result': 'error',
      'error.type': 'TerminalError',
      'k8s.reconcile.terminal': true,
    });
    expect(root.events.map((e) => [e.name, e.attributes?.['exception.type']])).toEqual([
      ['exception', 'TerminalError'],
    ]);
    expect(lines.find((l) => l.msg === 'Reconciler error')).toMatchObject({
      trace_id: root.spanContext().traceId,
      span_id: root.spanContext().spanId,
    });
  });

  it('starts no span for calls outside a reconcile, nor for those of work started untraced inside one', async () => {
    api.put(Widget, { metadata: { namespace: 'ns', name: 'w1' } });
    await rest.get(Widget, { namespace: 'ns', name: 'w1' });
    expect(api.requests.at(-1)!.headers.traceparent).toBeUndefined();
    let background: Promise<unknown> | undefined;
    const { name } = await runController(
      async (_ctx, req) => {
        background = untraced(() => rest.list(Widget, { namespace: req.namespace }));
        await background;
      },
      () => expect(background).toBeDefined(),
    );
    await background;
    await vi.waitFor(() => expect(byName(exporter.getFinishedSpans(), `reconcile ${name}`)).toHaveLength(1), WAIT);
    expect(exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CLIENT)).toEqual([]);
    expect(api.requests.every((r) => r.headers.traceparent === undefined)).toBe(true);
  });

  it('ends the span of a watch when the stream starts, not when it ends', async () => {
    const { name } = await runController(
      async (_ctx, req) => {
        const events = await rest.watch(Widget, { namespace: req.namespace, resourceVersion: '0' });
        // The watch stays open; its span must already be over.
        const watchSpan = exporter.getFinishedSpans().find((s) => s.attributes['k8s.verb'] === 'watch');
        expect(watchSpan?.attributes['http.response.status_code']).toBe(200);
        await events.return(undefined);
      },
      () => expect(exporter.getFinishedSpans().some((s) => s.attributes['k8s.verb'] === 'watch')).toBe(true),
    );
    await vi.waitFor(() => expect(byName(exporter.getFinishedSpans(), `reconcile ${name}`)).toHaveLength(1), WAIT);
    const watch = exporter.getFinishedSpans().find((s) => s.attributes['k8s.verb'] === 'watch')!;
    expect(watch.name).toBe('GET /apis/example.com/v1/namespaces/{namespace}/widgets');
  });
});

describe('tracing off', () => {
  it('adds no header, no log field and no span', async () => {
    await tracing?.stop();
    tracing = undefined;
    expect(activeTracer()).toBeUndefined();
    api.put(Widget, { metadata: { namespace: 'ns', name: 'w1' } });
    let done = false;
    const { lines } = await runController(
      async (ctx, req) => {
        ctx.log.info('reconciling');
        await rest.get(Widget, req);
        done = true;
      },
      () => expect(done).toBe(true),
    );
    expect(api.requests.at(-1)!.headers.traceparent).toBeUndefined();
    const line = lines.find((l) => l.msg === 'reconciling')!;
    expect(line.reconcileID).toBeDefined();
    expect(Object.keys(line)).not.toContain('trace_id');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
