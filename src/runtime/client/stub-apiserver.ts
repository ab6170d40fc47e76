import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { fieldFilter } from './stub-field-selector.js';

/**
 * This module is test support: a small in-process API server (node:http, plain JSON) that serves list,
 * watch (with resourceVersion resume, bookmarks and 410 after compaction), get, create, update, merge
 * patch and delete for registered resources, and lets tests inject failures and drop connections.
 * It is not a Kubernetes implementation: just enough to exercise the transport, reflector, leader
 * election and servers without a cluster.
 */

/** StubRequest is one request the stub received. */
export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** StubResponse is a canned response. */
export interface StubResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** StubFault is a one-shot failure for the next request that matches. */
export interface StubFault {
  match: (req: StubRequest) => boolean;
  /** Respond with this instead of serving the request... */
  respond?: StubResponse;
  /** ...or destroy the connection without a response. */
  drop?: boolean;
}

interface Watcher {
  res: http.ServerResponse;
  resource: string;
  namespace: string | undefined;
}

interface StoredEvent {
  rv: number;
  resource: string;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubernetesObject;
}

interface Parsed {
  resource: ResourceDescriptor;
  id: string;
  namespace: string | undefined;
  name: string | undefined;
  subresource: string | undefined;
}

/** StubApiServer is the in-process fake API server for runtime tests. */
export class StubApiServer {
  /** requests holds every request received, oldest first. */
  readonly requests: StubRequest[] = [];
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly resources = new Map<string, ResourceDescriptor>();
  private readonly objects = new Map<string, Map<string, KubernetesObject>>();
  private readonly history: StoredEvent[] = [];
  private readonly watchers = new Set<Watcher>();
  private readonly faults: StubFault[] = [];
  private readonly routes: { method: string; path: string; handler: (req: StubRequest) => StubResponse | Promise<StubResponse> }[] = [];
  private rv = 100;
  private compactedBelow = 0;
  private uid = 0;

  /** StubApiServer.url is the base URL once started. */
  url = '';

