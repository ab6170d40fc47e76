import type { TracerProvider } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';

/** TracingOptions turns OpenTelemetry tracing on or off in code, in place of or on top of the `OTEL_*` variables. */
export interface TracingOptions {
  /**
   * Trace (true) or not (false) whatever the environment says, except that `OTEL_SDK_DISABLED=true` always
   * turns tracing off. Absent: on when `OTEL_TRACES_EXPORTER` names an exporter or an OTLP endpoint is set.
   */
  enabled?: boolean | undefined;
  /** `service.name` of the spans; `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`) when absent. */
  serviceName?: string | undefined;
  /** Where spans go instead of the exporters the environment names (an in-memory exporter in tests). */
  exporter?: SpanExporter | undefined;
  /**
   * Export each span as it ends instead of in batches (`OTEL_BSP_*`); for tests and debugging, since it
   * costs an export call per span.
   */
  exportEachSpan?: boolean | undefined;
  /**
   * A TracerProvider the application set up itself (with `@opentelemetry/sdk-node`, say), used as it is:
   * the runtime then registers no globals and leaves its shutdown to the application.
   */
  tracerProvider?: TracerProvider | undefined;
}

/** OtlpProtocol is an OTLP transport the runtime can export with. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** SamplerSetting is `OTEL_TRACES_SAMPLER` and its argument. */
export interface SamplerSetting {
  name:
    | 'always_on'
    | 'always_off'
    | 'traceidratio'
    | 'parentbased_always_on'
    | 'parentbased_always_off'
    | 'parentbased_traceidratio';
  ratio: number;
}

/** BatchSetting holds the `OTEL_BSP_*` values that were set. */
export interface BatchSetting {
  scheduledDelayMillis?: number;
  exportTimeoutMillis?: number;
  maxQueueSize?: number;
  maxExportBatchSize?: number;
}

/** TracingSettings is what tracing runs with once the options and the environment are read. */
export interface TracingSettings {
  /** Export over OTLP as `OTEL_EXPORTER_OTLP_*` say; false when spans go to `exporter` or `tracerProvider`. */
  otlp: boolean;
  protocol: OtlpProtocol;
  sampler: SamplerSetting;
  batch: BatchSetting;
  /** Also emit the HTTP attribute names of conventions before 1.23 (`OTEL_SEMCONV_STABILITY_OPT_IN=http/dup`). */
  oldHttpNames: boolean;
  options: TracingOptions;
}

/** TracingResolution is what {@link resolveTracing} found: settings when tracing is on, and what was wrong. */
export interface TracingResolution {
  settings: TracingSettings | undefined;
  warnings: string[];
}

const SAMPLERS: ReadonlyArray<SamplerSetting['name']> = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
];

type Env = Record<string, string | undefined>;

const set = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * resolveTracing decides from the manager option and the environment whether tracing is on and how, after
 * the OpenTelemetry SDK environment specification: `OTEL_SDK_DISABLED`, `OTEL_TRACES_EXPORTER` (`otlp` or
 * `none`), `OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT` and `_PROTOCOL`,
 * `OTEL_TRACES_SAMPLER[_ARG]`, `OTEL_BSP_*` and `OTEL_SEMCONV_STABILITY_OPT_IN`. Unlike an SDK, which exports
 * over OTLP when nothing is set, the runtime traces only when asked: an operator without a collector must
 * not send spans into the void.
 */
export function resolveTracing(
  option: boolean | TracingOptions | undefined,
  env: Env = process.env,
): TracingResolution {
  const warnings: string[] = [];
  const options: TracingOptions = typeof option === 'boolean' ? { enabled: option } : (option ?? {});
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' || options.enabled === false)
    return { settings: undefined, warnings };
  const exporter = exporterOf(env.OTEL_TRACES_EXPORTER, warnings);
  const endpoint = set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) || set(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const ownSink = options.exporter !== undefined || options.tracerProvider !== undefined;
  // OTEL_TRACES_EXPORTER=none leaves only a sink given in code; the other ways on need somewhere to export.
  const on = ownSink || (exporter !== 'none' && (options.enabled === true || exporter === 'otlp' || endpoint));
  if (!on) return { settings: undefined, warnings };
  const settings: TracingSettings = {
    otlp: !ownSink,
    protocol: protocolOf(env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL, warnings),
    sampler: samplerOf(env.OTEL_TRACES_SAMPLER, env.OTEL_TRACES_SAMPLER_ARG, warnings),
    batch: batchOf(env, warnings),
    oldHttpNames: (env.OTEL_SEMCONV_STABILITY_OPT_IN ?? '').split(',').some((s) => s.trim() === 'http/dup'),
    options,
  };
  return { settings, warnings };
}

/**
 * exporterOf reads `OTEL_TRACES_EXPORTER`. `console` is not offered: it prints with console.log, past the
 * structured log; a comma-separated list is read as `otlp` when it names it.
 */
function exporterOf(value: string | undefined, warnings: string[]): 'otlp' | 'none' | undefined {
  if (!set(value)) return undefined;
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  if (names.includes('none')) return 'none';
  for (const name of names.filter((n) => n !== 'otlp')) {
    warnings.push(
      `OTEL_TRACES_EXPORTER: exporter "${name}" is not supported and is ignored; operator-ts exports with otlp`,
    );
  }
  return names.includes('otlp') ? 'otlp' : 'none';
}

function protocolOf(value: string | undefined, warnings: string[]): OtlpProtocol {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '' || v === 'http/protobuf') return 'http/protobuf';
  if (v === 'http/json') return 'http/json';
  warnings.push(
    `OTEL_EXPORTER_OTLP_PROTOCOL: "${value}" is not supported, exporting with http/protobuf ` +
      '(a collector takes it on port 4318)',
  );
  return 'http/protobuf';
}

function samplerOf(name: string | undefined, arg: string | undefined, warnings: string[]): SamplerSetting {
  let sampler: SamplerSetting['name'] = 'parentbased_always_on';
  const n = name?.trim().toLowerCase();
  if (n !== undefined && n !== '') {
    const found = SAMPLERS.find((s) => s === n);
    if (found === undefined)
      warnings.push(`OTEL_TRACES_SAMPLER: unsupported sampler "${name}", using parentbased_always_on`);
    else sampler = found;
  }
  let ratio = 1;
  if (set(arg) && sampler.endsWith('traceidratio')) {
    const r = Number(arg);
    if (Number.isFinite(r) && r >= 0 && r <= 1) ratio = r;
    else warnings.push(`OTEL_TRACES_SAMPLER_ARG: "${arg}" is not a ratio between 0 and 1, using 1`);
  }
  return { name: sampler, ratio };
}

function batchOf(env: Env, warnings: string[]): BatchSetting {
  const batch: BatchSetting = {};
  const read = (key: string, field: keyof BatchSetting): void => {
    const value = env[key];
    if (!set(value)) return;
    const n = Number(value);
    if (Number.isInteger(n) && n > 0) batch[field] = n;
    else warnings.push(`${key}: "${value}" is not a positive integer, ignored`);
  };
  read('OTEL_BSP_SCHEDULE_DELAY', 'scheduledDelayMillis');
  read('OTEL_BSP_EXPORT_TIMEOUT', 'exportTimeoutMillis');
  read('OTEL_BSP_MAX_QUEUE_SIZE', 'maxQueueSize');
  read('OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 'maxExportBatchSize');
  return batch;
}
