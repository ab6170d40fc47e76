import { describe, expect, it } from 'vitest';
import { prepareCRD, selectCRDs, type CustomResourceDefinitionObject } from './crd-install.js';

const crd = (name: string, extra: Record<string, unknown> = {}): CustomResourceDefinitionObject => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    versions: [{ name: 'v1', served: true }],
    ...extra,
  },
});
const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('selectCRDs', () => {
  it('keeps CRDs with group and kind, last one of a name winning', () => {
    const first = crd('widgets.example.com');
    const second = crd('widgets.example.com', { scope: 'Cluster' });
    const picked = selectCRDs([
      { object: first, source: 'a' },
      { object: { kind: 'ConfigMap' }, source: 'b' },
      { object: { kind: 'CustomResourceDefinition', spec: { group: 'g' } }, source: 'c' },
      { object: second, source: 'd' },
    ]);
    expect(picked).toEqual([second]);
  });

  it('rejects apiextensions.k8s.io/v1beta1 naming the source', () => {
    const old = { ...crd('a.example.com'), apiVersion: 'apiextensions.k8s.io/v1beta1' };
    expect(() => selectCRDs([{ object: old, source: 'old.yaml' }])).toThrow(
      'old.yaml: CustomResourceDefinition a.example.com is apiextensions.k8s.io/v1beta1',
    );
  });
});

describe('prepareCRD', () => {
  const webhookCrd = crd('widgets.example.com', {
    conversion: {
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1', 'v1beta1'],
        clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: '/convert' } },
      },
    },
  });

  it('points webhook conversion at the local webhook server with its CA', () => {
    const out = prepareCRD(webhookCrd, { host: '127.0.0.1', port: 9443, caPem: 'CA' });
    expect(out.spec?.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1', 'v1beta1'],
        clientConfig: { url: 'https://127.0.0.1:9443/convert', caBundle: b64('CA') },
      },
    });
    expect(webhookCrd.spec?.conversion?.webhook?.clientConfig).toHaveProperty('service'); // input untouched
  });

  it('drops webhook conversion without webhook options, and leaves other CRDs alone', () => {
    expect(prepareCRD(webhookCrd).spec?.conversion).toEqual({ strategy: 'None' });
    expect(prepareCRD(crd('x.example.com'))).toEqual(crd('x.example.com'));
  });
});
