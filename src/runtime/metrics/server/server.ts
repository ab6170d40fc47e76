import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { RestClient } from '../../rest/rest-client.js';
import type { Logger } from '../../log/logger.js';
import { nodeHttp as http } from '../../node-cjs.js';
import type { BindAddress } from '../../bind-address.js';
import type { Runnable } from '../../runnable.js';
import { CertWatcher } from '../../certwatcher/cert-watcher.js';
import { registry as defaultRegistry } from '../registry.js';
import { authorizeScrape } from './auth.js';
import { generateSelfSignedCertificate } from './self-signed-cert.js';
import { PROFILING_PATH_PREFIX, ProfilingEndpoints, type ProfilingOptions } from './profiling.js';

/** MetricsServerOptions configures a {@link MetricsServer}. */
export interface MetricsServerOptions {
  address: BindAddress;
  /** HTTPS with TokenReview/SubjectAccessReview authorization (kubebuilder's secure metrics); plain HTTP otherwise. */
  secure: boolean;
  /** Directory with the serving certificate (reloaded on change); a self-signed one is generated when absent. */
  certDir?: string | undefined;
  certName?: string | undefined;
  keyName?: string | undefined;
  /** API access for authorization; required when secure. */
  rest?: RestClient | undefined;
  registry?: Registry;
  /**
   * Profiling endpoints under `/debug/profile/` (CPU profile, heap snapshot, active handles), off by
   * default. In secure mode they are authorized like `/metrics`, each for its own path.
   */
  profiling?: ProfilingOptions | undefined;
  logger: Logger;
}

const METRICS_PATH = '/metrics';

/**
 * MetricsServer serves the Prometheus registry on `/metrics`, and with profiling enabled the profiling
 * endpoints under `/debug/profile/`. In secure mode it speaks TLS 1.2+ and lets a request through only when
 * its bearer token authenticates and the user may `get` its path, so `/metrics` needs the `metrics-reader`
 * ClusterRole like a kubebuilder project, and profiles the `profiling-reader` one.
 */
export class MetricsServer implements Runnable {
  /** MetricsServer.needLeaderElection is false: every replica serves its metrics. */
  readonly needLeaderElection = false;
  private readonly log: Logger;
  private readonly registry: Registry;
  private boundPort: number | undefined;
  private profiler: ProfilingEndpoints | undefined;
  private resolveReady!: () => void;
  private readonly readyPromise = new Promise<void>((r) => (this.resolveReady = r));

  constructor(private readonly options: MetricsServerOptions) {
    if (options.secure && options.rest === undefined)
      throw new Error('secure metrics need API access for TokenReview and SubjectAccessReview');
    this.log = options.logger.child({ logger: 'metrics' });
    this.registry = options.registry ?? defaultRegistry;
  }

  /** MetricsServer.port is the bound port once {@link MetricsServer.ready} resolved. */
  get port(): number | undefined {
    return this.boundPort;
  }

  /** MetricsServer.ready resolves once the server listens. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** MetricsServer.start serves until the signal aborts. */
  async start(signal: AbortSignal): Promise<void> {
    const handler = (req: IncomingMessage, res: ServerResponse): void => void this.handle(req, res);
    if (this.options.profiling?.enabled === true) {
      this.profiler = new ProfilingEndpoints(this.options.profiling, this.log, signal);
      if (!this.options.secure) {
        const msg = 'profiling is enabled on an insecure metrics server: anyone who reaches it can take heap snapshots';
        this.log.warn({ path: PROFILING_PATH_PREFIX }, msg);
      }
    }
    let server: Server | https.Server;
    let watcher: CertWatcher | undefined;
    if (this.options.secure) {
      let pair: { cert: string | Buffer; key: string | Buffer };
      if (this.options.certDir !== undefined && this.options.certDir !== '') {
        watcher = new CertWatcher({
          certPath: join(this.options.certDir, this.options.certName ?? 'tls.crt'),
          keyPath: join(this.options.certDir, this.options.keyName ?? 'tls.key'),
          logger: this.log,
          onChange: (next) => (server as https.Server).setSecureContext({ ...next, minVersion: 'TLSv1.2' }),
        });
        pair = await watcher.load();
      } else {
        pair = await generateSelfSignedCertificate();
        this.log.info({}, 'serving metrics with a generated self-signed certificate');
      }
      server = https.createServer({ ...pair, minVersion: 'TLSv1.2' }, handler);
      watcher?.watch();
    } else {
      server = http.createServer(handler);
    }
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.options.address.port, this.options.address.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      this.boundPort = (server.address() as AddressInfo).port;
      this.log.info({ port: this.boundPort, secure: this.options.secure }, 'starting metrics server');
      this.resolveReady();
      if (!signal.aborted) await new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    } finally {
      watcher?.stop();
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://metrics');
    const path = url.pathname;
    const profiling = this.profiler !== undefined && path.startsWith(PROFILING_PATH_PREFIX);
    if (path !== METRICS_PATH && !profiling) {
      reply(res, 404, '404 page not found\n');
      return;
    }
    if (req.method !== 'GET' && (profiling || req.method !== 'HEAD')) {
      reply(res, 405, 'method not allowed\n');
      return;
    }
    try {
      if (this.options.secure) {
        const decision = await authorizeScrape(this.options.rest!, req.headers.authorization, path);
        if (!decision.allowed) {
          reply(res, decision.code, `${decision.message}\n`);
          return;
        }
      }
      if (profiling) {
        await this.profiler!.serve(req, res, url);
        return;
      }
      const body = await this.registry.metrics();
      res.writeHead(200, { 'Content-Type': this.registry.contentType });
      res.end(body);
    } catch (err) {
      this.log.error({ err, path }, profiling ? 'failed to serve a profile' : 'failed to serve metrics');
      if (!res.headersSent) reply(res, 500, 'Internal Server Error\n');
      else res.destroy();
    }
  }
}

function reply(res: ServerResponse, code: number, body: string): void {
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}
