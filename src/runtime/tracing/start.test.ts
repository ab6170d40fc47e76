import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OtlpReceiver } from '../fixtures/otlp-receiver.js';
import { silentLogger } from '../log/logger.js';
import { startTracing, type Tracing } from './start.js';
import { activeTracer } from './tracer.js';

let receiver: OtlpReceiver;
let tracing: Tracing | undefined;

beforeEach(async () => {
  receiver = await new OtlpReceiver().start();
});
afterEach(async () => {
  await tracing?.stop();
  tracing = undefined;
  vi.unstubAllEnvs();
  await receiver.stop();
});

/** reconcileWithCall records a reconcile span with one API call in it, as a controller would. */
function reconcileWithCall(t: Tracing): void {
  const span = t.tracer.startReconcile({ controller: 'widget', namespace: 'ns', name: 'w', reconcileID: 'r-1' });
  span.run(() => {
    const call = t.tracer.startClientCall({
      method: 'GET',
      server: new URL('https://10.0.0.1:6443'),
      path: '/api/v1/namespaces/ns/pods/p',
    });
    call?.end(200);
  });
  span.end({ result: 'success' });
}

describe('startTracing', () => {
  it('loads nothing and returns undefined when neither the option nor the environment asks for tracing', async () => {
    tracing = await startTracing(undefined, silentLogger());
    expect(tracing).toBeUndefined();
    expect(activeTracer()).toBeUndefined();
  });

  it('exports over http/json to OTEL_EXPORTER_OTLP_ENDPOINT as OTEL_SERVICE_NAME, flushing on stop', async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', receiver.endpoint);
    vi.stubEnv('OTEL_EXPORTER_OTLP_PROTOCOL', 'http/json');
    vi.stubEnv('OTEL_SERVICE_NAME', 'widget-operator');
    // Nothing leaves before stop: only the shutdown flush can deliver the spans.
    vi.stubEnv('OTEL_BSP_SCHEDULE_DELAY', '600000');
    tracing = await startTracing(undefined, silentLogger());
    expect(tracing).toBeDefined();
    reconcileWithCall(tracing!);
    expect(receiver.spans).toEqual([]);
    await tracing!.stop();
    expect(activeTracer()).toBeUndefined();
    expect(receiver.contentTypes).toEqual(['application/json']);
    expect(receiver.spans.map((s) => [s.name, s.kind])).toEqual([
      ['GET', 'client'],
      ['reconcile widget', 'internal'],
    ]);
    const [call, root] = receiver.spans;
    expect(call!.parentSpanId).toBe(root!.spanId);
    expect(root!.parentSpanId).toBe('');
    expect(root!.resource['service.name']).toBe('widget-operator');
    expect(root!.resource['telemetry.sdk.name']).toBe('opentelemetry');
    expect(root!.scope).toBe('operator-ts/runtime');
    expect(call!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'server.address': '10.0.0.1',
      'server.port': 6443,
      'http.response.status_code': 200,
    });
  });

  it('exports over http/protobuf (the default) to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, named by option', async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', `${receiver.endpoint}/v1/traces`);
    vi.stubEnv('OTEL_SERVICE_NAME', 'from-env');
    tracing = await startTracing({ serviceName: 'from-option' }, silentLogger());
    reconcileWithCall(tracing!);
    await tracing!.stop();
    expect(receiver.contentTypes).toEqual(['application/x-protobuf']);
    expect(receiver.spans.map((s) => s.name)).toEqual(['GET', 'reconcile widget']);
    expect(receiver.spans[1]!.resource['service.name']).toBe('from-option');
    expect(receiver.spans[1]!.attributes).toMatchObject({
      'k8s.controller.name': 'widget',
      'k8s.reconcile.id': 'r-1',
      'k8s.reconcile.result': 'success',
    });
    expect(receiver.spans[0]!.attributes['server.port']).toBe(6443);
  });

  it('stays off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, whatever else is set', async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', receiver.endpoint);
    vi.stubEnv('OTEL_SDK_DISABLED', 'true');
    expect(await startTracing(true, silentLogger())).toBeUndefined();
    vi.stubEnv('OTEL_SDK_DISABLED', '');
    vi.stubEnv('OTEL_TRACES_EXPORTER', 'none');
    expect(await startTracing(undefined, silentLogger())).toBeUndefined();
  });

  it('adds the pre-1.23 HTTP names Envoy uses with OTEL_SEMCONV_STABILITY_OPT_IN=http/dup', async () => {
    vi.stubEnv('OTEL_SEMCONV_STABILITY_OPT_IN', 'http/dup');
    const exporter = new InMemorySpanExporter();
    tracing = await startTracing({ exporter, exportEachSpan: true }, silentLogger());
    reconcileWithCall(tracing!);
    const call = exporter.getFinishedSpans().find((s) => s.name === 'GET')!;
    expect(call.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.method': 'GET',
      'http.response.status_code': 200,
      'http.status_code': 200,
      'url.full': 'https://10.0.0.1:6443/api/v1/namespaces/ns/pods/p',
      'http.url': 'https://10.0.0.1:6443/api/v1/namespaces/ns/pods/p',
    });
  });

  it('records through the application’s TracerProvider, registers no globals, leaves its shutdown', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    tracing = await startTracing({ tracerProvider: provider }, silentLogger());
    reconcileWithCall(tracing!);
    await tracing!.stop();
    expect(exporter.getFinishedSpans().map((s) => s.name)).toContain('reconcile widget');
    expect(trace.getTracerProvider()).not.toBe(provider);
    provider.getTracer('app').startSpan('after').end();
    expect(exporter.getFinishedSpans().map((s) => s.name)).toContain('after');
  });

  it('logs the warnings of the environment, and a setup that fails leaves tracing off without failing', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) });
    vi.stubEnv('OTEL_TRACES_SAMPLER', 'jaeger_remote');
    const broken = {
      getTracer(): never {
        throw new Error('no tracer here');
      },
    };
    expect(await startTracing({ tracerProvider: broken }, log)).toBeUndefined();
    expect(activeTracer()).toBeUndefined();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'OTEL_TRACES_SAMPLER: unsupported sampler "jaeger_remote", using parentbased_always_on'],
      [50, 'Tracing could not start, running without it'],
    ]);
  });
});
