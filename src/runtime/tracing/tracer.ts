// The runtime's side of tracing. This module is loaded by every operator, so it imports no OpenTelemetry
// code: while tracing is off, activeTracer() is undefined and each hook below costs one comparison. The
// OpenTelemetry SDK behind the interface is imported (otel.ts) only when tracing starts.

/** SpanIds are the W3C ids of a span as lower-case hex, under the keys log records carry them. */
export interface SpanIds {
  /** 32 hex digits. */
  trace_id: string;
  /** 16 hex digits. */
  span_id: string;
}

/** GroupVersionKind names a kind. */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** ReconcileSpanInfo describes a reconcile about to run. */
export interface ReconcileSpanInfo {
  controller: string;
  /** The kind the controller reconciles (its `For`), when it has one. */
  kind?: GroupVersionKind | undefined;
  namespace: string;
  name: string;
  reconcileID: string;
}

/** ReconcileSpanOutcome is how a reconcile ended: the `result` label of `controller_runtime_reconcile_total`. */
export interface ReconcileSpanOutcome {
  result: 'success' | 'error' | 'requeue' | 'requeue_after';
  /** Milliseconds of `Result.requeueAfter`, when the result asked for a requeue. */
  requeueAfterMs?: number | undefined;
  error?: Error | undefined;
  /** The error was a TerminalError: not retried. */
  terminal?: boolean | undefined;
  /** The reconciler threw synchronously or threw a non-Error. */
  panic?: boolean | undefined;
}

/** ActiveSpan is a span that code can run inside, so that the spans started there become its children. */
export interface ActiveSpan {
  readonly ids: SpanIds;
  /** ActiveSpan.run calls `fn` with this span as the active span of everything `fn` starts. */
  run<T>(fn: () => T): T;
}

/** ReconcileSpan is the span of one reconcile. */
export interface ReconcileSpan extends ActiveSpan {
  /** ReconcileSpan.end records the outcome (status ERROR on failure) and ends the span. */
  end(outcome: ReconcileSpanOutcome): void;
}

/** ApiTarget is what an API call addresses, as the REST client knows it. */
export interface ApiTarget {
  /** Kubernetes verb: get, list, watch, create, update, patch, delete. */
  verb: string;
  group: string;
  version: string;
  kind: string;
  /** Plural resource name, such as `deployments`. */
  resource: string;
  subresource?: string | undefined;
  /** Namespace in the path; absent for cluster-scoped kinds and all-namespace lists and watches. */
  namespace?: string | undefined;
  /** Object name in the path; absent for collections. */
  name?: string | undefined;
}

/** ClientCallInfo describes one HTTP call to the API server. */
export interface ClientCallInfo {
  method: string;
  /** The URL of the server (scheme, host, port and path prefix of the cluster). */
  server: URL;
  /** Path and query below the server URL. */
  path: string;
  target?: ApiTarget | undefined;
}

/** ClientSpan is the span of one API call; its headers carry the W3C trace context to the API server. */
export interface ClientSpan {
  /** `traceparent` (and `tracestate`, `baggage` when set) to send with the request. */
  readonly headers: Record<string, string>;
  /** ClientSpan.end records the response status and the error the call failed with, if any, and ends the span. */
  end(statusCode: number | undefined, error?: unknown): void;
}

/** ServerRequestInfo describes one request the webhook server received. */
export interface ServerRequestInfo {
  method: string;
  /** Path without the query, the route the handler is registered at when `route` is set. */
  path: string;
  /** The registered path that matched, if any. */
  route?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  serverPort?: number | undefined;
  clientAddress?: string | undefined;
  /** `1.1` or `2`. */
  httpVersion?: string | undefined;
}

/** ServerSpan is the span of one webhook request, continuing the caller's trace when it sent one. */
export interface ServerSpan extends ActiveSpan {
  /** ServerSpan.describe adds what a decoded AdmissionReview or ConversionReview says about the object. */
  describe(body: unknown): void;
  /** ServerSpan.end records the response status (status ERROR from 500 up, or on `error`) and ends the span. */
  end(statusCode: number, error?: unknown): void;
}

/** RuntimeTracer is what the runtime records spans through; see {@link activeTracer}. */
export interface RuntimeTracer {
  /** RuntimeTracer.startReconcile starts the span of a reconcile, a root span (it continues no trace). */
  startReconcile(info: ReconcileSpanInfo): ReconcileSpan;
  /**
   * RuntimeTracer.startClientCall starts the span of an API call made while a span is active (inside a
   * reconcile or a webhook), and returns undefined otherwise: informer lists and watches, leader election
   * renewals and other background calls would each be a trace of one span every few seconds.
   */
  startClientCall(info: ClientCallInfo): ClientSpan | undefined;
  /** RuntimeTracer.startServerRequest starts a server span, the child of an incoming `traceparent` if any. */
  startServerRequest(info: ServerRequestInfo): ServerSpan;
  /** RuntimeTracer.untraced runs `fn` with no active span, so that long-lived work it starts joins no trace. */
  untraced<T>(fn: () => T): T;
  /** RuntimeTracer.shutdown exports the spans still buffered and stops; spans started afterwards are dropped. */
  shutdown(): Promise<void>;
}

/**
 * tracingRequested tells whether the manager option or the environment may turn tracing on, the test the
 * manager makes before loading anything of tracing: `true` or options (other than `enabled: false`) in code,
 * or an OTLP endpoint or `OTEL_TRACES_EXPORTER` in the environment. The full reading of both (what turns it
 * off again, the warnings) is resolveTracing's, loaded only past this test.
 */
export function tracingRequested(
  option: boolean | { enabled?: boolean | undefined } | undefined,
  env: Record<string, string | undefined> = process.env,
): boolean {
  if (option === false || (typeof option === 'object' && option.enabled === false)) return false;
  if (option !== undefined) return option === true || typeof option === 'object';
  const given = (key: string): boolean => (env[key]?.trim() ?? '') !== '';
  return (
    given('OTEL_EXPORTER_OTLP_ENDPOINT') || given('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') || given('OTEL_TRACES_EXPORTER')
  );
}

let active: RuntimeTracer | undefined;

/** activeTracer returns the tracer spans are recorded through, or undefined while tracing is off. */
export function activeTracer(): RuntimeTracer | undefined {
  return active;
}

/**
 * setActiveTracer makes `tracer` the one the runtime records through (undefined turns tracing off). The
 * manager that started tracing sets it, and clears it when it stops.
 */
export function setActiveTracer(tracer: RuntimeTracer | undefined): void {
  active = tracer;
}

/**
 * untraced runs `fn` outside any span. Work that outlives the code starting it, such as an informer
 * started from inside a reconcile, would otherwise record its calls into that reconcile's trace forever.
 */
export function untraced<T>(fn: () => T): T {
  return active === undefined ? fn() : active.untraced(fn);
}
