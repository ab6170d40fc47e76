import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log/logger.js';
import { HealthProbeServer, ping } from './probes.js';

let stop: AbortController;
let server: HealthProbeServer;

beforeEach(() => {
  stop = new AbortController();
  server = new HealthProbeServer({
    address: { host: '127.0.0.1', port: 0 },
    logger: silentLogger(),
    checkTimeoutMs: 50,
  });
});
afterEach(() => stop.abort());

function get(path: string, method = 'GET'): Promise<{ code: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port: server.port, path, method }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
      })
      .on('error', reject)
      .end();
  });
}

describe('HealthProbeServer', () => {
  it('reports each failing check without its reason, and single checks by name', async () => {
    server.addHealthzCheck('ping', ping);
    server.addHealthzCheck('db', () => {
      throw new Error('secret connection string');
    });
    server.addHealthzCheck('slow', () => new Promise<void>(() => undefined));
    void server.start(stop.signal);
    await server.ready();
    const all = await get('/healthz');
    expect(all).toEqual({
      code: 500,
      body: '[+]ping ok\n[-]db failed: reason withheld\n[-]slow failed: reason withheld\nhealthz check failed\n',
    });
    expect(await get('/healthz/ping')).toEqual({ code: 200, body: 'ok' });
    expect((await get('/healthz/db')).code).toBe(500);
    expect((await get('/livez')).code).toBe(404);
    expect((await get('/healthz', 'POST')).code).toBe(404);
  });

  it('passes with no checks and rejects bad or duplicate names', async () => {
    void server.start(stop.signal);
    await server.ready();
    expect(await get('/readyz')).toEqual({ code: 200, body: 'ok' });
    server.addReadyzCheck('a', ping);
    expect(() => server.addReadyzCheck('a', ping)).toThrow(/already registered/);
    expect(() => server.addReadyzCheck('bad name', ping)).toThrow(/invalid/);
  });
});
