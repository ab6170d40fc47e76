// Loaded with a dynamic import only when tracing is on (see start.ts): nothing of OpenTelemetry is in the
// module graph of an operator that does not trace.
import {
  context,
  diag,
  DiagLogLevel,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
  type TracerProvider as ApiTracerProvider,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  defaultResource,
  detectResources,
  emptyResource,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
  serviceNameEnvDetector,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Logger } from '../log/logger.js';
import { ATTR, clientSpanName, errorTypeOf, OLD_HTTP, urlTemplate } from './attributes.js';
import type { SamplerSetting, TracingSettings } from './config.js';
import type {
  ClientCallInfo,
  ClientSpan,
  ReconcileSpan,
  ReconcileSpanInfo,
  ReconcileSpanOutcome,
  RuntimeTracer,
  ServerRequestInfo,
  ServerSpan,
  SpanIds,
} from './tracer.js';

/** TRACER_NAME is the instrumentation scope of the runtime's spans. */
export const TRACER_NAME = 'operator-ts/runtime';

/**
 * startOtelTracing sets up the OpenTelemetry SDK as `settings` say and returns the tracer the runtime
 * records through. Unless the application gave its own TracerProvider, it registers the global tracer
 * provider, W3C trace-context and baggage propagation and an AsyncLocalStorage context manager, so that
 * spans an operator starts with `@opentelemetry/api` inside a reconcile are children of the reconcile's.
 */
export async function startOtelTracing(settings: TracingSettings, log: Logger): Promise<RuntimeTracer> {
  const given = settings.options.tracerProvider;
  if (given !== undefined)
    return new OtelTracer(given.getTracer(TRACER_NAME), settings.oldHttpNames, async () => undefined);
  const exporter = settings.options.exporter ?? (await otlpExporter(settings));
  const processor =
    settings.options.exportEachSpan === true
      ? new SimpleSpanProcessor({ exporter })
      : new BatchSpanProcessor({ exporter, ...settings.batch });
  const resource = defaultResource()
    .merge(detectResources({ detectors: [resourceAttributesEnvDetector, serviceNameEnvDetector] }))
    .merge(
      settings.options.serviceName === undefined
        ? emptyResource()
        : resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.options.serviceName }),
    );
  const provider = new TracerProvider({ resource, sampler: samplerOf(settings.sampler), spanProcessors: [processor] });
  const registered = registerGlobals(provider, log);
  return new OtelTracer(provider.getTracer(TRACER_NAME), settings.oldHttpNames, async () => {
    try {
      await provider.shutdown();
    } finally {
      registered();
    }
  });
}

/**
 * otlpExporter loads the OTLP/HTTP exporter of the protocol, which reads its endpoint, headers and TLS files
 * from `OTEL_EXPORTER_OTLP_*`.
 */
