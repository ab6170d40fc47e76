import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { Http2SecureServer, Http2ServerRequest, Http2ServerResponse, ServerHttp2Session } from 'node:http2';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { PeerCertificate, SecureContextOptions, TLSSocket } from 'node:tls';
import type { Logger } from '../log/logger.js';
import type { Runnable } from '../runnable.js';
import { CertWatcher, type CertificatePair } from '../certwatcher/cert-watcher.js';
import { stringifyJson } from '../json/stringify.js';
import { webhookMetrics } from './metrics.js';
import { BodyTooLargeError, readBody } from './request-body.js';
import { activeTracer, type ServerSpan } from '../tracing/tracer.js';

/** WebhookHandler handles one decoded JSON request body and returns the JSON response body. */
export type WebhookHandler = (body: unknown, ctx: WebhookRequestContext) => Promise<unknown>;

/** WebhookRequestContext is handed to every {@link WebhookHandler}. */
export interface WebhookRequestContext {
  /** Aborted when the client goes away or the server stops. */
  signal: AbortSignal;
  /** Logger with the webhook path. */
  log: Logger;
}

/** WebhookRegistrationOptions shapes the error bodies the server writes for one path. */
export interface WebhookRegistrationOptions {
  /**
   * errorBody builds the JSON body of an error response (malformed JSON, handler failure) so that the API
   * server gets an AdmissionReview or ConversionReview it can report; `uid` is the request uid when it could
   * be read from the body.
   */
  errorBody?: (uid: string | undefined, code: number, message: string) => unknown;
}

/** WebhookServerOptions configures a {@link WebhookServer}. */
export interface WebhookServerOptions {
  /** Port; default 9443; 0 picks a free port (see `port` after `ready()`). */
  port?: number;
  /** Address to bind; all interfaces when absent. */
  host?: string;
  /** Directory of the serving certificate; default `/tmp/k8s-webhook-server/serving-certs`. */
  certDir?: string;
  /** Certificate file name in certDir; default `tls.crt`. */
  certName?: string;
  /** Key file name in certDir; default `tls.key`. */
  keyName?: string;
  /**
   * PEM CA bundle that client certificates must chain to, as a file name in certDir or an absolute path
   * (controller-runtime's `ClientCAName`). When set, the server requires a client certificate and fails
   * the TLS handshake of a client without a valid one; the bundle is reloaded like the serving
   * certificate. The API server presents one through the kubeconfig of its AdmissionConfiguration.
   */
  clientCAName?: string;
  /**
   * Names a verified client certificate must carry (subject common name or a DNS subject alternative
   * name); a connection with another certificate is closed right after the handshake, before any request
   * is read. Needs `clientCAName`; default any certificate the CA signed.
   */
  allowedClientNames?: readonly string[];
  /** Serve HTTP/2 as well as HTTP/1.1; default false (HTTP/2 rapid-reset and stream-cancellation CVEs). */
  enableHttp2?: boolean;
  /** Minimum TLS version; default TLS 1.2. */
  tlsMinVersion?: 'TLSv1.2' | 'TLSv1.3';
  /** Largest accepted request body; default 7 MiB, as controller-runtime: two 3 MiB objects (object and oldObject) plus the review around them. */
  maxBodyBytes?: number;
  /** How long in-flight requests may run after the stop signal before connections are cut; default 10 s. */
  shutdownGracePeriodMs?: number;
  /** Stat polling interval of the certificate watcher; default 10 s. */
  certPollIntervalMs?: number;
  logger: Logger;
}

const DEFAULT_MAX_BODY = 7 * 1024 * 1024;

interface Registration {
  handler: WebhookHandler;
  errorBody: (uid: string | undefined, code: number, message: string) => unknown;
}

type Req = IncomingMessage | Http2ServerRequest;
type Res = ServerResponse | Http2ServerResponse;

/**
 * WebhookServer serves admission and conversion webhooks over HTTPS, like controller-runtime's webhook
 * server: TLS 1.2 or newer, HTTP/1.1 only unless `enableHttp2`, the serving certificate read from certDir
 * and reloaded without restart when the files change; optionally it requires client certificates of a CA
 * bundle (`clientCAName`, reloaded the same way) with allowed names. It owns the HTTP concerns: POST only (405),
 * `application/json` only (415), a body limit (413), malformed JSON (400), unknown paths (404), and never
 * lets a bad request or a failing handler take the process down.
 */
