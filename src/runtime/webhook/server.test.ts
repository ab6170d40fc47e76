import { mkdtemp, rm, writeFile, rename } from 'node:fs/promises';
import { request } from 'node:https';
import { connect as http2Connect } from 'node:http2';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect, type PeerCertificate } from 'node:tls';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
// Certificates for the test come from the testing package's throw-away CA (@peculiar/x509).
import { TinyCA, type CertKeyPair } from '../../testing/certs.js';
import { silentLogger } from '../log/logger.js';
import { WebhookServer } from './server.js';

let ca: TinyCA;
let first: CertKeyPair;
let second: CertKeyPair;

beforeAll(async () => {
  ca = await TinyCA.create('webhook-test-ca');
  first = await ca.issueServingCert({ hosts: ['127.0.0.1', 'localhost'] });
  second = await ca.issueServingCert({ hosts: ['127.0.0.1', 'localhost'], commonName: 'second' });
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function startServer(extra: { enableHttp2?: boolean; maxBodyBytes?: number } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'webhook-certs-'));
  await writeFile(join(dir, 'tls.crt'), first.certPem);
  await writeFile(join(dir, 'tls.key'), first.keyPem);
  const server = new WebhookServer({
    port: 0,
    host: '127.0.0.1',
    certDir: dir,
    logger: silentLogger(),
    certPollIntervalMs: 50,
    ...extra,
  });
  server.register('/echo', async (body) => ({ echoed: body }));
  server.register(
    '/boom',
    async () => {
      throw new Error('handler exploded');
    },
    {
      errorBody: (uid, code, message) => ({
        kind: 'AdmissionReview',
        response: { uid: uid ?? '', allowed: false, status: { code, message } },
      }),
    },
  );
  const ac = new AbortController();
  const done = server.start(ac.signal);
  await server.ready();
  cleanups.push(async () => {
    ac.abort();
    await done;
    await rm(dir, { recursive: true, force: true });
  });
  return { server, dir };
}

interface Reply {
  status: number;
  body: string;
  headers: Record<string, unknown>;
}

function post(
  port: number,
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  method = 'POST',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers, ca: ca.certPem, servername: 'localhost' },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
        );
      },
    );
    // The server may answer (413) and close before the whole body is written.
    req.on('error', (err) =>
      String(err).includes('EPIPE') || String(err).includes('ECONNRESET') ? undefined : reject(err),
    );
    req.end(body);
  });
}

function peerCert(
  port: number,
  options: { minVersion?: 'TLSv1' | 'TLSv1.2'; maxVersion?: 'TLSv1.1' | 'TLSv1.3'; ciphers?: string } = {},
): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca: ca.certPem, servername: 'localhost', ...options }, () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve(cert);
    });
    socket.on('error', reject);
  });
}