async function otlpExporter(settings: TracingSettings): Promise<SpanExporter> {
  if (settings.protocol === 'http/json')
    return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

function samplerOf(setting: SamplerSetting): Sampler {
  switch (setting.name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(setting.ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(setting.ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * registerGlobals installs the provider, propagators, context manager and a diagnostic logger that writes
 * the SDK's warnings (a failed export, say) to the runtime's log, and returns what unregisters them all.
 * A global the application registered before is kept, and left alone on the way out.
 */
function registerGlobals(provider: ApiTracerProvider, log: Logger): () => void {
  const undo: Array<() => void> = [];
  const otelLog = log.child({ logger: 'otel' });
  const warn = (message: string, ...args: unknown[]): void =>
    otelLog.warn({ args: args.length === 0 ? undefined : args.map(String) }, message);
  const quiet = (): void => undefined;
  diag.setLogger(
    { error: warn, warn, info: quiet, debug: quiet, verbose: quiet },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );
  undo.push(() => diag.disable());
  if (context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()))
    undo.push(() => context.disable());
  const propagator = new CompositePropagator({
    propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
  });
  if (propagation.setGlobalPropagator(propagator)) undo.push(() => propagation.disable());
  if (trace.setGlobalTracerProvider(provider)) undo.push(() => trace.disable());
  return () => {
    for (const step of undo.reverse()) step();
  };
}

function idsOf(span: Span): SpanIds {
  const sc = span.spanContext();
  return { trace_id: sc.traceId, span_id: sc.spanId };
}

/** runner returns the `run` of an ActiveSpan: `fn` runs with `span`, a child of `parent`, active. */
function runner(span: Span, parent: Context): <T>(fn: () => T) => T {
  const ctx = trace.setSpan(parent, span);
  return (fn) => context.with(ctx, fn);
}

function setError(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** OtelTracer records the runtime's spans through an OpenTelemetry tracer. */
class OtelTracer implements RuntimeTracer {
  constructor(
    private readonly tracer: Tracer,
    private readonly oldHttpNames: boolean,
    private readonly stop: () => Promise<void>,
  ) {}

  startReconcile(info: ReconcileSpanInfo): ReconcileSpan {
    const attributes: Attributes = {
      [ATTR.controllerName]: info.controller,
      [ATTR.reconcileId]: info.reconcileID,
      [ATTR.k8sName]: info.name,
    };
    if (info.namespace !== '') attributes[ATTR.k8sNamespaceName] = info.namespace;
    if (info.kind !== undefined) {
      attributes[ATTR.k8sGroup] = info.kind.group;
      attributes[ATTR.k8sVersion] = info.kind.version;
      attributes[ATTR.k8sKind] = info.kind.kind;
    }
    // A reconcile is level-triggered: it acts on the latest state, not on the request that caused an
    // event, so it starts a trace of its own.
    const span = this.tracer.startSpan(
      `reconcile ${info.controller}`,
      { kind: SpanKind.INTERNAL, attributes, root: true },
      ROOT_CONTEXT,
    );
    return {
      ids: idsOf(span),
      run: runner(span, ROOT_CONTEXT),
      end: (outcome: ReconcileSpanOutcome) => {
        span.setAttribute(ATTR.reconcileResult, outcome.result);
        if (outcome.requeueAfterMs !== undefined) span.setAttribute(ATTR.reconcileRequeueAfter, outcome.requeueAfterMs);
        if (outcome.error !== undefined) {
          span.setAttribute(ATTR.errorType, errorTypeOf(outcome.error));
          if (outcome.terminal === true) span.setAttribute(ATTR.reconcileTerminal, true);
          setError(span, outcome.error);
        }
        span.end();
      },
    };
  }

  startClientCall(info: ClientCallInfo): ClientSpan | undefined {
    const parent = context.active();
    if (trace.getSpan(parent) === undefined) return undefined;
    const url = `${info.server.origin}${info.server.pathname.replace(/\/+$/, '')}${info.path}`;
    const port = info.server.port === '' ? (info.server.protocol === 'http:' ? 80 : 443) : Number(info.server.port);
    const attributes: Attributes = {
      [ATTR.httpRequestMethod]: info.method,
      [ATTR.urlFull]: url,
      [ATTR.serverAddress]: info.server.hostname.replace(/^\[|\]$/g, ''),
      [ATTR.serverPort]: port,
    };
    if (this.oldHttpNames) {
      attributes[OLD_HTTP.method] = info.method;
      attributes[OLD_HTTP.url] = url;
    }
    const target = info.target;
    if (target !== undefined) {
      attributes[ATTR.urlTemplate] = urlTemplate(target);
      attributes[ATTR.k8sVerb] = target.verb;
      attributes[ATTR.k8sResource] = target.resource;
      attributes[ATTR.k8sGroup] = target.group;
      attributes[ATTR.k8sVersion] = target.version;
      attributes[ATTR.k8sKind] = target.kind;
      if (target.subresource !== undefined) attributes[ATTR.k8sSubresource] = target.subresource;
      if (target.namespace !== undefined) attributes[ATTR.k8sNamespaceName] = target.namespace;
      if (target.name !== undefined) attributes[ATTR.k8sName] = target.name;
    }
    const span = this.tracer.startSpan(
      clientSpanName(info.method, target),
      { kind: SpanKind.CLIENT, attributes },
      parent,
    );
    const headers: Record<string, string> = {};
    propagation.inject(trace.setSpan(parent, span), headers);
    return {
      headers,
      end: (statusCode, error) => {
        if (statusCode !== undefined) {
          span.setAttribute(ATTR.httpResponseStatusCode, statusCode);
          if (this.oldHttpNames) span.setAttribute(OLD_HTTP.statusCode, statusCode);
        }
        if (error !== undefined) {
          span.setAttribute(ATTR.errorType, errorTypeOf(error));
          setError(span, error);
        } else if (statusCode !== undefined && statusCode >= 400) {
          // A client span fails from 400 up (semantic conventions), the 404 of a get included.
          span.setAttribute(ATTR.errorType, String(statusCode));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      },
    };
  }

  startServerRequest(info: ServerRequestInfo): ServerSpan {
    const parent = propagation.extract(ROOT_CONTEXT, info.headers);
    const attributes: Attributes = {
      [ATTR.httpRequestMethod]: info.method,
      [ATTR.urlPath]: info.path,
      [ATTR.urlScheme]: 'https',
    };
    if (info.route !== undefined) attributes[ATTR.httpRoute] = info.route;
    if (info.serverPort !== undefined) attributes[ATTR.serverPort] = info.serverPort;
    if (info.clientAddress !== undefined) attributes[ATTR.clientAddress] = info.clientAddress;
    if (info.httpVersion !== undefined) attributes[ATTR.networkProtocolVersion] = info.httpVersion;
    const agent = info.headers['user-agent'];
    if (typeof agent === 'string') attributes[ATTR.userAgentOriginal] = agent;
    if (this.oldHttpNames) {
      attributes[OLD_HTTP.method] = info.method;
      attributes[OLD_HTTP.target] = info.path;
      attributes[OLD_HTTP.scheme] = 'https';
      if (info.httpVersion !== undefined) attributes[OLD_HTTP.flavor] = info.httpVersion;
      if (typeof agent === 'string') attributes[OLD_HTTP.userAgent] = agent;
    }
    const name = info.route === undefined ? info.method : `${info.method} ${info.route}`;
    const span = this.tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
    return {
      ids: idsOf(span),
      run: runner(span, parent),
      describe: (body) => span.setAttributes(reviewAttributes(body)),
      end: (statusCode, error) => {
        span.setAttribute(ATTR.httpResponseStatusCode, statusCode);
        if (this.oldHttpNames) span.setAttribute(OLD_HTTP.statusCode, statusCode);
        // A server span fails from 500 up: a 4xx is the caller's mistake (semantic conventions).
        if (error !== undefined) {
          span.setAttribute(ATTR.errorType, errorTypeOf(error));
          setError(span, error);
        } else if (statusCode >= 500) {
          span.setAttribute(ATTR.errorType, String(statusCode));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      },
    };
  }

  untraced<T>(fn: () => T): T {
    return context.with(ROOT_CONTEXT, fn);
  }

  shutdown(): Promise<void> {
    return this.stop();
  }
}

/** reviewAttributes reads the object an AdmissionReview or ConversionReview is about. */
export function reviewAttributes(body: unknown): Attributes {
  const review = body as { kind?: unknown; request?: Record<string, unknown> } | null;
  const request = review?.request;
  if (request === undefined || request === null || typeof request !== 'object') return {};
  const attributes: Attributes = {};
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const put = (key: string, v: unknown): void => {
    const s = str(v);
    if (s !== undefined) attributes[key] = s;
  };
  put(ATTR.admissionUid, request.uid);
  if (review?.kind === 'AdmissionReview') {
    put(ATTR.admissionOperation, request.operation);
    const kind = request.kind as { group?: unknown; version?: unknown; kind?: unknown } | undefined;
    const resource = request.resource as { resource?: unknown } | undefined;
    if (kind !== undefined && kind !== null) {
      if (typeof kind.group === 'string') attributes[ATTR.k8sGroup] = kind.group;
      put(ATTR.k8sVersion, kind.version);
      put(ATTR.k8sKind, kind.kind);
    }
    put(ATTR.k8sResource, resource?.resource);
    put(ATTR.k8sSubresource, request.subResource);
    put(ATTR.k8sNamespaceName, request.namespace);
    put(ATTR.k8sName, request.name);
  } else if (review?.kind === 'ConversionReview') {
    put(ATTR.conversionDesiredVersion, request.desiredAPIVersion);
  }
  return attributes;
}
