import * as stable from '@opentelemetry/semantic-conventions';
import * as incubating from '@opentelemetry/semantic-conventions/incubating';
import { describe, expect, it } from 'vitest';
import { ATTR, clientSpanName, errorTypeOf, OLD_HTTP, urlTemplate } from './attributes.js';

describe('span attribute names', () => {
  it('are the semantic conventions’ names where a convention exists', () => {
    expect(ATTR.httpRequestMethod).toBe(stable.ATTR_HTTP_REQUEST_METHOD);
    expect(ATTR.httpResponseStatusCode).toBe(stable.ATTR_HTTP_RESPONSE_STATUS_CODE);
    expect(ATTR.httpRoute).toBe(stable.ATTR_HTTP_ROUTE);
    expect(ATTR.urlFull).toBe(stable.ATTR_URL_FULL);
    expect(ATTR.urlPath).toBe(stable.ATTR_URL_PATH);
    expect(ATTR.urlScheme).toBe(stable.ATTR_URL_SCHEME);
    expect(ATTR.serverAddress).toBe(stable.ATTR_SERVER_ADDRESS);
    expect(ATTR.serverPort).toBe(stable.ATTR_SERVER_PORT);
    expect(ATTR.clientAddress).toBe(stable.ATTR_CLIENT_ADDRESS);
    expect(ATTR.networkProtocolVersion).toBe(stable.ATTR_NETWORK_PROTOCOL_VERSION);
    expect(ATTR.userAgentOriginal).toBe(stable.ATTR_USER_AGENT_ORIGINAL);
    expect(ATTR.errorType).toBe(stable.ATTR_ERROR_TYPE);
    expect(ATTR.urlTemplate).toBe(incubating.ATTR_URL_TEMPLATE);
    expect(ATTR.k8sNamespaceName).toBe(incubating.ATTR_K8S_NAMESPACE_NAME);
  });

  it('emit the deprecated HTTP names under their old spelling', () => {
    expect(OLD_HTTP.method).toBe(incubating.ATTR_HTTP_METHOD);
    expect(OLD_HTTP.statusCode).toBe(incubating.ATTR_HTTP_STATUS_CODE);
    expect(OLD_HTTP.url).toBe(incubating.ATTR_HTTP_URL);
    expect(OLD_HTTP.target).toBe(incubating.ATTR_HTTP_TARGET);
    expect(OLD_HTTP.scheme).toBe(incubating.ATTR_HTTP_SCHEME);
    expect(OLD_HTTP.flavor).toBe(incubating.ATTR_HTTP_FLAVOR);
    expect(OLD_HTTP.userAgent).toBe(incubating.ATTR_HTTP_USER_AGENT);
  });

  it('keep the runtime’s own names out of the conventions’ way', () => {
    const values: unknown[] = Object.values({ ...stable, ...incubating });
    const conventional = new Set(values.filter((v): v is string => typeof v === 'string'));
    const own = [
      ATTR.k8sVerb,
      ATTR.k8sResource,
      ATTR.k8sSubresource,
      ATTR.k8sGroup,
      ATTR.k8sVersion,
      ATTR.k8sKind,
      ATTR.k8sName,
      ATTR.controllerName,
      ATTR.reconcileId,
      ATTR.reconcileResult,
      ATTR.reconcileRequeueAfter,
      ATTR.reconcileTerminal,
      ATTR.admissionOperation,
      ATTR.admissionUid,
      ATTR.conversionDesiredVersion,
    ];
    expect(own.filter((name) => conventional.has(name))).toEqual([]);
  });
});

describe('client span names', () => {
  const target = { verb: 'get', group: 'apps', version: 'v1', kind: 'Deployment', resource: 'deployments' };
  it('name the call by method and a path template without namespace and object names', () => {
    expect(urlTemplate({ ...target, namespace: 'ns', name: 'web', subresource: 'scale' })).toBe(
      '/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale',
    );
    expect(urlTemplate({ ...target, group: '', kind: 'Namespace', resource: 'namespaces', name: 'kube-system' })).toBe(
      '/api/v1/namespaces/{name}',
    );
    expect(clientSpanName('GET', { ...target, verb: 'list' })).toBe('GET /apis/apps/v1/deployments');
    expect(clientSpanName('POST', undefined)).toBe('POST');
  });

  it('type errors by class', () => {
    expect(errorTypeOf(new TypeError('x'))).toBe('TypeError');
    expect(errorTypeOf('boom')).toBe('_OTHER');
  });
});