describe('WebhookServer', () => {
  it('serves registered handlers over TLS and reports the bound port', async () => {
    const { server } = await startServer();
    expect(server.port).toBeGreaterThan(0);
    const reply = await post(server.port, '/echo', JSON.stringify({ a: 1 }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ echoed: { a: 1 } });
  });

  it('answers 404, 405, 415 and 400 for bad requests and keeps serving', async () => {
    const { server } = await startServer();
    expect((await post(server.port, '/nope', '{}')).status).toBe(404);
    const get = await post(server.port, '/echo', '', {}, 'GET');
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await post(server.port, '/echo', '{}', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(server.port, '/echo', '')).status).toBe(400);
    const malformed = await post(
      server.port,
      '/boom',
      '{"request": {"uid": "705ab4f5-6393-11e8-b7cc-42010a800002", "kind": ',
    );
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({
      response: { uid: '705ab4f5-6393-11e8-b7cc-42010a800002', allowed: false, status: { code: 400 } },
    });
    expect((await post(server.port, '/echo', '{"ok":true}')).status).toBe(200);
  });

  it('turns a failing handler into a 500 review response', async () => {
    const { server } = await startServer();
    const reply = await post(server.port, '/boom', JSON.stringify({ request: { uid: 'abc' } }));
    expect(reply.status).toBe(500);
    expect(JSON.parse(reply.body)).toMatchObject({
      response: { uid: 'abc', allowed: false, status: { code: 500, message: 'handler exploded' } },
    });
  });

  it('answers 413 for bodies above the limit, declared or streamed', async () => {
    const { server } = await startServer({ maxBodyBytes: 1024 });
    const big = Buffer.alloc(64 * 1024, 'a');
    expect((await post(server.port, '/echo', big)).status).toBe(413);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/echo',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          ca: ca.certPem,
          servername: 'localhost',
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (err) => (String(err).match(/EPIPE|ECONNRESET/) ? undefined : reject(err)));
      req.write(big.subarray(0, 800));
      req.end(big.subarray(800, 4000));
    });
    expect(chunked).toBe(413);
    expect((await post(server.port, '/echo', '{"still":"up"}')).status).toBe(200);
  });

  it('survives plain-text HTTP and garbage on the TLS port', async () => {
    const { server } = await startServer();
    await new Promise<void>((resolve) => {
      const s = netConnect({ host: '127.0.0.1', port: server.port }, () =>
        s.end('GET /echo HTTP/1.1\r\nHost: x\r\n\r\n\x00\xff garbage'),
      );
      s.on('close', () => resolve());
      s.on('error', () => resolve());
      s.resume();
    });
    expect((await post(server.port, '/echo', '{"alive":true}')).status).toBe(200);
  });

  it('refuses TLS 1.1', async () => {
    const { server } = await startServer();
    await expect(
      peerCert(server.port, { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' }),
    ).rejects.toThrow();
    await expect(peerCert(server.port)).resolves.toBeDefined();
  });

  it('speaks only HTTP/1.1 by default and HTTP/2 when enabled', async () => {
    const alpn = (port: number) =>
      new Promise<string | false>((resolve, reject) => {
        const s = tlsConnect(
          { host: '127.0.0.1', port, ca: ca.certPem, servername: 'localhost', ALPNProtocols: ['h2', 'http/1.1'] },
          () => {
            resolve(s.alpnProtocol ?? false);
            s.end();
          },
        );
        s.on('error', reject);
      });
    const plain = await startServer();
    expect(await alpn(plain.server.port)).toBe('http/1.1');
    const h2 = await startServer({ enableHttp2: true });
    expect(await alpn(h2.server.port)).toBe('h2');
    const reply = await new Promise<string>((resolve, reject) => {
      const session = http2Connect(`https://localhost:${h2.server.port}`, {
        ca: ca.certPem,
        host: '127.0.0.1',
      } as never);
      session.on('error', reject);
      const stream = session.request({ ':method': 'POST', ':path': '/echo', 'content-type': 'application/json' });
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        session.close();
        resolve(data);
      });
      stream.end('{"h2":true}');
    });
    expect(JSON.parse(reply)).toEqual({ echoed: { h2: true } });
  });

  it('stops while clients keep HTTP/1.1 and HTTP/2 connections open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'webhook-certs-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'tls.crt'), first.certPem);
    await writeFile(join(dir, 'tls.key'), first.keyPem);
    // A grace period far beyond the test timeout: stopping must not depend on cutting connections.
    const server = new WebhookServer({
      port: 0,
      host: '127.0.0.1',
      certDir: dir,
      logger: silentLogger(),
      enableHttp2: true,
      shutdownGracePeriodMs: 600_000,
    });
    server.register('/echo', async (body) => body);
    const ac = new AbortController();
    const done = server.start(ac.signal);
    await server.ready();
    const session = http2Connect(`https://localhost:${server.port}`, { ca: ca.certPem, host: '127.0.0.1' } as never);
    session.on('error', () => undefined);
    await new Promise<void>((resolve) => {
      const stream = session.request({ ':method': 'POST', ':path': '/echo', 'content-type': 'application/json' });
      stream.on('data', () => undefined);
      stream.on('end', () => resolve());
      stream.end('{}');
    });
    const agentReply = await post(server.port, '/echo', '{}', {
      'content-type': 'application/json',
      connection: 'keep-alive',
    });
    expect(agentReply.status).toBe(200);
    ac.abort();
    await expect(done).resolves.toBeUndefined();
  });

  it('reloads the certificate when the files are replaced', async () => {
    const { server, dir } = await startServer();
    const before = await peerCert(server.port);
    expect(before.subject.CN).toBe('127.0.0.1');
    // Replace atomically as kubelet does, key first so that a half-updated pair is never read as valid.
    await writeFile(join(dir, 'tls.key.new'), second.keyPem);
    await writeFile(join(dir, 'tls.crt.new'), second.certPem);
    await rename(join(dir, 'tls.key.new'), join(dir, 'tls.key'));
    await rename(join(dir, 'tls.crt.new'), join(dir, 'tls.crt'));
    let cn = before.subject.CN;
    for (let i = 0; i < 200 && cn !== 'second'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      cn = (await peerCert(server.port)).subject.CN;
    }
    expect(cn).toBe('second');
  });

  it('fails to start with a clear message when the certificate is missing', async () => {
    const server = new WebhookServer({
      port: 0,
      certDir: join(tmpdir(), 'does-not-exist-webhook'),
      logger: silentLogger(),
    });
    await expect(server.start(new AbortController().signal)).rejects.toThrow(
      /cannot load the serving certificate .*tls\.crt/,
    );
    await expect(server.ready()).rejects.toThrow(/cannot load/);
  });

  it('refuses duplicate paths', () => {
    const server = new WebhookServer({ logger: silentLogger() });
    server.register('/a', async () => ({}));
    expect(() => server.register('/a', async () => ({}))).toThrow(/already registered/);
  });
});
