import type { ApiTarget } from './tracer.js';

/**
 * Attribute names of the runtime's spans. HTTP attributes are those of the stable OpenTelemetry HTTP
 * semantic conventions (1.23 and later); `url.template` and `k8s.namespace.name` are incubating ones, kept
 * here rather than imported because the semantic-conventions package asks users not to depend on its
 * incubating entry point. Kubernetes API and reconcile attributes have no semantic convention yet: they
 * use the `k8s.` namespace the conventions give Kubernetes, and the words of the API server's audit log
 * (verb, resource, subresource). attributes.test.ts checks the conventional names against the package.
 */
export const ATTR = {
  httpRequestMethod: 'http.request.method',
  httpResponseStatusCode: 'http.response.status_code',
  httpRoute: 'http.route',
  urlFull: 'url.full',
  urlPath: 'url.path',
  urlScheme: 'url.scheme',
  urlTemplate: 'url.template',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  clientAddress: 'client.address',
  networkProtocolVersion: 'network.protocol.version',
  userAgentOriginal: 'user_agent.original',
  errorType: 'error.type',
  k8sNamespaceName: 'k8s.namespace.name',
  // Kubernetes API calls and objects: no convention exists.
  k8sVerb: 'k8s.verb',
  k8sResource: 'k8s.resource',
  k8sSubresource: 'k8s.subresource',
  k8sGroup: 'k8s.object.group',
  k8sVersion: 'k8s.object.version',
  k8sKind: 'k8s.object.kind',
  k8sName: 'k8s.object.name',
  // Reconciles (the keys controller-runtime logs and labels metrics with).
  controllerName: 'k8s.controller.name',
  reconcileId: 'k8s.reconcile.id',
  reconcileResult: 'k8s.reconcile.result',
  reconcileRequeueAfter: 'k8s.reconcile.requeue_after_ms',
  reconcileTerminal: 'k8s.reconcile.terminal',
  // Admission and conversion webhooks.
  admissionOperation: 'k8s.admission.operation',
  admissionUid: 'k8s.admission.uid',
  conversionDesiredVersion: 'k8s.conversion.desired_api_version',
} as const;

/**
 * OLD_HTTP names the attributes of the HTTP conventions before 1.23, which Envoy (and so Istio's
 * sidecars and gateways) still writes on its spans; emitted beside the stable ones with
 * `OTEL_SEMCONV_STABILITY_OPT_IN=http/dup`, the opt-in OpenTelemetry instrumentations use.
 */
export const OLD_HTTP = {
  method: 'http.method',
  statusCode: 'http.status_code',
  url: 'http.url',
  target: 'http.target',
  scheme: 'http.scheme',
  flavor: 'http.flavor',
  userAgent: 'http.user_agent',
} as const;

/**
 * urlTemplate is the path of an API call with the namespace and object name as `{namespace}` and
 * `{name}`: low-cardinality, as HTTP client span names must be.
 */
export function urlTemplate(target: ApiTarget): string {
  const base = target.group === '' ? `/api/${target.version}` : `/apis/${target.group}/${target.version}`;
  const ns = target.namespace === undefined ? '' : '/namespaces/{namespace}';
  const name = target.name === undefined ? '' : '/{name}';
  const sub = target.subresource === undefined ? '' : `/${target.subresource}`;
  return `${base}${ns}/${target.resource}${name}${sub}`;
}

/**
 * clientSpanName is `{method} {url.template}`, the HTTP semantic conventions' client span name, or the
 * method alone when the call's target is not known.
 */
export function clientSpanName(method: string, target: ApiTarget | undefined): string {
  return target === undefined ? method : `${method} ${urlTemplate(target)}`;
}

/** errorTypeOf is `error.type`: the error's class name (its `name`), or `_OTHER`. */
export function errorTypeOf(error: unknown): string {
  if (error instanceof Error) return error.name === '' ? error.constructor.name : error.name;
  return '_OTHER';
}
