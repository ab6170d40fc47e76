import { describe, expect, it } from 'vitest';
import { rewriteWebhookConfiguration, selectWebhookConfigurations } from './webhook-install.js';

const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('rewriteWebhookConfiguration', () => {
  it('turns service references and URLs into URLs of the local server with its CA bundle', () => {
    const config = {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: 'mutating-webhook-configuration' },
      webhooks: [
        {
          name: 'a',
          clientConfig: {
            service: { name: 'webhook-service', namespace: 'system', path: '/mutate-example-com-v1-widget' },
          },
          sideEffects: 'None',
        },
        { name: 'b', clientConfig: { url: 'https://elsewhere:443/validate-x?q=1' } },
        { name: 'c', clientConfig: { service: { name: 's', namespace: 'n' } } },
      ],
    };
    const out = rewriteWebhookConfiguration(config, { host: '::1', port: 1234, caPem: 'CA' });
    expect(out.webhooks?.map((w) => w.clientConfig)).toEqual([
      { url: 'https://[::1]:1234/mutate-example-com-v1-widget', caBundle: b64('CA') },
      { url: 'https://[::1]:1234/validate-x', caBundle: b64('CA') },
      { url: 'https://[::1]:1234', caBundle: b64('CA') },
    ]);
    expect(out.webhooks?.[0]?.sideEffects).toBe('None');
    expect(
      selectWebhookConfigurations([
        { object: config, source: 's' },
        { object: { kind: 'Service' }, source: 't' },
      ]),
    ).toEqual([config]);
  });
});
