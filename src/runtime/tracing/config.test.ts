import { describe, expect, it } from 'vitest';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { resolveTracing, type TracingOptions } from './config.js';
import { tracingRequested } from './tracer.js';

describe('resolveTracing', () => {
  it('is off unless an OTLP endpoint, OTEL_TRACES_EXPORTER=otlp or the option asks', () => {
    expect(resolveTracing(undefined, {}).settings).toBeUndefined();
    expect(resolveTracing({}, {}).settings).toBeUndefined();
    expect(resolveTracing(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).settings?.otlp).toBe(
      true,
    );
    expect(
      resolveTracing(undefined, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).settings
        ?.otlp,
    ).toBe(true);
    expect(resolveTracing(undefined, { OTEL_TRACES_EXPORTER: 'otlp' }).settings?.otlp).toBe(true);
    expect(resolveTracing(true, {}).settings?.otlp).toBe(true);
    expect(resolveTracing({ enabled: true }, {}).settings?.otlp).toBe(true);
    expect(resolveTracing(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }).settings).toBeUndefined();
  });

  it('lets OTEL_SDK_DISABLED, OTEL_TRACES_EXPORTER=none and enabled: false turn it off', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(resolveTracing(true, { ...endpoint, OTEL_SDK_DISABLED: 'TRUE' }).settings).toBeUndefined();
    expect(resolveTracing(undefined, { ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).settings).toBeUndefined();
    expect(resolveTracing(true, { OTEL_TRACES_EXPORTER: 'none' }).settings).toBeUndefined();
    expect(resolveTracing(false, endpoint).settings).toBeUndefined();
    expect(resolveTracing({ enabled: false }, endpoint).settings).toBeUndefined();
    expect(resolveTracing(undefined, { ...endpoint, OTEL_SDK_DISABLED: 'false' }).settings).toBeDefined();
  });

  it('sends spans to an exporter given in code, and only there', () => {
    const exporter = new InMemorySpanExporter();
    const { settings } = resolveTracing({ exporter }, { OTEL_TRACES_EXPORTER: 'none' });
    expect(settings?.otlp).toBe(false);
    expect(settings?.options.exporter).toBe(exporter);
  });

  it('reads the protocol, the sampler, the batch settings and the semantic-convention opt-in', () => {
    const { settings, warnings } = resolveTracing(true, {
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_BSP_SCHEDULE_DELAY: '1000',
      OTEL_BSP_MAX_QUEUE_SIZE: '4096',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '256',
      OTEL_BSP_EXPORT_TIMEOUT: '5000',
      OTEL_SEMCONV_STABILITY_OPT_IN: 'database,http/dup',
    });
    expect(warnings).toEqual([]);
    expect(settings).toMatchObject({
      protocol: 'http/json',
      sampler: { name: 'parentbased_traceidratio', ratio: 0.25 },
      batch: { scheduledDelayMillis: 1000, maxQueueSize: 4096, maxExportBatchSize: 256, exportTimeoutMillis: 5000 },
      oldHttpNames: true,
    });
    expect(resolveTracing(true, {}).settings).toMatchObject({
      protocol: 'http/protobuf',
      sampler: { name: 'parentbased_always_on', ratio: 1 },
      batch: {},
      oldHttpNames: false,
    });
  });

  it('warns about what it cannot do and falls back to the defaults', () => {
    const { settings, warnings } = resolveTracing(undefined, {
      OTEL_TRACES_EXPORTER: 'otlp,zipkin',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_TRACES_SAMPLER: 'traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '2',
      OTEL_BSP_MAX_QUEUE_SIZE: 'lots',
    });
    expect(settings).toMatchObject({
      otlp: true,
      protocol: 'http/protobuf',
      sampler: { name: 'traceidratio', ratio: 1 },
      batch: {},
    });
    expect(warnings).toEqual([
      'OTEL_TRACES_EXPORTER: exporter "zipkin" is not supported and is ignored; operator-ts exports with otlp',
      'OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" is not supported, exporting with http/protobuf ' +
        '(a collector takes it on port 4318)',
      'OTEL_TRACES_SAMPLER_ARG: "2" is not a ratio between 0 and 1, using 1',
      'OTEL_BSP_MAX_QUEUE_SIZE: "lots" is not a positive integer, ignored',
    ]);
    expect(resolveTracing(undefined, { OTEL_TRACES_EXPORTER: 'console' })).toEqual({
      settings: undefined,
      warnings: [
        'OTEL_TRACES_EXPORTER: exporter "console" is not supported and is ignored; operator-ts exports with otlp',
      ],
    });
  });

  it('is never on where tracingRequested, the manager’s test before loading it, says no', () => {
    const options: Array<boolean | TracingOptions | undefined> = [
      undefined,
      true,
      false,
      {},
      { enabled: true },
      { enabled: false },
      { exporter: new InMemorySpanExporter() },
      { serviceName: 'x' },
    ];
    const envs: Array<Record<string, string>> = [
      {},
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' },
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' },
      { OTEL_TRACES_EXPORTER: 'otlp' },
      { OTEL_TRACES_EXPORTER: 'none' },
      { OTEL_SDK_DISABLED: 'true' },
      { OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' },
    ];
    const missed: string[] = [];
    for (const option of options) {
      for (const env of envs) {
        if (resolveTracing(option, env).settings !== undefined && !tracingRequested(option, env))
          missed.push(JSON.stringify({ option, env }));
      }
    }
    expect(missed).toEqual([]);
    expect(tracingRequested(undefined, {})).toBe(false);
    expect(tracingRequested(undefined, { OTEL_SERVICE_NAME: 'x' })).toBe(false);
  });
});
