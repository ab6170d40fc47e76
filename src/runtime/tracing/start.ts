import type { Logger } from '../log/logger.js';
import { resolveTracing, type TracingOptions } from './config.js';
import { activeTracer, setActiveTracer, type RuntimeTracer } from './tracer.js';

/** Tracing is tracing once started: the tracer the runtime records through, and how to stop it. */
export interface Tracing {
  readonly tracer: RuntimeTracer;
  /** Tracing.stop exports the spans still buffered (waiting at most `timeoutMs`) and turns tracing off. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * startTracing turns tracing on when the option or the `OTEL_*` environment asks for it (see
 * resolveTracing) and returns undefined otherwise, having loaded nothing. The OpenTelemetry SDK and the
 * exporter are imported here, on demand, so that an operator that does not trace never loads them. A
 * setup that fails (a broken exporter configuration, say) is logged and leaves tracing off: telemetry must
 * not keep an operator from running.
 */
export async function startTracing(
  option: boolean | TracingOptions | undefined,
  log: Logger,
): Promise<Tracing | undefined> {
  const { settings, warnings } = resolveTracing(option);
  for (const warning of warnings) log.warn({ logger: 'tracing' }, warning);
  if (settings === undefined) return undefined;
  let tracer: RuntimeTracer;
  try {
    const { startOtelTracing } = await import('./otel.js');
    tracer = await startOtelTracing(settings, log);
  } catch (err) {
    log.error({ logger: 'tracing', err }, 'Tracing could not start, running without it');
    return undefined;
  }
  setActiveTracer(tracer);
  log.info(
    { logger: 'tracing', protocol: settings.otlp ? settings.protocol : undefined, sampler: settings.sampler.name },
    'Tracing reconciles, API calls and webhooks',
  );
  let stopped: Promise<void> | undefined;
  return {
    tracer,
    stop(timeoutMs = 10_000): Promise<void> {
      stopped ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs);
        });
        try {
          const outcome = await Promise.race([tracer.shutdown().then(() => 'done' as const), deadline]);
          if (outcome === 'timeout')
            log.warn({ logger: 'tracing', timeoutMs }, 'Spans not exported in time at shutdown, dropping them');
        } catch (err) {
          log.warn({ logger: 'tracing', err }, 'Exporting the last spans failed');
        } finally {
          clearTimeout(timer);
          if (activeTracer() === tracer) setActiveTracer(undefined);
        }
      })();
      return stopped;
    },
  };
}