export class WebhookServer implements Runnable {
  /** WebhookServer.needLeaderElection is false: every replica serves webhooks. */
  readonly needLeaderElection = false;
  private readonly routes = new Map<string, Registration>();
  private readonly log: Logger;
  private readonly readyPromise: Promise<void>;
  private resolveReady!: () => void;
  private rejectReady!: (err: unknown) => void;
  private boundPort: number | undefined;
  private started = false;

  constructor(private readonly options: WebhookServerOptions) {
    if (options.allowedClientNames !== undefined && options.clientCAName === undefined)
      throw new Error(
        'webhook server: allowedClientNames needs clientCAName, the CA bundle client certificates are verified against',
      );
    this.log = options.logger.child({ logger: 'webhook' });
    this.readyPromise = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // ready() may never be awaited; a failed start is reported by start() itself.
    this.readyPromise.catch(() => undefined);
  }

  /** WebhookServer.port is the bound port once listening (useful with port 0), else the configured one. */
  get port(): number {
    return this.boundPort ?? this.options.port ?? 9443;
  }

  /** WebhookServer.register serves `handler` at `path`; registering a path twice is an error. */
  register(path: string, handler: WebhookHandler, options: WebhookRegistrationOptions = {}): void {
    if (!path.startsWith('/')) throw new Error(`webhook path "${path}" must start with "/"`);
    if (this.routes.has(path)) throw new Error(`webhook path "${path}" is already registered`);
    this.routes.set(path, { handler, errorBody: options.errorBody ?? genericErrorBody });
    this.log.info({ path }, 'registering webhook');
  }

  /** WebhookServer.registered tells whether a path is served. */
  registered(path: string): boolean {
    return this.routes.has(path);
  }

  /** WebhookServer.ready resolves once the server listens, and rejects when start fails. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** WebhookServer.start loads the certificate, listens, and serves until the signal aborts. */
  async start(signal: AbortSignal): Promise<void> {
    if (this.started) throw new Error('webhook server already started');
    this.started = true;
    try {
      await this.serveUntil(signal);
    } catch (err) {
      this.rejectReady(err);
      throw err;
    }
  }

