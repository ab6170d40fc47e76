import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { kubeConfigFromRestConfig, kubeconfigDocument, kubeconfigText } from './kubeconfig.js';

const config = { host: 'https://127.0.0.1:1234', caData: 'CA PEM\n', certData: 'CERT PEM\n', keyData: 'KEY PEM\n' };
const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('kubeconfig', () => {
  it('names cluster, user and context envtest and embeds base64 data', () => {
    expect(kubeconfigDocument(config)).toEqual({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'envtest', cluster: { server: config.host, 'certificate-authority-data': b64('CA PEM\n') } }],
      users: [
        {
          name: 'envtest',
          user: { 'client-certificate-data': b64('CERT PEM\n'), 'client-key-data': b64('KEY PEM\n') },
        },
      ],
      contexts: [{ name: 'envtest', context: { cluster: 'envtest', user: 'envtest' } }],
      'current-context': 'envtest',
      preferences: {},
    });
  });

  it('builds a KubeConfig equal to the file a client would load', () => {
    const kc = kubeConfigFromRestConfig(config);
    const loaded = new KubeConfig();
    loaded.loadFromString(kubeconfigText(config));
    for (const k of [kc, loaded]) {
      expect(k.getCurrentContext()).toBe('envtest');
      expect(k.getCurrentCluster()).toMatchObject({
        name: 'envtest',
        server: config.host,
        caData: b64('CA PEM\n'),
        skipTLSVerify: false,
      });
      expect(k.getCurrentUser()).toMatchObject({
        name: 'envtest',
        certData: b64('CERT PEM\n'),
        keyData: b64('KEY PEM\n'),
      });
    }
  });
});
