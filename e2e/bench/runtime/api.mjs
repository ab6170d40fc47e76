// The benchmark driver's own minimal API client (node:https with a keep-alive pool and the envtest admin's
// client certificate). It is deliberately independent of src/runtime, so that runtime changes never move
// the driver's side of the measurement.
import https from 'node:https';
import { GROUP, PLURAL, VERSION } from './benchitem.mjs';

/** ApiClient sends JSON requests and watches to one API server. */
export class ApiClient {
  /** @param {{ host: string, caData: string, certData: string, keyData: string }} config envtest RestConfig */
  constructor(config, maxSockets = 64) {
    this.url = new URL(config.host);
    this.agent = new https.Agent({
      keepAlive: true,
      maxSockets,
      ca: config.caData,
      cert: config.certData,
      key: config.keyData,
    });
  }

  /** itemsPath is the collection path of BenchItems in a namespace. */
  itemsPath(namespace) {
    return `/apis/${GROUP}/${VERSION}/namespaces/${namespace}/${PLURAL}`;
  }

  /** request sends a call and resolves with the decoded JSON body; non-2xx rejects with the status and body. */
  request(method, path, body, contentType = 'application/json') {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          agent: this.agent,
          hostname: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers: {
            Accept: 'application/json',
            ...(payload ? { 'Content-Type': contentType, 'Content-Length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if ((res.statusCode ?? 0) >= 300) {
              reject(new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`));
              return;
            }
            resolve(text === '' ? undefined : JSON.parse(text));
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no response within 60 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** requestText GETs a non-JSON path (such as /metrics) and resolves with the body. */
  requestText(path) {
    return new Promise((resolve, reject) => {
      const req = https.request(
        { agent: this.agent, hostname: this.url.hostname, port: this.url.port, method: 'GET', path },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if ((res.statusCode ?? 0) >= 300) reject(new Error(`GET ${path}: ${res.statusCode}`));
            else resolve(text);
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(60_000, () => req.destroy(new Error(`GET ${path}: no response within 60 s`)));
      req.on('error', reject);
      req.end();
    });
  }

  /**
   * watch streams watch events of `path` from `resourceVersion` to `onEvent` until `signal` aborts; it
   * resolves once the response headers arrived, so events after that point are never missed.
   */
  watch(path, resourceVersion, onEvent, signal, onClose = () => {}) {
    const query = `?watch=1&allowWatchBookmarks=false&resourceVersion=${encodeURIComponent(resourceVersion)}&timeoutSeconds=3600`;
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          hostname: this.url.hostname,
          port: this.url.port,
          method: 'GET',
          path: path + query,
          ca: this.agent.options.ca,
          cert: this.agent.options.cert,
          key: this.agent.options.key,
          signal,
        },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`watch ${path}: ${res.statusCode}`));
            res.resume();
            return;
          }
          let pending = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            pending += chunk;
            let nl;
            while ((nl = pending.indexOf('\n')) >= 0) {
              const line = pending.slice(0, nl);
              pending = pending.slice(nl + 1);
              if (line.trim() !== '') onEvent(JSON.parse(line));
            }
          });
          res.on('error', () => {});
          res.on('close', () => {
            if (!signal.aborted) onClose();
          });
          resolve();
        },
      );
      req.on('error', (err) => {
        if (!signal.aborted) reject(err);
      });
      req.end();
    });
  }

  /** close drops pooled connections. */
  close() {
    this.agent.destroy();
  }
}

/** runPool runs `count` tasks with at most `concurrency` in flight; task(i) returns a promise. */
export async function runPool(count, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
