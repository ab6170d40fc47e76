import type { Agent, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { stringifyJson } from '../json/stringify.js';
import { nodeHttp as http } from '../node-cjs.js';
import { restClientRequests } from './metrics.js';
import { apiErrorFromResponse } from './api-error.js';
import type { ClusterAccess } from './cluster-access.js';
import { sameTlsMaterial, tlsMaterialKey, tlsMaterialOf, type TlsMaterial } from './tls-material.js';
import { queryString, type QueryValue } from './urls.js';
import { activeTracer, type ApiTarget, type ClientSpan } from '../tracing/tracer.js';

/** HttpMethod is a verb the transport sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** TransportRequest is one API call, with the body as a plain value that is sent as JSON. */
export interface TransportRequest {
  method: HttpMethod;
  /** Absolute API path such as `/api/v1/namespaces/default/pods`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Content type of the body; `application/json` by default. */
  contentType?: string;
  /** Accept header; `application/json` by default (metadata-only reads ask for `PartialObjectMetadata`). */
  accept?: string;
  signal?: AbortSignal | undefined;
  /** Milliseconds without any byte on the connection before the call fails; overrides the transport default. */
  timeoutMs?: number;
  /** What the call addresses, for its trace span; the REST client fills it in. */
  target?: ApiTarget | undefined;
}

/** Transport sends raw-JSON requests to the API server. Implemented by {@link KubeTransport}; tests may fake it. */
export interface Transport {
  /** Transport.request sends a call and returns its decoded JSON body; non-2xx responses throw an ApiError. */
  request<T = unknown>(req: TransportRequest): Promise<T>;
  /** Transport.stream sends a call and returns the streaming 2xx response body (watches). */
  stream(req: TransportRequest): Promise<Readable>;
}

/** InactivityTimeoutError says a connection stayed silent longer than allowed. */
export class InactivityTimeoutError extends Error {
  override readonly name = 'InactivityTimeoutError';
}

/** KubeTransportOptions configures {@link KubeTransport}. */
export interface KubeTransportOptions {
  /** User-Agent header; `operator-ts` by default. */
  userAgent?: string;
  /** Default inactivity timeout of non-streaming calls in milliseconds; 60 s by default. */
  timeoutMs?: number;
}

/** Sent is a response that arrived, with the span of its call (to end once the body is read). */
interface Sent {
  res: IncomingMessage;
  span: ClientSpan | undefined;
}

const MAX_AGENTS = 8;
const IDLE_SOCKET_MS = 90_000;

/**
 * KubeTransport is a raw-JSON REST transport over node:http(s) that takes authentication and TLS from a
 * {@link ClusterAccess}: a client-node `KubeConfig` (tokens, client certificates, exec plugins, proxies) or
 * the runtime's light default loader. It never goes
 * through client-node's typed serializer, so custom objects keep every key, and its only timeouts are
 * inactivity timeouts, so long watches are never cut by a whole-request deadline.
 */
export class KubeTransport implements Transport {
  private readonly agents = new Map<string, Agent>();
  private lastTls: { material: TlsMaterial; key: string } | undefined;
  private readonly userAgent: string;
  private readonly timeoutMs: number;

  constructor(
    /** kubeConfig is where the server, credentials and TLS settings come from (a client-node KubeConfig fits). */
    readonly kubeConfig: ClusterAccess,
    options: KubeTransportOptions = {},
  ) {
    this.userAgent = options.userAgent ?? 'operator-ts';
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** KubeTransport.request sends a call and returns its decoded JSON body (undefined when empty). */
  async request<T = unknown>(req: TransportRequest): Promise<T> {
    const { res, span } = await this.send(req, req.timeoutMs ?? this.timeoutMs);
    let text: string;
    try {
      text = await readBody(res);
    } catch (err) {
      span?.end(res.statusCode, err);
      throw err;
    }
    span?.end(res.statusCode);
    if (text === '') return undefined as T;
    return JSON.parse(text) as T;
  }

  /**
   * KubeTransport.stream returns the response body of a 2xx response; it errors after `timeoutMs` of
   * silence. The call's span ends when the response starts: a watch is open for minutes and its events
   * belong to no trace.
   */
  async stream(req: TransportRequest): Promise<Readable> {
    const { res, span } = await this.send(req, req.timeoutMs ?? this.timeoutMs);
    span?.end(res.statusCode);
    return res;
  }

  /** KubeTransport.close drops pooled connections. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private async send(req: TransportRequest, timeoutMs: number): Promise<Sent> {
    req.signal?.throwIfAborted();
    const cluster = this.kubeConfig.getCurrentCluster();
    if (cluster === null) throw new Error('kubeconfig has no current cluster: set a current-context');
    const base = new URL(cluster.server);
    const opts: https.RequestOptions = {};
    await this.kubeConfig.applyToHTTPSOptions(opts);
    if (cluster.proxyUrl === undefined || cluster.proxyUrl === '') opts.agent = this.agentFor(base, opts);
    // A string body goes out in one write with the request head (node:http joins them); a Buffer body
    // would be a second write, and so a second TLS record and syscall, on every call.
    const payload = req.body === undefined ? undefined : stringifyJson(req.body, 'the request body');
    const headers: OutgoingHttpHeaders = {
      ...(opts.headers as OutgoingHttpHeaders | undefined),
      Accept: req.accept ?? 'application/json',
      'User-Agent': this.userAgent,
    };
    if (payload !== undefined) {
      headers['Content-Type'] = req.contentType ?? 'application/json';
      headers['Content-Length'] = Buffer.byteLength(payload);
    }
    const prefix = base.pathname.replace(/\/+$/, '');
    const pathAndQuery = `${req.path}${queryString(req.query)}`;
    const path = `${prefix}${pathAndQuery}`;
    const mod = base.protocol === 'http:' ? http : https;
    const host = base.host;
    const span = activeTracer()?.startClientCall({
      method: req.method,
      server: base,
      path: pathAndQuery,
      target: req.target,
    });
    if (span !== undefined) Object.assign(headers, span.headers);

    return new Promise<Sent>((resolve, reject) => {
      let settled = false;
      let response: IncomingMessage | undefined;
      // Destroy the response too: otherwise its readers see a generic "aborted" error instead of the cause.
      const fail = (err: Error): void => {
        response?.destroy(err);
        clientReq.destroy(err);
      };
      const onAbort = (): void => {
        fail(req.signal?.reason instanceof Error ? req.signal.reason : new Error('request aborted'));
      };
      const clientReq = mod.request({
        ...opts,
        protocol: base.protocol,
        hostname: base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port === '' ? undefined : Number(base.port),
        method: req.method,
        path,
        headers,
      });
      // The signal may have fired while credentials were being prepared.
      if (req.signal?.aborted === true) onAbort();
      else req.signal?.addEventListener('abort', onAbort, { once: true });
      clientReq.setTimeout(timeoutMs, () => {
        fail(new InactivityTimeoutError(`${req.method} ${req.path}: no data for ${timeoutMs} ms`));
      });
      clientReq.on('error', (err) => {
        req.signal?.removeEventListener('abort', onAbort);
        if (!settled) {
          settled = true;
          restClientRequests().inc({ code: '<error>', method: req.method, host });
          span?.end(undefined, err);
          reject(err);
        }
      });
      clientReq.on('response', (res) => {
        settled = true;
        response = res;
        const code = res.statusCode ?? 0;
        restClientRequests().inc({ code: String(code), method: req.method, host });
        res.once('close', () => req.signal?.removeEventListener('abort', onAbort));
        if (code >= 200 && code < 300) {
          resolve({ res, span });
          return;
        }
        readBody(res).then(
          (text) => {
            span?.end(code);
            const retry = res.headers['retry-after'];
            reject(apiErrorFromResponse(code, text, { method: req.method, path: req.path, retryAfterHeader: retry }));
          },
          (err: unknown) => {
            span?.end(code, err);
            reject(err);
          },
        );
      });
      if (payload === undefined) clientReq.end();
      else clientReq.end(payload, 'utf8');
    });
  }

  private agentFor(base: URL, opts: https.RequestOptions): Agent {
    if (base.protocol === 'http:') {
      return this.cachedAgent('http', () => new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }));
    }
    const tls = tlsMaterialOf(opts);
    // Credentials from exec plugins may rotate client certificates: key the pool on the TLS material. The
    // material rarely changes, so a byte comparison with the last one spares hashing it on every request.
    let key: string;
    if (this.lastTls !== undefined && sameTlsMaterial(this.lastTls.material, tls)) key = this.lastTls.key;
    else {
      key = tlsMaterialKey(tls);
      this.lastTls = { material: tls, key };
    }
    return this.cachedAgent(
      key,
      () => new https.Agent({ ...stripUndefined(tls), keepAlive: true, timeout: IDLE_SOCKET_MS }),
    );
  }

  private cachedAgent(key: string, make: () => Agent): Agent {
    const found = this.agents.get(key);
    if (found !== undefined) return found;
    if (this.agents.size >= MAX_AGENTS) {
      const oldestKey = this.agents.keys().next().value as string;
      // In-flight requests on the retired pool finish; its idle sockets close on the agent's idle timeout.
      this.agents.delete(oldestKey);
    }
    const agent = make();
    this.agents.set(key, agent);
    return agent;
  }
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

async function readBody(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
