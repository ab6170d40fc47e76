import { webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
// @peculiar/x509 needs Reflect metadata functions before it loads; the runtime's shim provides them.
import '../runtime/metrics/server/reflect-shim.js';
import * as x509 from '@peculiar/x509';

/** CertKeyPair is a PEM certificate with its PKCS#8 PEM private key. */
export interface CertKeyPair {
  /** Certificate, PEM (`-----BEGIN CERTIFICATE-----`). */
  certPem: string;
  /** Private key, PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`). */
  keyPem: string;
}

/** ServingCertOptions name the hosts a serving certificate is valid for. */
export interface ServingCertOptions {
  /** DNS names and IP addresses, all put into the subjectAltName extension. */
  hosts: string[];
  /** Subject common name; default the first host. */
  commonName?: string;
}

/** ClientCertOptions describe the Kubernetes user a client certificate authenticates as. */
export interface ClientCertOptions {
  /** User name, becomes the subject CN. */
  name: string;
  /** Groups, each becomes a subject O. */
  groups?: string[];
}

const EC_KEY: webcrypto.EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING: webcrypto.EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };
// A little slack before "now" tolerates clock differences between the test and the child processes.
const NOT_BEFORE_SKEW_MS = 60 * 60 * 1000;
const VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

const crypto = webcrypto;
// @peculiar/x509 types its provider with the DOM's Crypto; Node's webcrypto is that implementation.
x509.cryptoProvider.set(crypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/**
 * TinyCA is a throw-away certificate authority like controller-runtime envtest's: an ECDSA P-256 key,
 * a self-signed CA certificate valid for a week, and helpers to issue serving and client certificates.
 */
export class TinyCA {
  private readonly keys: webcrypto.CryptoKeyPair;
  private readonly cert: x509.X509Certificate;
  /** TinyCA.pair is the CA certificate and key as PEM (for files such as sa-signer.crt / sa-signer.key). */
  readonly pair: CertKeyPair;

  private constructor(keys: webcrypto.CryptoKeyPair, cert: x509.X509Certificate, pair: CertKeyPair) {
    this.keys = keys;
    this.cert = cert;
    this.pair = pair;
  }

  /** TinyCA.create makes a new CA whose subject is `CN=<commonName>, O=envtest`. */
  static async create(commonName = 'envtest-environment'): Promise<TinyCA> {
    const keys = await generateKeys();
    const now = Date.now();
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: randomSerial(),
      name: [{ CN: [commonName] }, { O: ['envtest'] }],
      notBefore: new Date(now - NOT_BEFORE_SKEW_MS),
      notAfter: new Date(now + VALIDITY_MS),
      keys,
      signingAlgorithm: SIGNING,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return new TinyCA(keys, cert, { certPem: cert.toString('pem'), keyPem: await keyToPem(keys.privateKey) });
  }

  /** TinyCA.certPem is the CA certificate (the bundle clients trust). */
  get certPem(): string {
    return this.pair.certPem;
  }

  /** TinyCA.issueServingCert issues a serverAuth certificate for the given DNS names and IP addresses. */
  async issueServingCert(options: ServingCertOptions): Promise<CertKeyPair> {
    const hosts = [...new Set(options.hosts)];
    const names = hosts.map((h) =>
      isIP(h) !== 0 ? { type: 'ip' as const, value: h } : { type: 'dns' as const, value: h },
    );
    return this.issue([{ CN: [options.commonName ?? hosts[0] ?? 'localhost'] }], x509.ExtendedKeyUsage.serverAuth, [
      new x509.SubjectAlternativeNameExtension(names, false),
    ]);
  }

  /** TinyCA.issueClientCert issues a clientAuth certificate `CN=<name>, O=<group>...` as Kubernetes reads users. */
  async issueClientCert(options: ClientCertOptions): Promise<CertKeyPair> {
    const subject: x509.JsonName = [{ CN: [options.name] }, ...(options.groups ?? []).map((g) => ({ O: [g] }))];
    return this.issue(subject, x509.ExtendedKeyUsage.clientAuth, []);
  }

  private async issue(
    subject: x509.JsonName,
    usage: x509.ExtendedKeyUsage,
    extra: x509.Extension[],
  ): Promise<CertKeyPair> {
    const keys = await generateKeys();
    const now = Date.now();
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject,
      issuer: this.cert.subjectName,
      notBefore: new Date(now - NOT_BEFORE_SKEW_MS),
      notAfter: new Date(now + VALIDITY_MS),
      publicKey: keys.publicKey,
      signingKey: this.keys.privateKey,
      signingAlgorithm: SIGNING,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        new x509.ExtendedKeyUsageExtension([usage], false),
        await x509.AuthorityKeyIdentifierExtension.create(this.keys.publicKey),
        ...extra,
      ],
    });
    return { certPem: cert.toString('pem'), keyPem: await keyToPem(keys.privateKey) };
  }
}

async function generateKeys(): Promise<webcrypto.CryptoKeyPair> {
  return await crypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']);
}

async function keyToPem(key: webcrypto.CryptoKey): Promise<string> {
  const der = await crypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY') + '\n';
}

// Go rejects negative serial numbers, so the top bit of the first byte stays clear.
function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01;
  return Buffer.from(bytes).toString('hex');
}
