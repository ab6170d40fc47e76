import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certificateFacts, issueCA, issueServingCert, signedBy } from './issue.js';

const HOUR = 3600_000;

describe('webhook certificate issuing', () => {
  it('issues a CA and a serving certificate it signed, for DNS names and IP addresses', async () => {
    const now = Date.now();
    const ca = await issueCA('webhook-service-ca', now, 10 * HOUR);
    const serving = await issueServingCert(ca, ['webhook-service.system.svc', '127.0.0.1'], now, 2 * HOUR);
    expect(signedBy(serving.certPem, ca.certPem)).toBe(true);
    expect(new X509Certificate(ca.certPem).ca).toBe(true);
    const facts = certificateFacts(serving.certPem);
    expect(facts?.hosts).toEqual(['webhook-service.system.svc', '127.0.0.1']);
    expect(facts?.notAfter).toBeGreaterThan(now + 2 * HOUR - 2000);
    expect(facts?.notAfter).toBeLessThan(now + 2 * HOUR + 2000);
    expect(
      new X509Certificate(serving.certPem).checkPrivateKey(
        (await import('node:crypto')).createPrivateKey(serving.keyPem),
      ),
    ).toBe(true);
  });

  it('never issues a serving certificate that outlives its CA', async () => {
    const now = Date.now();
    const ca = await issueCA('short-ca', now, HOUR);
    const serving = await issueServingCert(ca, ['a.b.svc'], now, 10 * HOUR);
    expect(certificateFacts(serving.certPem)?.notAfter).toBe(certificateFacts(ca.certPem)?.notAfter);
  });

  it('tells certificates of another CA, and text that is no certificate, apart', async () => {
    const now = Date.now();
    const ca = await issueCA('one', now, HOUR);
    const other = await issueCA('two', now, HOUR);
    const serving = await issueServingCert(ca, ['a.b.svc'], now, HOUR);
    expect(signedBy(serving.certPem, other.certPem)).toBe(false);
    expect(signedBy('garbage', ca.certPem)).toBe(false);
    expect(certificateFacts('garbage')).toBeUndefined();
  });
});