  private async serveUntil(signal: AbortSignal): Promise<void> {
    const certDir = this.options.certDir ?? '/tmp/k8s-webhook-server/serving-certs';
    const certPath = join(certDir, this.options.certName ?? 'tls.crt');
    const keyPath = join(certDir, this.options.keyName ?? 'tls.key');
    const caPath = this.options.clientCAName === undefined ? undefined : resolve(certDir, this.options.clientCAName);
    // eslint-disable-next-line prefer-const -- onChange below reads it before the server exists
    let server: HttpsServer | Http2SecureServer | undefined;
    const watcher = new CertWatcher({
      certPath,
      keyPath,
      ...(caPath === undefined ? {} : { caPath }),
      logger: this.log,
      ...(this.options.certPollIntervalMs !== undefined ? { pollIntervalMs: this.options.certPollIntervalMs } : {}),
      onChange: (pair) => server?.setSecureContext(this.secureContextOptions(pair)),
    });
    let pair: CertificatePair;
    try {
      pair = await watcher.load();
    } catch (err) {
      throw new Error(
        `webhook server: cannot load the serving certificate ${certPath} / ${keyPath}${caPath === undefined ? '' : ` or the client CA ${caPath}`}: ${(err as Error).message}. ` +
          'Mount the certificate secret there (cert-manager in config/certmanager) or set webhook.certDir.',
        { cause: err },
      );
    }
    // With a client CA, node:tls fails the handshake of a client without a certificate the CA signed.
    const tlsOptions = {
      ...this.secureContextOptions(pair),
      ...(caPath === undefined ? {} : { requestCert: true, rejectUnauthorized: true }),
    };
    const listener = (req: Req, res: Res) => void this.serve(req, res, signal);
    // node:http2 is loaded only when HTTP/2 is enabled (off by default): most operators never pay for it.
    server =
      this.options.enableHttp2 === true
        ? (await import('node:http2')).createSecureServer({ ...tlsOptions, allowHTTP1: true }, listener)
        : createHttpsServer({ ...tlsOptions, ALPNProtocols: ['http/1.1'] }, listener);
    server.on('tlsClientError', (err: Error, socket: TLSSocket) => {
      this.log.debug({ err: err.message, remote: socket.remoteAddress }, 'webhook TLS handshake failed');
    });
    // Ahead of the HTTP layer's own listener, so that a refused connection never gets a request parser.
    if (this.options.allowedClientNames !== undefined)
      server.prependListener('secureConnection', (socket: TLSSocket) => void this.clientAllowed(socket));
    server.on('clientError', (err: Error, socket: { destroy(): void }) => {
      this.log.debug({ err: err.message }, 'webhook client error');
      socket.destroy();
    });
    server.on('sessionError', (err: Error) => this.log.debug({ err: err.message }, 'webhook HTTP/2 session error'));
    const sessions = new Set<ServerHttp2Session>();
    server.on('session', (session: ServerHttp2Session) => {
      sessions.add(session);
      session.once('close', () => sessions.delete(session));
    });
    const srv = server;
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(this.options.port ?? 9443, this.options.host, () => {
        srv.off('error', reject);
        resolve();
      });
    });
    srv.on('error', (err: Error) => this.log.error({ err }, 'webhook server error'));
    this.boundPort = (srv.address() as AddressInfo).port;
    watcher.watch();
    this.log.info(
      {
        port: this.boundPort,
        host: this.options.host,
        certPath,
        clientCAPath: caPath,
        http2: this.options.enableHttp2 === true,
      },
      'serving webhook server',
    );
    this.resolveReady();
    if (!signal.aborted)
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    watcher.stop();
    await new Promise<void>((resolve) => {
      srv.close(() => resolve());
      // In-flight requests finish; idle keep-alive connections and HTTP/2 sessions (the API server keeps
      // them open) are told to go away, and whatever is left after the grace period is cut.
      if ('closeIdleConnections' in srv) srv.closeIdleConnections();
      for (const session of sessions) session.close();
      const force = setTimeout(() => {
        if ('closeAllConnections' in srv) srv.closeAllConnections();
        for (const session of sessions) session.destroy();
      }, this.options.shutdownGracePeriodMs ?? 10_000);
      force.unref();
      srv.once('close', () => clearTimeout(force));
    });
    this.log.info({}, 'webhook server stopped');
  }

  private secureContextOptions(pair: CertificatePair): SecureContextOptions {
    return {
      cert: pair.cert,
      key: pair.key,
      ...(pair.ca === undefined ? {} : { ca: pair.ca }),
      minVersion: this.options.tlsMinVersion ?? 'TLSv1.2',
    };
  }

  /**
   * clientAllowed checks the verified client certificate's names against `allowedClientNames`, and
   * closes the connection of a client not allowed. It runs when the handshake completes and again for
   * every request, which covers a request already buffered with the handshake.
   */
  private clientAllowed(socket: TLSSocket | undefined): boolean {
    const allowed = this.options.allowedClientNames;
    if (allowed === undefined) return true;
    const names = socket === undefined ? [] : certificateNames(socket.getPeerCertificate());
    if (names.some((n) => allowed.includes(n))) return true;
    this.log.info(
      { remote: socket?.remoteAddress, names },
      'webhook client certificate name not allowed; closing the connection',
    );
    socket?.destroy();
    return false;
  }

  private async serve(req: Req, res: Res, serverSignal: AbortSignal): Promise<void> {
    if (!this.clientAllowed(tlsSocketOf(req))) {
      res.destroy?.();
      return;
    }
    const started = process.hrtime.bigint();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    let code = 500;
    let failure: unknown;
    const known = this.routes.has(path);
    const span = activeTracer()?.startServerRequest({
      method: req.method ?? '',
      path,
      route: known ? path : undefined,
      headers: req.headers,
      serverPort: this.boundPort,
      clientAddress: tlsSocketOf(req)?.remoteAddress,
      httpVersion: req.httpVersion,
    });
    if (known) webhookMetrics.inFlight(path, 1);
    try {
      const routed = () => this.route(req, res, path, serverSignal, span, (err) => (failure = err));
      code = await (span === undefined ? routed() : span.run(routed));
    } catch (err) {
      this.log.error({ path, err, ...span?.ids }, 'webhook request failed');
      code = 500;
      failure = err;
      if (!res.headersSent) send(res, 500, genericErrorBody(undefined, 500, 'internal error'));
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (known) {
        webhookMetrics.inFlight(path, -1);
        webhookMetrics.observe(path, code, seconds);
      }
      span?.end(code, failure);
      this.log.debug({ path, method: req.method, code, durationSeconds: seconds, ...span?.ids }, 'webhook request');
    }
  }

  private async route(
    req: Req,
    res: Res,
    path: string,
    serverSignal: AbortSignal,
    span: ServerSpan | undefined,
    handlerFailed: (err: unknown) => void,
  ): Promise<number> {
    const route = this.routes.get(path);
    if (route === undefined)
      return send(res, 404, genericErrorBody(undefined, 404, `no webhook registered for path ${path}`));
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return send(res, 405, route.errorBody(undefined, 405, `method ${req.method} not allowed, expected POST`));
    }
    const contentType = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (contentType !== 'application/json') {
      return send(
        res,
        415,
        route.errorBody(undefined, 415, `contentType=${contentType || '(none)'}, expected application/json`),
      );
    }
    let raw: Buffer;
    try {
      raw = await readBody(req, this.options.maxBodyBytes ?? DEFAULT_MAX_BODY);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        res.setHeader('Connection', 'close');
        const code = send(res, 413, route.errorBody(undefined, 413, err.message));
        res.once('finish', () => req.socket?.destroySoon?.());
        return code;
      }
      throw err;
    }
    if (raw.length === 0) return send(res, 400, route.errorBody(undefined, 400, 'request body is empty'));
    let body: unknown;
    const text = raw.toString('utf8');
    try {
      body = JSON.parse(text);
    } catch (err) {
      return send(
        res,
        400,
        route.errorBody(sniffUid(text), 400, `cannot decode request body: ${(err as Error).message}`),
      );
    }
    span?.describe(body);
    const abort = new AbortController();
    const onClose = () => abort.abort();
    req.once('close', onClose);
    serverSignal.addEventListener('abort', onClose, { once: true });
    try {
      const log = this.log.child({ webhook: path, ...span?.ids });
      const response = await route.handler(body, { signal: abort.signal, log });
      return send(res, 200, response);
    } catch (err) {
      this.log.error({ path, err, ...span?.ids }, 'webhook handler failed');
      handlerFailed(err);
      return send(res, 500, route.errorBody(uidOf(body), 500, (err as Error)?.message ?? String(err)));
    } finally {
      req.off('close', onClose);
      serverSignal.removeEventListener('abort', onClose);
    }
  }
}

