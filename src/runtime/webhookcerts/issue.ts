import { webcrypto, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { namedExports } from '../cjs-interop.js';

/** PemPair is a PEM certificate and its PKCS#8 PEM private key. */
export interface PemPair {
  certPem: string;
  keyPem: string;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
// A little slack before "now" tolerates clocks of API servers and replicas that run behind.
const NOT_BEFORE_SKEW_MS = 60 * 60 * 1000;

async function x509Module(): Promise<typeof import('@peculiar/x509')> {
  // Loaded on demand (most operators never issue a certificate), after the Reflect shim it needs.
  await import('../metrics/server/reflect-shim.js');
  return namedExports(await import('@peculiar/x509'), 'X509CertificateGenerator');
}

function serial(): string {
  // Positive, 16 random bytes (RFC 5280 allows up to 20 octets).
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
    .toString('hex')
    .replace(/^[89a-f]/, '1');
}

async function keyPem(key: webcrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key)).toString('base64');
  return `-----BEGIN PRIVATE KEY-----\n${der.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
}

/** issueCA creates a self-signed ECDSA P-256 certificate authority valid from `now` for `validityMs`. */
export async function issueCA(commonName: string, now: number, validityMs: number): Promise<PemPair> {
  const x509 = await x509Module();
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serial(),
      name: `CN=${commonName}`,
      notBefore: new Date(now - NOT_BEFORE_SKEW_MS),
      notAfter: new Date(now + validityMs),
      signingAlgorithm: ALGORITHM,
      keys: keys as never,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    },
    webcrypto,
  );
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey) };
}

/** issueServingCert issues a TLS server certificate for `hosts` (DNS names and IP addresses), signed by `ca`. */
export async function issueServingCert(
  ca: PemPair,
  hosts: readonly string[],
  now: number,
  validityMs: number,
): Promise<PemPair> {
  const x509 = await x509Module();
  const caCert = new x509.X509Certificate(ca.certPem);
  const der = Buffer.from(ca.keyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  const caKey = await webcrypto.subtle.importKey('pkcs8', der, ALGORITHM, false, ['sign']);
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serial(),
      subject: `CN=${hosts[0] ?? 'webhook'}`,
      issuer: caCert.subject,
      notBefore: new Date(now - NOT_BEFORE_SKEW_MS),
      notAfter: new Date(Math.min(now + validityMs, caCert.notAfter.getTime())),
      signingAlgorithm: ALGORITHM,
      publicKey: keys.publicKey as never,
      signingKey: caKey as never,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(
          hosts.map((value) => ({ type: isIP(value) === 0 ? ('dns' as const) : ('ip' as const), value })),
        ),
        await x509.AuthorityKeyIdentifierExtension.create(caCert, false, webcrypto),
      ],
    },
    webcrypto,
  );
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey) };
}

/** CertificateFacts are what rotation decisions need from a PEM certificate. */
export interface CertificateFacts {
  notBefore: number;
  notAfter: number;
  /** DNS names and IP addresses of the subject alternative names. */
  hosts: string[];
}

/** certificateFacts reads validity and names of the first certificate of a PEM text; undefined when it does not parse. */
export function certificateFacts(pem: string): CertificateFacts | undefined {
  try {
    const cert = new X509Certificate(pem);
    const hosts = (cert.subjectAltName ?? '')
      .split(',')
      .map((s) => s.trim())
      .flatMap((s) => (s.startsWith('DNS:') ? [s.slice(4)] : s.startsWith('IP Address:') ? [s.slice(11)] : []));
    return { notBefore: Date.parse(cert.validFrom), notAfter: Date.parse(cert.validTo), hosts };
  } catch {
    return undefined;
  }
}

/** signedBy tells whether `certPem` was issued and signed by the CA certificate `caPem`. */
export function signedBy(certPem: string, caPem: string): boolean {
  try {
    const cert = new X509Certificate(certPem);
    const ca = new X509Certificate(caPem);
    return cert.checkIssued(ca) && cert.verify(ca.publicKey);
  } catch {
    return false;
  }
}
