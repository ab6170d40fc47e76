import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log/logger.js';
import { nodeHttp as http } from '../node-cjs.js';
import type { Runnable } from '../runnable.js';
import type { BindAddress } from '../bind-address.js';

/** Checker is a health or readiness check: it passes by returning, fails by throwing (or returning false). */
export type Checker = () => void | boolean | Promise<void | boolean>;

/** ping is a check that always passes, like controller-runtime's `healthz.Ping`. */
export const ping: Checker = () => undefined;

/** HealthProbeServerOptions configures a {@link HealthProbeServer}. */
export interface HealthProbeServerOptions {
  address: BindAddress;
  logger: Logger;
  /** Longest time one check may take before it counts as failed; 10 s. */
  checkTimeoutMs?: number;
}

/**
 * HealthProbeServer serves `/healthz` and `/readyz` for the kubelet, in the format of the Kubernetes
 * healthz package: 200 `ok` when every check passes, 500 with one `[+]name ok` / `[-]name failed` line per
 * check otherwise (also with `?verbose`), and `/healthz/<name>`, `/readyz/<name>` for a single check.
 */
export class HealthProbeServer implements Runnable {
  /** HealthProbeServer.needLeaderElection is false: every replica answers probes. */
  readonly needLeaderElection = false;
  private readonly healthz = new Map<string, Checker>();
  private readonly readyz = new Map<string, Checker>();
  private readonly server: Server;
  private readonly log: Logger;
  private boundPort: number | undefined;
  private resolveReady!: () => void;
  private readonly readyPromise = new Promise<void>((r) => (this.resolveReady = r));

  constructor(private readonly options: HealthProbeServerOptions) {
    this.log = options.logger.child({ logger: 'health-probes' });
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  /** HealthProbeServer.addHealthzCheck adds a liveness check; names must be unique. */
  addHealthzCheck(name: string, check: Checker): void {
    addCheck(this.healthz, 'healthz', name, check);
  }

  /** HealthProbeServer.addReadyzCheck adds a readiness check; names must be unique. */
  addReadyzCheck(name: string, check: Checker): void {
    addCheck(this.readyz, 'readyz', name, check);
  }

  /** HealthProbeServer.port is the bound port once {@link HealthProbeServer.ready} resolved. */
  get port(): number | undefined {
    return this.boundPort;
  }

  /** HealthProbeServer.ready resolves once the server listens. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** HealthProbeServer.start listens until the signal aborts. */
  async start(signal: AbortSignal): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.address.port, this.options.address.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.boundPort = (this.server.address() as AddressInfo).port;
    this.log.info({ port: this.boundPort, host: this.options.address.host }, 'starting health probe server');
    this.resolveReady();
    if (!signal.aborted) await new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://probe');
    const [, group, name, ...extra] = url.pathname.split('/');
    const checks = group === 'healthz' ? this.healthz : group === 'readyz' ? this.readyz : undefined;
    if (checks === undefined || extra.length > 0 || (req.method !== 'GET' && req.method !== 'HEAD')) {
      reply(res, 404, '404 page not found\n');
      return;
    }
    let selected = [...checks.entries()];
    if (name !== undefined && name !== '') {
      const check = checks.get(name);
      if (check === undefined) {
        reply(res, 404, `no such ${group} check: ${name}\n`);
        return;
      }
      selected = [[name, check]];
    }
    const results = await Promise.all(selected.map(async ([n, check]) => ({ name: n, err: await this.run(check) })));
    const failed = results.filter((r) => r.err !== undefined);
    for (const f of failed) this.log.info({ check: f.name, probe: group, err: f.err }, 'health check failed');
    if (failed.length === 0 && !url.searchParams.has('verbose')) {
      reply(res, 200, 'ok');
      return;
    }
    const lines = results.map((r) =>
      r.err === undefined ? `[+]${r.name} ok` : `[-]${r.name} failed: reason withheld`,
    );
    lines.push(failed.length === 0 ? `${group} check passed` : `${group} check failed`);
    reply(res, failed.length === 0 ? 200 : 500, `${lines.join('\n')}\n`);
  }

  private async run(check: Checker): Promise<Error | undefined> {
    const timeoutMs = this.options.checkTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`check did not finish within ${timeoutMs} ms`)), timeoutMs);
      });
      const result = await Promise.race([Promise.resolve().then(check), timeout]);
      return result === false ? new Error('check returned false') : undefined;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    } finally {
      clearTimeout(timer);
    }
  }
}

function addCheck(checks: Map<string, Checker>, kind: string, name: string, check: Checker): void {
  if (!/^[A-Za-z0-9][-A-Za-z0-9_.]*$/.test(name))
    throw new Error(`${kind} check name "${name}" is invalid: use letters, digits, '-', '_' and '.'`);
  if (checks.has(name)) throw new Error(`${kind} check "${name}" is already registered`);
  checks.set(name, check);
}

function reply(res: ServerResponse, code: number, body: string): void {
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}
