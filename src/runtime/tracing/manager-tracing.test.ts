import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newControllerManagedBy } from '../controller/builder.js';
import { StubApiServer } from '../fixtures/stub-apiserver.js';
import { silentLogger } from '../log/logger.js';
import { createManager } from '../manager/manager.js';
import { defineResource } from '../resource.js';
import { activeTracer } from './tracer.js';

/** WAIT bounds the polls of this file: generous, since the machine running the tests may be loaded. */
const WAIT = { timeout: 30_000 };

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

/** RecordingExporter keeps what it was given, also across shutdown (the in-memory exporter forgets on shutdown). */
class RecordingExporter implements SpanExporter {
  readonly spans: ReadableSpan[] = [];
  shutdowns = 0;
  export(spans: ReadableSpan[], done: (result: { code: number }) => void): void {
    this.spans.push(...spans);
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {
    this.shutdowns++;
  }
}

let api: StubApiServer;
beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).start();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await api.stop();
});

describe('manager option tracing', () => {
  it('traces while the manager runs and exports the spans still buffered when it stops', async () => {
    // Batches leave only at shutdown: the spans below can reach the exporter by the final flush alone.
    vi.stubEnv('OTEL_BSP_SCHEDULE_DELAY', '600000');
    const exporter = new RecordingExporter();
    const mgr = await createManager({ kubeConfig: api.kubeConfig(), logger: silentLogger(), tracing: { exporter } });
    expect(activeTracer()).toBeUndefined();
    let reconciled = 0;
    newControllerManagedBy(mgr)
      .for(ConfigMap)
      .complete({
        async reconcile(_ctx, req) {
          await mgr.apiReader.get(ConfigMap, req);
          reconciled++;
        },
      });
    api.put(ConfigMap, { metadata: { namespace: 'ns', name: 'settings' } });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await vi.waitFor(() => expect(reconciled).toBe(1), WAIT);
    expect(activeTracer()).toBeDefined();
    expect(exporter.spans).toEqual([]);
    stop.abort();
    await running;
    expect(activeTracer()).toBeUndefined();
    expect(exporter.shutdowns).toBe(1);
    const names = exporter.spans.map((s) => s.name);
    expect(names).toEqual(['GET /api/v1/namespaces/{namespace}/configmaps/{name}', 'reconcile configmap']);
    expect(exporter.spans[0]!.parentSpanContext?.spanId).toBe(exporter.spans[1]!.spanContext().spanId);
  });

  it('stays off with tracing: false even when the environment names an endpoint', async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', 'http://127.0.0.1:1');
    const mgr = await createManager({ kubeConfig: api.kubeConfig(), logger: silentLogger(), tracing: false });
    let seen: unknown = 'not started';
    mgr.add({
      needLeaderElection: false,
      async start(signal: AbortSignal) {
        seen = activeTracer();
        await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
      },
    });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await vi.waitFor(() => expect(seen).not.toBe('not started'), WAIT);
    expect(seen).toBeUndefined();
    stop.abort();
    await running;
  });
});
