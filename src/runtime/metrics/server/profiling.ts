import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as V8 from 'node:v8';
import type { Logger } from '../../log/logger.js';

/** ProfilingOptions turns on the profiling endpoints of the metrics server. */
export interface ProfilingOptions {
  /** Serve `/debug/profile/{cpu,heap,handles}`; default false. */
  enabled?: boolean | undefined;
  /** Longest CPU profile a caller may ask for, in seconds; 300 when absent. */
  maxCpuSeconds?: number | undefined;
}

/** PROFILING_PATH_PREFIX is the path under which the profiling endpoints are served. */
export const PROFILING_PATH_PREFIX = '/debug/profile/';
const DEFAULT_CPU_SECONDS = 30;
const DEFAULT_MAX_CPU_SECONDS = 300;

/** ProfilingReply is what a profiling endpoint answers when it does not stream a profile. */
interface ProfilingReply {
  code: number;
  body: string;
  contentType?: string;
}

// One profile at a time in the process: the V8 profiler and a heap snapshot are process-wide, and a heap
// snapshot needs memory of the order of the heap itself.
let busy: string | undefined;

/**
 * ProfilingEndpoints serve what Go operators get from net/http/pprof, the Node.js way: a CPU profile of the
 * next N seconds through `node:inspector` (a `.cpuprofile` for the Performance panel of Chrome DevTools),
 * a V8 heap snapshot (a `.heapsnapshot` for the Memory panel), and a summary of the resources keeping the
 * event loop alive. The metrics server authorizes each request for its own path before handing it over.
 * `node:inspector` and `node:v8` are loaded on the first profile, so an operator that never profiles never
 * loads them.
 */
export class ProfilingEndpoints {
  private readonly maxCpuSeconds: number;

  constructor(
    options: ProfilingOptions,
    private readonly log: Logger,
    private readonly shutdown: AbortSignal,
  ) {
    this.maxCpuSeconds = options.maxCpuSeconds ?? DEFAULT_MAX_CPU_SECONDS;
  }

  /** ProfilingEndpoints.serve answers one request for a path under {@link PROFILING_PATH_PREFIX}. */
  async serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const what = url.pathname.slice(PROFILING_PATH_PREFIX.length);
    if (what === 'handles') {
      send(res, { code: 200, body: `${JSON.stringify(handlesSummary(), null, 2)}\n`, contentType: 'application/json' });
      return;
    }
    if (what !== 'cpu' && what !== 'heap') {
      send(res, { code: 404, body: '404 page not found\n' });
      return;
    }
    const seconds = what === 'cpu' ? this.cpuSeconds(url.searchParams.get('seconds')) : 0;
    if (typeof seconds === 'string') {
      send(res, { code: 400, body: `${seconds}\n` });
      return;
    }
    if (busy !== undefined) {
      send(res, { code: 409, body: `a ${busy} profile is being taken; try again when it is done\n` });
      return;
    }
    busy = what;
    const started = performance.now();
    try {
      if (what === 'cpu') await this.cpuProfile(req, res, seconds);
      else await heapSnapshot(res);
      const ms = Math.round(performance.now() - started);
      this.log.info({ profile: what, seconds: what === 'cpu' ? seconds : undefined, ms }, 'served a profile');
    } finally {
      busy = undefined;
    }
  }

  private cpuSeconds(param: string | null): number | string {
    if (param === null || param === '') return Math.min(DEFAULT_CPU_SECONDS, this.maxCpuSeconds);
    const seconds = Number(param);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > this.maxCpuSeconds) {
      return `seconds must be a whole number from 1 to ${this.maxCpuSeconds}, got "${param}"`;
    }
    return seconds;
  }

  private async cpuProfile(req: IncomingMessage, res: ServerResponse, seconds: number): Promise<void> {
    const inspector = await import('node:inspector/promises');
    const session = new inspector.Session();
    session.connect();
    try {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      const ended = await untilOrClosed(seconds * 1000, req, res, this.shutdown);
      const { profile } = await session.post('Profiler.stop');
      if (ended === 'closed') return;
      if (ended === 'shutdown') {
        // Not kept alive: the server is closing and waits for this connection.
        res.shouldKeepAlive = false;
        send(res, { code: 503, body: 'the manager is shutting down\n' });
        return;
      }
      const body = JSON.stringify(profile);
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Disposition': `attachment; filename="${fileName('cpuprofile')}"`,
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
    } finally {
      session.disconnect();
    }
  }
}

/**
 * heapSnapshot streams a V8 heap snapshot. V8 writes the snapshot while the event loop waits (a fraction of
 * a second for an operator's heap); the response then streams it in chunks.
 */
async function heapSnapshot(res: ServerResponse): Promise<void> {
  const v8: typeof V8 = process.getBuiltinModule('node:v8');
  const snapshot = v8.getHeapSnapshot();
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Disposition': `attachment; filename="${fileName('heapsnapshot')}"`,
  });
  await new Promise<void>((resolve) => {
    snapshot.once('end', resolve);
    snapshot.once('error', () => {
      res.destroy();
      resolve();
    });
    // A caller that goes away stops the stream; the snapshot's memory is released with it.
    res.once('close', () => {
      snapshot.destroy();
      resolve();
    });
    snapshot.pipe(res);
  });
}

/** handlesSummary counts the resources keeping the event loop alive by type, with the process' memory. */
export function handlesSummary(): object {
  const types = process.getActiveResourcesInfo();
  const byType: Record<string, number> = {};
  for (const type of [...types].sort()) byType[type] = (byType[type] ?? 0) + 1;
  const memory = process.memoryUsage();
  return {
    activeResources: { total: types.length, byType },
    memory: {
      rss: memory.rss,
      heapTotal: memory.heapTotal,
      heapUsed: memory.heapUsed,
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
    },
    uptimeSeconds: Math.round(process.uptime()),
    pid: process.pid,
  };
}

/** untilOrClosed waits `ms`, unless the caller hangs up or the server shuts down first. */
function untilOrClosed(
  ms: number,
  req: IncomingMessage,
  res: ServerResponse,
  shutdown: AbortSignal,
): Promise<'elapsed' | 'closed' | 'shutdown'> {
  return new Promise((resolve) => {
    if (shutdown.aborted) {
      resolve('shutdown');
      return;
    }
    const done = (how: 'elapsed' | 'closed' | 'shutdown') => {
      clearTimeout(timer);
      req.socket.off('close', onClose);
      shutdown.removeEventListener('abort', onShutdown);
      resolve(how);
    };
    const onClose = () => done('closed');
    const onShutdown = () => done('shutdown');
    const timer = setTimeout(() => done('elapsed'), ms);
    req.socket.once('close', onClose);
    shutdown.addEventListener('abort', onShutdown, { once: true });
    if (res.destroyed) done('closed');
  });
}

function fileName(extension: string): string {
  return `${process.pid}-${new Date().toISOString().replace(/[:.]/g, '-')}.${extension}`;
}

function send(res: ServerResponse, reply: ProfilingReply): void {
  res.writeHead(reply.code, {
    'Content-Type': reply.contentType ?? 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(reply.body);
}
