import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** HttpResponse is a status code with the body as text. */
export interface HttpResponse {
  status: number;
  body: string;
}

/** TlsCredentials are PEM strings for a TLS client: the CA to trust and optionally a client certificate. */
export interface TlsCredentials {
  caPem: string;
  certPem?: string;
  keyPem?: string;
}

/** HttpCallOptions describe one HTTP(S) request. */
export interface HttpCallOptions {
  method?: string;
  /** Body, sent as JSON when not a string. */
  body?: unknown;
  tls?: TlsCredentials;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
}

/**
 * httpCall performs one HTTP or HTTPS request with Node's own client. It is used instead of
 * @kubernetes/client-node's typed APIs because those round-trip objects through typed models that drop
 * unknown keys such as `x-kubernetes-preserve-unknown-fields`.
 */
export function httpCall(url: string, options: HttpCallOptions = {}): Promise<HttpResponse> {
  const target = new URL(url);
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  const common = {
    method: options.method ?? 'GET',
    headers,
    timeout: options.timeoutMs ?? 10_000,
    agent: false as const,
  };
  return new Promise((resolve, reject) => {
    const req =
      target.protocol === 'https:'
        ? httpsRequest(target, {
            ...common,
            ca: options.tls?.caPem,
            cert: options.tls?.certPem,
            key: options.tls?.keyPem,
            rejectUnauthorized: options.tls !== undefined,
          })
        : httpRequest(target, common);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${common.method} ${url} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** ApiConnection talks JSON to one kube-apiserver as one client-certificate user. */
export class ApiConnection {
  /** ApiConnection.host is the server URL without a trailing slash, such as https://127.0.0.1:34567. */
  readonly host: string;
  /** ApiConnection.tls are the credentials used on every request. */
  readonly tls: TlsCredentials;

  constructor(host: string, tls: TlsCredentials) {
    this.host = host.replace(/\/+$/, '');
    this.tls = tls;
  }

  /** ApiConnection.call sends one request and returns status and raw body. */
  call(method: string, path: string, body?: unknown): Promise<HttpResponse> {
    return httpCall(this.host + path, { method, body, tls: this.tls });
  }

  /** ApiConnection.json sends one request and parses the response body, throwing {@link ApiCallError} on non-2xx. */
  async json<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call(method, path, body);
    if (res.status < 200 || res.status >= 300) throw new ApiCallError(method, path, res);
    return JSON.parse(res.body) as T;
  }
}

/** ApiCallError is a non-2xx answer of the API server, with its Status message when there is one. */
export class ApiCallError extends Error {
  /** ApiCallError.status is the HTTP status code. */
  readonly status: number;

  constructor(method: string, path: string, res: HttpResponse) {
    super(`${method} ${path}: ${res.status} ${statusMessage(res.body)}`);
    this.name = 'ApiCallError';
    this.status = res.status;
  }
}

function statusMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: show the text itself.
  }
  return body.slice(0, 500);
}
