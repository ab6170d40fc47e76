// Mutual TLS of the webhook server, over real TLS connections: certificates from throw-away CAs
// (@peculiar/x509 through the testing package's TinyCA), a server that requires client certificates,
// and clients with a good certificate, none, one of another CA, and one with a name not allowed.
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TinyCA, type CertKeyPair } from '../../testing/certs.js';
import { silentLogger } from '../log/logger.js';
import { WebhookServer, type WebhookServerOptions } from './server.js';

let servingCa: TinyCA;
let serving: CertKeyPair;
let clientCa: TinyCA;
let otherCa: TinyCA;
let apiServer: CertKeyPair;
let intruder: CertKeyPair;
let foreign: CertKeyPair;

beforeAll(async () => {
  servingCa = await TinyCA.create('webhook-serving-ca');
  serving = await servingCa.issueServingCert({ hosts: ['127.0.0.1', 'localhost'] });
  clientCa = await TinyCA.create('webhook-client-ca');
  otherCa = await TinyCA.create('another-ca');
  apiServer = await clientCa.issueClientCert({ name: 'kube-apiserver' });
  intruder = await clientCa.issueClientCert({ name: 'intruder' });
  foreign = await otherCa.issueClientCert({ name: 'kube-apiserver' });
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Extra = Pick<WebhookServerOptions, 'allowedClientNames' | 'enableHttp2'> & { caPem?: string };

async function startServer(extra: Extra = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'webhook-mtls-'));
  await writeFile(join(dir, 'tls.crt'), serving.certPem);
  await writeFile(join(dir, 'tls.key'), serving.keyPem);
  await writeFile(join(dir, 'client-ca.crt'), extra.caPem ?? clientCa.pair.certPem);
  const { caPem: _ca, ...options } = extra;
  const server = new WebhookServer({
    port: 0,
    host: '127.0.0.1',
    certDir: dir,
    clientCAName: 'client-ca.crt',
    logger: silentLogger(),
    certPollIntervalMs: 50,
    ...options,
  });
  let calls = 0;
  server.register('/echo', async (body) => {
    calls++;
    return { echoed: body };
  });
  const ac = new AbortController();
  const done = server.start(ac.signal);
  await server.ready();
  cleanups.push(async () => {
    ac.abort();
    await done;
    await rm(dir, { recursive: true, force: true });
  });
  return { server, dir, calls: () => calls };
}

/** post sends one request on a new connection (no agent), presenting `client` when given. */
function post(port: number, client?: CertKeyPair): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/echo',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
        ca: servingCa.certPem,
        servername: 'localhost',
        ...(client === undefined ? {} : { cert: client.certPem, key: client.keyPem }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end('{"a":1}');
  });
}

// Under TLS 1.3 the client finishes its side of the handshake before the server has checked its
// certificate, so the refusal arrives as the server's alert (or a reset) on the first read.
const REFUSED = /certificate required|unknown ca|alert|ECONNRESET|socket hang up/i;

describe('WebhookServer with a client CA', () => {
  it('serves a client whose certificate the client CA signed', async () => {
    const { server, calls } = await startServer();
    const reply = await post(server.port, apiServer);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ echoed: { a: 1 } });
    expect(calls()).toBe(1);
  });

  it('refuses a client without a certificate, and one whose certificate another CA signed, at the TLS layer', async () => {
    const { server, calls } = await startServer();
    await expect(post(server.port)).rejects.toThrow(REFUSED);
    await expect(post(server.port, foreign)).rejects.toThrow(REFUSED);
    expect(calls()).toBe(0);
    expect((await post(server.port, apiServer)).status).toBe(200);
  });

  it('closes the connection of a verified client whose name is not allowed, before any handler runs', async () => {
    const { server, calls } = await startServer({ allowedClientNames: ['kube-apiserver'] });
    await expect(post(server.port, intruder)).rejects.toThrow(REFUSED);
    expect(calls()).toBe(0);
    expect((await post(server.port, apiServer)).status).toBe(200);
    expect(calls()).toBe(1);
  });

  it('checks client names over HTTP/2 too', async () => {
    const { server, calls } = await startServer({ allowedClientNames: ['kube-apiserver'], enableHttp2: true });
    await expect(post(server.port, intruder)).rejects.toThrow(REFUSED);
    expect((await post(server.port, apiServer)).status).toBe(200);
    expect(calls()).toBe(1);
  });

  it('trusts the new CA bundle once the file is replaced, and no longer the old one', async () => {
    const { server, dir } = await startServer();
    expect((await post(server.port, apiServer)).status).toBe(200);
    await writeFile(join(dir, 'client-ca.crt.new'), otherCa.pair.certPem);
    await rename(join(dir, 'client-ca.crt.new'), join(dir, 'client-ca.crt'));
    const deadline = Date.now() + 10_000;
    let accepted = false;
    while (!accepted && Date.now() < deadline) {
      accepted = await post(server.port, foreign).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!accepted) await new Promise((r) => setTimeout(r, 25));
    }
    expect(accepted).toBe(true);
    await expect(post(server.port, apiServer)).rejects.toThrow(REFUSED);
  });

  it('accepts a bundle of several CAs', async () => {
    const { server } = await startServer({ caPem: `${clientCa.pair.certPem}\n${otherCa.pair.certPem}` });
    expect((await post(server.port, apiServer)).status).toBe(200);
    expect((await post(server.port, foreign)).status).toBe(200);
  });

  it('fails to start with a message naming the client CA when it holds no certificate', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'webhook-mtls-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'tls.crt'), serving.certPem);
    await writeFile(join(dir, 'tls.key'), serving.keyPem);
    await writeFile(join(dir, 'ca.crt'), 'not a certificate\n');
    const server = new WebhookServer({ port: 0, certDir: dir, clientCAName: 'ca.crt', logger: silentLogger() });
    await expect(server.start(new AbortController().signal)).rejects.toThrow(
      /or the client CA .*ca\.crt: the CA bundle holds no PEM certificate/,
    );
  });

  it('reads the client CA from an absolute path outside the certificate directory', async () => {
    const caDir = await mkdtemp(join(tmpdir(), 'webhook-client-ca-'));
    cleanups.push(() => rm(caDir, { recursive: true, force: true }));
    await writeFile(join(caDir, 'ca.crt'), clientCa.pair.certPem);
    const dir = await mkdtemp(join(tmpdir(), 'webhook-mtls-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'tls.crt'), serving.certPem);
    await writeFile(join(dir, 'tls.key'), serving.keyPem);
    const server = new WebhookServer({
      port: 0,
      host: '127.0.0.1',
      certDir: dir,
      clientCAName: join(caDir, 'ca.crt'),
      logger: silentLogger(),
    });
    server.register('/echo', async () => ({}));
    const ac = new AbortController();
    const done = server.start(ac.signal);
    cleanups.push(async () => {
      ac.abort();
      await done;
    });
    await server.ready();
    expect((await post(server.port, apiServer)).status).toBe(200);
    await expect(post(server.port)).rejects.toThrow(REFUSED);
  });

  it('refuses allowed names without a client CA', () => {
    expect(() => new WebhookServer({ allowedClientNames: ['kube-apiserver'], logger: silentLogger() })).toThrow(
      /allowedClientNames needs clientCAName/,
    );
  });
});
