import { webcrypto } from 'node:crypto';
import { hostname } from 'node:os';
import { namedExports } from '../../cjs-interop.js';

/** SelfSignedCertificate is a PEM certificate and its PKCS#8 PEM private key. */
export interface SelfSignedCertificate {
  cert: string;
  key: string;
}

/**
 * generateSelfSignedCertificate creates an in-memory ECDSA P-256 certificate for `localhost`, the host
 * name and loopback addresses, valid for a year, like controller-runtime's metrics server does when no
 * certificate directory is given. Scrapers must skip verification (ServiceMonitor `insecureSkipVerify`).
 */
export async function generateSelfSignedCertificate(names: string[] = []): Promise<SelfSignedCertificate> {
  // Loaded on demand: most operators never generate a certificate, and the shim must come first.
  await import('./reflect-shim.js');
  const x509 = namedExports(await import('@peculiar/x509'), 'X509CertificateGenerator');
  const crypto = webcrypto;
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const dnsNames = [...new Set(['localhost', hostname(), ...names])];
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: Buffer.from(crypto.getRandomValues(new Uint8Array(16)))
        .toString('hex')
        .replace(/^[89a-f]/, '1'),
      name: `CN=${hostname()}`,
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 365 * 24 * 3600_000),
      signingAlgorithm: algorithm,
      keys: keys as never,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension([
          ...dnsNames.map((value) => ({ type: 'dns' as const, value })),
          { type: 'ip' as const, value: '127.0.0.1' },
          { type: 'ip' as const, value: '::1' },
        ]),
      ],
    },
    crypto,
  );
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  const key = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pkcs8)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
  return { cert: cert.toString('pem'), key };
}