  /** StubApiServer.start listens on 127.0.0.1 on a free port. */
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** StubApiServer.stop closes every connection and the listener. */
  async stop(): Promise<void> {
    this.dropWatches();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** StubApiServer.kubeConfig returns a KubeConfig pointing at the stub with a bearer token. */
  kubeConfig(token = 'stub-token'): KubeConfig {
    const kc = new KubeConfig();
    kc.loadFromClusterAndUser({ name: 'stub', server: this.url, skipTLSVerify: true }, { name: 'stub-user', token });
    return kc;
  }

  /** StubApiServer.serve registers a resource the stub stores. */
  serve(resource: ResourceDescriptor): this {
    const id = idOf(resource);
    this.resources.set(id, resource);
    if (!this.objects.has(id)) this.objects.set(id, new Map());
    return this;
  }

  /** StubApiServer.route answers `method path` (exact path) with a handler, before anything else. */
  route(method: string, path: string, handler: (req: StubRequest) => StubResponse | Promise<StubResponse>): this {
    this.routes.push({ method, path, handler });
    return this;
  }

  /** StubApiServer.fault queues a one-shot failure. */
  fault(fault: StubFault): this {
    this.faults.push(fault);
    return this;
  }

  /** StubApiServer.pendingFaults is the number of faults not triggered yet. */
  get pendingFaults(): number {
    return this.faults.length;
  }

  /** StubApiServer.watchCount is the number of open watch connections. */
  get watchCount(): number {
    return this.watchers.size;
  }

  /** StubApiServer.resourceVersion is the current (latest) resourceVersion. */
  get resourceVersion(): string {
    return String(this.rv);
  }

  /** StubApiServer.dropWatches destroys every open watch connection. */
  dropWatches(): void {
    for (const w of this.watchers) w.res.destroy();
    this.watchers.clear();
  }

  /** StubApiServer.endWatches ends every open watch cleanly, as the server does after timeoutSeconds. */
  endWatches(): void {
    for (const w of this.watchers) w.res.end();
    this.watchers.clear();
  }

  /** StubApiServer.compact forgets history: watches from an older resourceVersion get an ERROR 410 event. */
  compact(): void {
    this.compactedBelow = this.rv;
    this.history.length = 0;
  }

  /** StubApiServer.bookmark sends a BOOKMARK at the current resourceVersion to every watch. */
  bookmark(): void {
    for (const w of this.watchers) {
      const kind = this.resources.get(w.resource)?.kind;
      w.res.write(`${JSON.stringify({ type: 'BOOKMARK', object: { kind, metadata: { resourceVersion: String(this.rv) } } })}\n`);
    }
  }

  /** StubApiServer.object returns a stored object. */
  object(resource: ResourceDescriptor, namespace: string | undefined, name: string): KubernetesObject | undefined {
    return this.objects.get(idOf(resource))?.get(`${namespace ?? ''}/${name}`);
  }

  /** StubApiServer.put stores (creates or replaces) an object directly and notifies watches. */
  put(resource: ResourceDescriptor, obj: KubernetesObject): KubernetesObject {
    const id = idOf(resource);
    this.serve(resource);
    const store = this.objects.get(id)!;
    const key = `${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;
    const existed = store.has(key);
    const stored = structuredClone(obj);
    stored.apiVersion = resource.apiVersion;
    stored.kind = resource.kind;
    stored.metadata = { ...stored.metadata, resourceVersion: String(++this.rv) };
    stored.metadata.uid ??= existed ? store.get(key)?.metadata?.uid : `uid-${++this.uid}`;
    store.set(key, stored);
    this.emit(id, existed ? 'MODIFIED' : 'ADDED', stored);
    return structuredClone(stored);
  }

  /** StubApiServer.remove deletes an object directly and notifies watches. */
  remove(resource: ResourceDescriptor, namespace: string | undefined, name: string): void {
    const id = idOf(resource);
    const store = this.objects.get(id);
    const key = `${namespace ?? ''}/${name}`;
    const old = store?.get(key);
    if (store === undefined || old === undefined) return;
    store.delete(key);
    const final = { ...structuredClone(old), metadata: { ...old.metadata, resourceVersion: String(++this.rv) } };
    this.emit(id, 'DELETED', final);
  }

  /** StubApiServer.silently changes the store without telling watches, as if events were missed. */
  silently(fn: () => void): void {
    const saved = [...this.watchers];
    this.watchers.clear();
    try {
      fn();
    } finally {
      for (const w of saved) this.watchers.add(w);
    }
  }

  private emit(id: string, type: StoredEvent['type'], object: KubernetesObject): void {
    const rv = Number(object.metadata?.resourceVersion);
    this.history.push({ rv, resource: id, type, object });
    for (const w of this.watchers) {
      if (w.resource !== id) continue;
      if (w.namespace !== undefined && object.metadata?.namespace !== w.namespace) continue;
      w.res.write(`${JSON.stringify({ type, object })}\n`);
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stub');
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    const request: StubRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
    this.requests.push(request);

    const faultIndex = this.faults.findIndex((f) => f.match(request));
    if (faultIndex >= 0) {
      const [fault] = this.faults.splice(faultIndex, 1);
      if (fault?.drop === true || fault?.respond === undefined) {
        req.socket.destroy();
        return;
      }
      send(res, fault.respond);
      return;
    }
    const route = this.routes.find((r) => r.method === request.method && r.path === request.path);
    if (route !== undefined) {
      send(res, await route.handler(request));
      return;
    }
    const parsed = this.parse(url.pathname);
    if (parsed === undefined) {
      send(res, status(404, 'NotFound', `the server could not find the requested resource (${url.pathname})`));
      return;
    }
    send(res, this.serveResource(request, parsed, res));
  }

  private serveResource(req: StubRequest, p: Parsed, res: http.ServerResponse): StubResponse | undefined {
    const store = this.objects.get(p.id)!;
    const key = `${p.namespace ?? ''}/${p.name ?? ''}`;
    const what = `${p.resource.plural}${p.resource.group === '' ? '' : `.${p.resource.group}`}`;
    if (p.name === undefined) {
      if (req.method === 'GET' && req.query.get('watch') === 'true') {
        this.startWatch(req, p, res);
        return undefined;
      }
      if (req.method === 'GET') {
        const selected = fieldFilter(req.query.get('fieldSelector'));
        if (typeof selected === 'string') return status(400, 'BadRequest', selected);
        return { status: 200, body: this.list(req, p, store, selected) };
      }
      if (req.method === 'POST') {
        const obj = req.body as KubernetesObject;
        const name = obj.metadata?.name ?? `${obj.metadata?.generateName ?? 'gen-'}${++this.uid}`;
        const k = `${p.namespace ?? ''}/${name}`;
        if (store.has(k)) return status(409, 'AlreadyExists', `${what} "${name}" already exists`);
        if (req.query.get('dryRun') === 'All') return { status: 201, body: obj };
        return { status: 201, body: this.put(p.resource, { ...obj, metadata: { ...obj.metadata, name, namespace: p.namespace } }) };
      }
      return status(405, 'MethodNotAllowed', 'method not allowed');
    }
    const current = store.get(key);
    if (current === undefined) return status(404, 'NotFound', `${what} "${p.name}" not found`);
    switch (req.method) {
      case 'GET':
        return { status: 200, body: current };
      case 'PUT': {
        const obj = req.body as KubernetesObject;
        const rv = obj.metadata?.resourceVersion;
        if (rv !== undefined && rv !== '' && rv !== current.metadata?.resourceVersion) {
          return status(409, 'Conflict', `Operation cannot be fulfilled on ${what} "${p.name}": the object has been modified; please apply your changes to the latest version and try again`);
        }
        const next = p.subresource === 'status' ? { ...current, status: (obj as { status?: unknown }).status } : { ...obj, metadata: { ...obj.metadata, uid: current.metadata?.uid } };
        return { status: 200, body: this.put(p.resource, next) };
      }
      case 'PATCH': {
        const next = mergePatch(structuredClone(current), req.body) as KubernetesObject;
        return { status: 200, body: this.put(p.resource, next) };
      }
      case 'DELETE':
        this.remove(p.resource, p.namespace, p.name);
        return { status: 200, body: { kind: 'Status', apiVersion: 'v1', status: 'Success' } };
      default:
        return status(405, 'MethodNotAllowed', 'method not allowed');
    }
  }

  private list(req: StubRequest, p: Parsed, store: Map<string, KubernetesObject>, selected: (o: KubernetesObject) => boolean): unknown {
    const all = [...store.values()]
      .filter((o) => p.namespace === undefined || o.metadata?.namespace === p.namespace)
      .filter(selected)
      .sort((a, b) => `${a.metadata?.namespace}/${a.metadata?.name}`.localeCompare(`${b.metadata?.namespace}/${b.metadata?.name}`));
    const limit = Number(req.query.get('limit') ?? '0');
    const offset = Number(req.query.get('continue') ?? '0');
    const page = limit > 0 ? all.slice(offset, offset + limit) : all;
    const next = limit > 0 && offset + limit < all.length ? String(offset + limit) : undefined;
    // Built-in list items come without apiVersion/kind; mimic that so clients must fill them in.
    const items = page.map((o) => {
      const { apiVersion: _a, kind: _k, ...rest } = o;
      return rest;
    });
    return { kind: `${p.resource.kind}List`, apiVersion: p.resource.apiVersion, metadata: { resourceVersion: String(this.rv), ...(next ? { continue: next } : {}) }, items };
  }

  private startWatch(req: StubRequest, p: Parsed, res: http.ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    res.flushHeaders();
    const from = Number(req.query.get('resourceVersion') ?? '0');
    if (from > 0 && from < this.compactedBelow) {
      const gone = status(410, 'Expired', `too old resource version: ${from} (${this.compactedBelow})`).body;
      res.end(`${JSON.stringify({ type: 'ERROR', object: gone })}\n`);
      return;
    }
    for (const e of this.history) {
      if (e.resource !== p.id || e.rv <= from) continue;
      if (p.namespace !== undefined && e.object.metadata?.namespace !== p.namespace) continue;
      res.write(`${JSON.stringify({ type: e.type, object: e.object })}\n`);
    }
    const watcher: Watcher = { res, resource: p.id, namespace: p.namespace };
    this.watchers.add(watcher);
    res.on('close', () => this.watchers.delete(watcher));
  }

  private parse(pathname: string): Parsed | undefined {
    const parts = pathname.split('/').filter((s) => s !== '').map(decodeURIComponent);
    let group: string;
    let version: string;
    let rest: string[];
    if (parts[0] === 'api' && parts.length >= 3) {
      group = '';
      version = parts[1]!;
      rest = parts.slice(2);
    } else if (parts[0] === 'apis' && parts.length >= 4) {
      group = parts[1]!;
      version = parts[2]!;
      rest = parts.slice(3);
    } else {
      return undefined;
    }
    let namespace: string | undefined;
    if (rest[0] === 'namespaces' && rest.length >= 3 && this.resources.has(`${group}/${version}/${rest[2]}`)) {
      namespace = rest[1];
      rest = rest.slice(2);
    }
    const id = `${group}/${version}/${rest[0]}`;
    const resource = this.resources.get(id);
    if (resource === undefined) return undefined;
    return { resource, id, namespace, name: rest[1], subresource: rest[2] };
  }
}

function idOf(resource: ResourceDescriptor): string {
  return `${resource.group}/${resource.version}/${resource.plural}`;
}

/** status builds a Kubernetes Status failure response. */
export function status(code: number, reason: string, message: string): StubResponse {
  return { status: code, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code } };
}

function send(res: http.ServerResponse, response: StubResponse | undefined): void {
  if (response === undefined) return;
  const payload = response.body === undefined ? '' : JSON.stringify(response.body);
  res.writeHead(response.status, { 'Content-Type': 'application/json', ...response.headers });
  res.end(payload);
}

function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> = typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}