/** tlsSocketOf is the TLS connection a request came on (for HTTP/2, its session's). */
function tlsSocketOf(req: Req): TLSSocket | undefined {
  const socket = 'stream' in req ? req.stream.session?.socket : req.socket;
  return socket !== undefined && 'getPeerCertificate' in socket ? socket : undefined;
}

/** certificateNames are the subject common names and DNS subject alternative names of a peer certificate. */
function certificateNames(cert: PeerCertificate): string[] {
  const cn = cert.subject?.CN;
  const common = cn === undefined ? [] : Array.isArray(cn) ? cn : [cn];
  const dns = (cert.subjectaltname ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('DNS:'))
    .map((s) => s.slice('DNS:'.length));
  return [...common, ...dns];
}

function send(res: Res, code: number, body: unknown): number {
  if (res.headersSent || res.writableEnded) return code;
  const payload = stringifyJson(body ?? {}, 'the webhook response');
  res.statusCode = code;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
  return code;
}

/** genericErrorBody is a Kubernetes Status, used where no review type is known. */
function genericErrorBody(_uid: string | undefined, code: number, message: string): unknown {
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', code, message };
}

/** uidOf reads request.uid from a decoded review. */
export function uidOf(body: unknown): string | undefined {
  const uid = (body as { request?: { uid?: unknown } } | null)?.request?.uid;
  return typeof uid === 'string' ? uid : undefined;
}

/** sniffUid finds a request uid in a body that is not valid JSON, so that the error can still be attributed. */
function sniffUid(text: string): string | undefined {
  return /"uid"\s*:\s*"([^"\\]{1,128})"/.exec(text.slice(0, 64 * 1024))?.[1];
}
