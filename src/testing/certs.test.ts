import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TinyCA } from './certs.js';

describe('TinyCA', () => {
  it('makes a CA certificate with CA basic constraints and the envtest subject', async () => {
    const ca = await TinyCA.create();
    const cert = new X509Certificate(ca.certPem);
    expect(cert.ca).toBe(true);
    expect(cert.subject).toBe('CN=envtest-environment\nO=envtest');
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(ca.pair.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(createPrivateKey(ca.pair.keyPem).asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('issues serving certificates with DNS and IP SANs, signed by the CA', async () => {
    const ca = await TinyCA.create();
    const pair = await ca.issueServingCert({ hosts: ['localhost', '127.0.0.1', '::1'] });
    const cert = new X509Certificate(pair.certPem);
    const caCert = new X509Certificate(ca.certPem);
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(cert.subject).toBe('CN=localhost');
    expect(cert.ca).toBe(false);
    expect(cert.checkIssued(caCert)).toBe(true);
    expect(cert.verify(caCert.publicKey)).toBe(true);
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(cert.checkPrivateKey(createPrivateKey(pair.keyPem))).toBe(true);
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkHost('localhost')).toBe('localhost');
  });

  it('issues client certificates naming the user in CN and groups in O, with a positive serial', async () => {
    const ca = await TinyCA.create();
    const pair = await ca.issueClientCert({ name: 'admin', groups: ['system:masters', 'a, b'] });
    const cert = new X509Certificate(pair.certPem);
    expect(cert.subject.split('\n')).toEqual(['CN=admin', 'O=system:masters', 'O=a\\, b']);
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
    expect(Number.parseInt(cert.serialNumber.slice(0, 2), 16)).toBeLessThan(0x80);
    expect(cert.verify(new X509Certificate(ca.certPem).publicKey)).toBe(true);
  });

  it('gives every CA its own key', async () => {
    const [a, b] = await Promise.all([TinyCA.create(), TinyCA.create()]);
    const other = await b.issueClientCert({ name: 'x' });
    expect(new X509Certificate(other.certPem).verify(new X509Certificate(a.certPem).publicKey)).toBe(false);
  });
});
