import type { FSWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createSecureContext } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { Logger } from '../log/logger.js';
import { nodeFs } from '../node-cjs.js';

/** CertificatePair is a PEM certificate chain and its private key, and the CA bundle when one is watched too. */
export interface CertificatePair {
  cert: Buffer;
  key: Buffer;
  /** PEM CA bundle read from `caPath` (the CAs a server verifies client certificates against). */
  ca?: Buffer;
}

/** CertWatcherOptions configures a {@link CertWatcher}. */
export interface CertWatcherOptions {
  certPath: string;
  keyPath: string;
  /** A PEM CA bundle watched with the pair (a server's client CA); it rotates independently of the pair. */
  caPath?: string;
  logger: Logger;
  /** Called with every new valid pair after the first. */
  onChange: (pair: CertificatePair) => void;
  /** Stat polling interval, the fallback where fs.watch misses changes (network file systems); default 10 s. */
  pollIntervalMs?: number;
}

/**
 * CertWatcher reads a certificate and key from files and reloads them when they change, like
 * controller-runtime's certwatcher: fs.watch on the directory (kubelet swaps secret volumes through a
 * `..data` symlink, so the files themselves are replaced, not written) plus stat polling. A pair that does
 * not load (half-written, mismatched key) is logged and the previous one kept.
 */
export class CertWatcher {
  private current: CertificatePair | undefined;
  private fingerprint = '';
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;

  constructor(private readonly options: CertWatcherOptions) {}

  /** CertWatcher.load reads the pair for the first time; it throws when the files are missing or invalid. */
  async load(): Promise<CertificatePair> {
    const pair = await this.read();
    checkPair(pair);
    this.current = pair;
    this.fingerprint = await this.stamp();
    return pair;
  }

  /** CertWatcher.watch starts watching for changes until stop is called. */
  watch(): void {
    const dirs = new Set(this.paths().map((p) => dirname(p)));
    for (const dir of dirs) {
      try {
        const w = nodeFs.watch(dir, { persistent: false }, () => void this.reload());
        w.on('error', (err) =>
          this.options.logger.debug({ dir, err }, 'certificate directory watch failed; polling only'),
        );
        this.watchers.push(w);
      } catch (err) {
        this.options.logger.debug({ dir, err }, 'certificate directory watch failed; polling only');
      }
    }
    this.timer = setInterval(() => void this.reload(), this.options.pollIntervalMs ?? 10_000);
    this.timer.unref();
  }

  /** CertWatcher.stop stops watching. */
  stop(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** CertWatcher.reload re-reads the files when their size or modification time changed. */
  reload(): Promise<void> {
    this.reloading ??= this.doReload().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  private async doReload(): Promise<void> {
    let stamp: string;
    let pair: CertificatePair;
    try {
      stamp = await this.stamp();
      if (stamp === this.fingerprint) return;
      pair = await this.read();
      checkPair(pair);
    } catch (err) {
      this.options.logger.warn(
        { certPath: this.options.certPath, err },
        'failed to reload webhook certificate; keeping the previous one',
      );
      return;
    }
    this.fingerprint = stamp;
    if (this.current !== undefined && samePair(this.current, pair)) return;
    this.current = pair;
    this.options.logger.info({ certPath: this.options.certPath }, 'webhook certificate reloaded');
    this.options.onChange(pair);
  }

  private paths(): string[] {
    return [
      this.options.certPath,
      this.options.keyPath,
      ...(this.options.caPath === undefined ? [] : [this.options.caPath]),
    ];
  }

  private async read(): Promise<CertificatePair> {
    const [cert, key, ca] = await Promise.all(this.paths().map((p) => readFile(p)));
    if (cert === undefined || key === undefined) throw new Error('certificate or key not read');
    return ca === undefined ? { cert, key } : { cert, key, ca };
  }

  private async stamp(): Promise<string> {
    const stats = await Promise.all(this.paths().map((p) => stat(p)));
    return stats.map((s) => `${s.ino}:${s.size}:${s.mtimeMs}`).join('/');
  }
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * checkPair throws when the key does not match the certificate, or the CA bundle holds no certificate
 * or one that does not parse: node:tls silently ignores such a bundle, and then trusts no client at all.
 */
function checkPair(pair: CertificatePair): void {
  createSecureContext(pair);
  if (pair.ca === undefined) return;
  const blocks = pair.ca.toString('utf8').match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new Error('the CA bundle holds no PEM certificate');
  for (const block of blocks) new X509Certificate(block);
}

function samePair(a: CertificatePair, b: CertificatePair): boolean {
  const sameCa = a.ca === undefined || b.ca === undefined ? a.ca === b.ca : a.ca.equals(b.ca);
  return sameCa && a.cert.equals(b.cert) && a.key.equals(b.key);
}
