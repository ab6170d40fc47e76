import type { FSWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createSecureContext } from 'node:tls';
import type { Logger } from '../log/logger.js';
import { nodeFs } from '../node-cjs.js';

/** CertificatePair is a PEM certificate chain and its private key. */
export interface CertificatePair {
  cert: Buffer;
  key: Buffer;
}

/** CertWatcherOptions configures a {@link CertWatcher}. */
export interface CertWatcherOptions {
  certPath: string;
  keyPath: string;
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
    createSecureContext(pair);
    this.current = pair;
    this.fingerprint = await this.stamp();
    return pair;
  }

  /** CertWatcher.watch starts watching for changes until stop is called. */
  watch(): void {
    const dirs = new Set([dirname(this.options.certPath), dirname(this.options.keyPath)]);
    for (const dir of dirs) {
      try {
        const w = nodeFs.watch(dir, { persistent: false }, () => void this.reload());
        w.on('error', (err) => this.options.logger.debug({ dir, err }, 'certificate directory watch failed; polling only'));
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
      createSecureContext(pair);
    } catch (err) {
      this.options.logger.warn({ certPath: this.options.certPath, err }, 'failed to reload webhook certificate; keeping the previous one');
      return;
    }
    this.fingerprint = stamp;
    if (this.current !== undefined && this.current.cert.equals(pair.cert) && this.current.key.equals(pair.key)) return;
    this.current = pair;
    this.options.logger.info({ certPath: this.options.certPath }, 'webhook certificate reloaded');
    this.options.onChange(pair);
  }

  private async read(): Promise<CertificatePair> {
    const [cert, key] = await Promise.all([readFile(this.options.certPath), readFile(this.options.keyPath)]);
    return { cert, key };
  }

  private async stamp(): Promise<string> {
    const [c, k] = await Promise.all([stat(this.options.certPath), stat(this.options.keyPath)]);
    return `${c.ino}:${c.size}:${c.mtimeMs}/${k.ino}:${k.size}:${k.mtimeMs}`;
  }
}

