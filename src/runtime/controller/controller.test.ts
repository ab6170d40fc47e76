import { pino, type Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../metrics/registry.js';
import { Result, TerminalError, type ReconcileContext, type Request } from '../reconcile/reconcile.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { FakeClock } from '../fake/clock.js';
import { ItemExponentialFailureRateLimiter } from '../workqueue/rate-limiter.js';
import { enqueueRequestForObject } from '../handler/enqueue-object.js';
import { Controller, type ControllerOptions } from './controller.js';
import { FakeCache } from '../fake/cache.js';
import { OwnWrites } from '../cache/own-writes.js';
import { kindSource } from './source.js';

const Widget = defineResource<KubernetesObject>({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const tick = () => new Promise<void>((r) => setImmediate(r));
async function settle(n = 10): Promise<void> {
  for (let i = 0; i < n; i++) await tick();
}

function captureLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug' },
    { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) },
  );
  return { logger, lines };
}

async function metric(name: string, labels: Record<string, string>, metricName?: string): Promise<number | undefined> {
  const m = registry.getSingleMetric(name);
  const data = await m?.get();
  return data?.values.find(
    (v) =>
      Object.entries(labels).every(([k, val]) => v.labels[k] === val) &&
      (metricName === undefined || (v as { metricName?: string }).metricName === metricName),
  )?.value;
}

let seq = 0;
const running: AbortController[] = [];
afterEach(() => {
  for (const c of running.splice(0)) c.abort();
});

function setup(
  reconcile: (ctx: ReconcileContext, req: Request) => Promise<Result | void>,
  extra: Partial<ControllerOptions> = {},
) {
  const cache = new FakeCache();
  const informer = cache.informer(Widget);
  const clock = new FakeClock();
  const { logger, lines } = captureLogger();
  const name = `widget-${++seq}`;
  const controller = new Controller({
    name,
    reconciler: { reconcile },
    logger,
    clock,
    rateLimiter: new ItemExponentialFailureRateLimiter(5, 1000),
    ...extra,
  });
  controller.watch(kindSource(cache, Widget, enqueueRequestForObject()));
  const stop = new AbortController();
  running.push(stop);
  const run = () => controller.start(stop.signal);
  const put = (n: string, meta: Record<string, unknown> = {}) =>
    informer.set({ metadata: { namespace: 'ns', name: n, ...meta } });
  return { controller, informer, clock, lines, name, stop, run, put };
}

describe('Controller', () => {
  it('reconciles objects present at start and new ones, with a logger carrying controller, namespace, name and reconcileID', async () => {
    const seen: Request[] = [];
    const ids = new Set<string>();
    const t = setup(async (ctx, req) => {
      seen.push(req);
      ids.add(ctx.reconcileID);
      ctx.log.info('reconciling');
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    t.put('b');
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { namespace: 'ns', name: 'a' },
      { namespace: 'ns', name: 'b' },
    ]);
    expect(ids.size).toBe(2);
    const line = t.lines.find((l) => l.msg === 'reconciling' && l.name === 'b');
    expect(line).toMatchObject({ controller: t.name, namespace: 'ns', name: 'b' });
    expect(line?.reconcileID).toMatch(/^[0-9a-f-]{36}$/);
    expect(await metric('controller_runtime_reconcile_total', { controller: t.name, result: 'success' })).toBe(2);
    expect(
      await metric(
        'controller_runtime_reconcile_time_seconds',
        { controller: t.name },
        'controller_runtime_reconcile_time_seconds_count',
      ),
    ).toBe(2);
    expect(await metric('controller_runtime_max_concurrent_reconciles', { controller: t.name })).toBe(1);
    expect(await metric('controller_runtime_active_workers', { controller: t.name })).toBe(0);
    expect(await metric('workqueue_adds_total', { name: t.name, controller: t.name })).toBe(2);
    t.stop.abort();
    await done;
  });

  it('reconciles live events before the rest of the initial list, keeping FIFO order within each', async () => {
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const t = setup(async (_ctx, req) => {
      seen.push(req.name);
      if (req.name === 'a') await gate;
    });
    for (const n of ['a', 'b', 'c', 'd']) t.put(n);
    const done = t.run();
    await vi.waitFor(() => expect(seen).toEqual(['a']));
    // While the initial list is worked through: an update of a listed object and a new object.
    t.put('c', { resourceVersion: '2' });
    t.put('live');
    release();
    await vi.waitFor(() => expect(seen).toHaveLength(5));
    expect(seen).toEqual(['a', 'c', 'live', 'b', 'd']);
    t.stop.abort();
    await done;
  });

  it('makes the reconcile logger only when it is used, once per reconcile, and keeps an assigned one', async () => {
    let made = 0;
    const { logger } = captureLogger();
    const used: string[] = [];
    const t = setup(
      async (ctx, req) => {
        if (req.name === 'quiet') {
          used.push(req.name);
          return;
        }
        if (req.name === 'replaced') {
          ctx.log = ctx.log.child({ extra: 'yes' });
          ctx.log.info('replaced');
          used.push(req.name);
          return;
        }
        ctx.log.info('first');
        ctx.log.info('second');
        used.push(req.name);
        if (req.name === 'failing') throw new TerminalError('nope');
      },
      {
        logConstructor: (req) => {
          made++;
          return logger.child({ namespace: req?.namespace, name: req?.name, custom: true });
        },
      },
    );
    t.put('quiet');
    const done = t.run();
    await vi.waitFor(() => expect(used).toEqual(['quiet']));
    await settle();
    expect(made).toBe(0);
    t.put('loud');
    await vi.waitFor(() => expect(used).toEqual(['quiet', 'loud']));
    expect(made).toBe(1);
    t.put('replaced');
    await vi.waitFor(() => expect(used).toEqual(['quiet', 'loud', 'replaced']));
    expect(made).toBe(2);
    t.put('failing');
    await vi.waitFor(() => expect(used).toEqual(['quiet', 'loud', 'replaced', 'failing']));
    await settle();
    // The failing reconcile logged through its logger and the controller reported the error with the same one.
    expect(made).toBe(3);
    t.stop.abort();
    await done;
  });

  it('retries a failing reconcile with per-item exponential backoff, then resets on success', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls++;
      if (calls <= 2) throw new Error('boom');
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(calls).toBe(1));
    await settle();
    t.clock.advance(4);
    await settle();
    expect(calls).toBe(1);
    t.clock.advance(1);
    await vi.waitFor(() => expect(calls).toBe(2));
    await settle();
    t.clock.advance(9);
    await settle();
    expect(calls).toBe(2);
    t.clock.advance(1);
    await vi.waitFor(() => expect(calls).toBe(3));
    await vi.waitFor(async () =>
      expect(await metric('controller_runtime_reconcile_total', { controller: t.name, result: 'success' })).toBe(1),
    );
    expect(await metric('controller_runtime_reconcile_total', { controller: t.name, result: 'error' })).toBe(2);
    expect(await metric('controller_runtime_reconcile_errors_total', { controller: t.name })).toBe(2);
    expect(await metric('workqueue_retries_total', { name: t.name })).toBe(2);
    const errors = t.lines.filter((l) => l.msg === 'Reconciler error');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ level: 50, controller: t.name, name: 'a', err: { message: 'boom' } });
    // Backoff was reset by the success: the next failure waits 5 ms again.
    calls = 0;
    t.put('a', { resourceVersion: '2' });
    await vi.waitFor(() => expect(calls).toBe(1));
    await settle();
    t.clock.advance(5);
    await vi.waitFor(() => expect(calls).toBe(2));
    t.stop.abort();
    await done;
  });

  it('does not retry a TerminalError but logs and counts it', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls++;
      throw new Error('wrapped', { cause: new TerminalError('spec is invalid') });
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(calls).toBe(1));
    await settle();
    t.clock.advance(1_000_000);
    await settle();
    expect(calls).toBe(1);
    expect(t.clock.pendingTimers()).toBe(0);
    expect(await metric('controller_runtime_terminal_reconcile_errors_total', { controller: t.name })).toBe(1);
    expect(await metric('controller_runtime_reconcile_errors_total', { controller: t.name })).toBe(1);
    expect(t.lines.find((l) => l.msg === 'Reconciler error')).toMatchObject({ terminal: true });
    t.stop.abort();
    await done;
  });

  it('honours requeueAfter and forgets the backoff of the request', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls++;
      if (calls === 1 || calls === 3) throw new Error('transient');
      if (calls === 2) return Result.requeueAfter(1000);
      return Result.awaitChange();
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(calls).toBe(1));
    await settle();
    t.clock.advance(5);
    await vi.waitFor(() => expect(calls).toBe(2));
    await settle();
    t.clock.advance(999);
    await settle();
    expect(calls).toBe(2);
    t.clock.advance(1);
    await vi.waitFor(() => expect(calls).toBe(3));
    await settle();
    // The requeueAfter result reset the backoff: this failure waits 5 ms, not 10 ms.
    t.clock.advance(5);
    await vi.waitFor(() => expect(calls).toBe(4));
    expect(await metric('controller_runtime_reconcile_total', { controller: t.name, result: 'requeue_after' })).toBe(1);
    t.stop.abort();
    await done;
  });

  it('treats requeueAfter 0 as a rate-limited requeue', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls++;
      return calls === 1 ? Result.requeueAfter(0) : undefined;
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(calls).toBe(1));
    t.clock.advance(5);
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(await metric('controller_runtime_reconcile_total', { controller: t.name, result: 'requeue' })).toBe(1);
    t.stop.abort();
    await done;
  });

  it('requeues Result.requeue() with the per-item backoff, growing while it repeats', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls++;
      return calls <= 2 ? Result.requeue() : Result.awaitChange();
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(calls).toBe(1));
    await settle();
    t.clock.advance(4);
    await settle();
    expect(calls).toBe(1);
    t.clock.advance(1);
    await vi.waitFor(() => expect(calls).toBe(2));
    await settle();
    // The second requeue in a row backs off twice as long: 10 ms.
    t.clock.advance(9);
    await settle();
    expect(calls).toBe(2);
    t.clock.advance(1);
    await vi.waitFor(() => expect(calls).toBe(3));
    expect(await metric('controller_runtime_reconcile_total', { controller: t.name, result: 'requeue' })).toBe(2);
    expect(await metric('controller_runtime_reconcile_total', { controller: t.name, result: 'success' })).toBe(1);
    t.stop.abort();
    await done;
  });

  it('holds requests while the API server is unreachable and runs them all when a probe gets through, without growing their backoff', async () => {
    let down = true;
    const calls = new Map<string, number>();
    const t = setup(async (_ctx, req) => {
      calls.set(req.name, (calls.get(req.name) ?? 0) + 1);
      if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6443'), { code: 'ECONNREFUSED' });
      if (req.name === 'a' && calls.get('a') === 3) throw new Error('a real failure');
    });
    for (const n of ['a', 'b', 'c']) t.put(n);
    const done = t.run();
    await vi.waitFor(() => expect([...calls.values()]).toEqual([1, 1, 1]));
    await settle();
    // Only one request at a time goes back as a probe: 100 ms, then 200 ms.
    t.clock.advance(100);
    await vi.waitFor(() => expect([...calls.values()].reduce((x, y) => x + y)).toBe(4));
    await settle();
    down = false;
    t.clock.advance(199);
    await settle();
    expect([...calls.values()].reduce((x, y) => x + y)).toBe(4);
    t.clock.advance(1);
    // The probe succeeds: every held request runs at once.
    await vi.waitFor(() => expect([...calls.values()].reduce((x, y) => x + y)).toBe(7));
    await settle();
    // a failed as a probe, then for a real reason on release: that failure waits the first backoff step
    // (5 ms), as the failures of the outage were not counted.
    expect(calls.get('a')).toBe(3);
    t.clock.advance(4);
    await settle();
    expect(calls.get('a')).toBe(3);
    t.clock.advance(1);
    await vi.waitFor(() => expect(calls.get('a')).toBe(4));
    expect(t.lines.some((l) => l.msg === 'Reconciler error' && l.unavailable === true)).toBe(true);
    t.stop.abort();
    await done;
  });

  it('holds only the request whose own write the cache does not show yet, until it does', async () => {
    const cache = new FakeCache();
    const informer = cache.informer(Widget);
    const clock = new FakeClock();
    const ownWrites = new OwnWrites(cache, { setTimer: (ms, fn) => clock.setTimer(ms, fn) });
    const seen: string[] = [];
    const name = `widget-${++seq}`;
    const controller = new Controller({
      name,
      logger: captureLogger().logger,
      clock,
      ownWrites,
      readYourWritesTimeoutMs: 1000,
      reconciler: {
        reconcile: async (_ctx, req) => {
          const version = informer.get(req)?.metadata?.resourceVersion ?? '-';
          seen.push(`${req.name}@${version}`);
          if (version === '1') {
            // The reconciler's update, answered by the API server with the next resourceVersion.
            ownWrites.recordWrite(Widget, { metadata: { namespace: 'ns', name: req.name, resourceVersion: '2' } });
            return Result.requeueAfter(1);
          }
          return undefined;
        },
      },
    });
    controller.watch(kindSource(cache, Widget, enqueueRequestForObject()));
    const stop = new AbortController();
    running.push(stop);
    informer.set({ metadata: { namespace: 'ns', name: 'a', resourceVersion: '1' } });
    informer.set({ metadata: { namespace: 'ns', name: 'slow', resourceVersion: '1' } });
    const done = controller.start(stop.signal);
    await vi.waitFor(() => expect(seen).toEqual(['a@1', 'slow@1']));
    await settle();
    // The requeues are due, but the cache still holds resourceVersion 1: both are held, not reconciled.
    clock.advance(1);
    await settle();
    expect(seen).toEqual(['a@1', 'slow@1']);
    expect(await metric('controller_runtime_reconcile_stale_skipped_total', { controller: name })).toBe(2);
    // The watch delivers a's update: only a runs, on the new state.
    informer.set({ metadata: { namespace: 'ns', name: 'a', resourceVersion: '2' } });
    await vi.waitFor(() => expect(seen).toEqual(['a@1', 'slow@1', 'a@2']));
    // slow's update never shows: it runs at the bound on what the cache has.
    clock.advance(999);
    await settle();
    expect(seen).toEqual(['a@1', 'slow@1', 'a@2']);
    clock.advance(1);
    await vi.waitFor(() => expect(seen).toEqual(['a@1', 'slow@1', 'a@2', 'slow@1']));
    expect(
      await metric(
        'controller_runtime_reconcile_stale_delay_seconds',
        { controller: name, outcome: 'caught_up' },
        'controller_runtime_reconcile_stale_delay_seconds_count',
      ),
    ).toBe(1);
    expect(
      await metric(
        'controller_runtime_reconcile_stale_delay_seconds',
        { controller: name, outcome: 'timed_out' },
        'controller_runtime_reconcile_stale_delay_seconds_count',
      ),
    ).toBe(1);
    stop.abort();
    await done;
  });

  it('runs at most maxConcurrentReconciles at once and never one key twice at once', async () => {
    let active = 0;
    let peak = 0;
    const perKey = new Map<string, number>();
    let overlap = false;
    const releases: Array<() => void> = [];
    const seen: string[] = [];
    const t = setup(
      async (_ctx, req) => {
        active++;
        peak = Math.max(peak, active);
        perKey.set(req.name, (perKey.get(req.name) ?? 0) + 1);
        if ((perKey.get(req.name) ?? 0) > 1) overlap = true;
        seen.push(req.name);
        await new Promise<void>((r) => releases.push(r));
        perKey.set(req.name, (perKey.get(req.name) ?? 0) - 1);
        active--;
      },
      { maxConcurrentReconciles: 2 },
    );
    for (const n of ['a', 'b', 'c', 'd']) t.put(n);
    const done = t.run();
    await vi.waitFor(() => expect(active).toBe(2));
    // An update of a key in flight is held back until that reconcile returns.
    t.put('a', { resourceVersion: '2' });
    await settle();
    expect(active).toBe(2);
    expect(await metric('controller_runtime_active_workers', { controller: t.name })).toBe(2);
    while (seen.length < 5 || active > 0) {
      releases.shift()?.();
      await settle(3);
    }
    expect(peak).toBe(2);
    expect(overlap).toBe(false);
    expect(seen.filter((n) => n === 'a')).toHaveLength(2);
    expect(seen.slice(0, 2)).toEqual(['a', 'b']);
    t.stop.abort();
    await done;
  });

  it('survives a reconciler that throws synchronously: counts a panic and retries', async () => {
    let calls = 0;
    const t = setup(() => {
      calls++;
      if (calls === 1) throw new Error('sync boom');
      return Promise.resolve();
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(calls).toBe(1));
    await settle();
    t.clock.advance(5);
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(await metric('controller_runtime_reconcile_panics_total', { controller: t.name })).toBe(1);
    expect(t.lines.find((l) => l.msg === 'Reconciler error')).toMatchObject({ panic: true });
    t.stop.abort();
    await done;
  });

  it('treats an invalid requeueAfter as an error and a thrown non-Error as a panic', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls++;
      if (calls === 1) return { requeueAfter: -1 };
      if (calls === 2) throw 'a string';
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(calls).toBe(1));
    await settle();
    t.clock.advance(5);
    await vi.waitFor(() => expect(calls).toBe(2));
    await settle();
    t.clock.advance(10);
    await vi.waitFor(() => expect(calls).toBe(3));
    const errors = t.lines.filter((l) => l.msg === 'Reconciler error');
    expect(errors.map((l) => (l.err as { message: string }).message)).toEqual([
      'reconcile returned an invalid requeueAfter: -1',
      'non-Error value thrown: a string',
    ]);
    expect(await metric('controller_runtime_reconcile_panics_total', { controller: t.name })).toBe(1);
    t.stop.abort();
    await done;
  });

  it('keeps serving other keys while one reconcile hangs, and aborts its signal on shutdown', async () => {
    const seen: string[] = [];
    let hungSignal: AbortSignal | undefined;
    const t = setup(
      async (ctx, req) => {
        seen.push(req.name);
        if (req.name === 'stuck') {
          hungSignal = ctx.signal;
          await new Promise<void>((r) => ctx.signal.addEventListener('abort', () => r(), { once: true }));
        }
      },
      { maxConcurrentReconciles: 2 },
    );
    t.put('stuck');
    const done = t.run();
    await vi.waitFor(() => expect(seen).toEqual(['stuck']));
    for (const n of ['x', 'y', 'z']) t.put(n);
    await vi.waitFor(() => expect(seen).toEqual(['stuck', 'x', 'y', 'z']));
    let finished = false;
    void done.then(() => (finished = true));
    t.stop.abort();
    await done;
    expect(finished).toBe(true);
    expect(hungSignal?.aborted).toBe(true);
    expect(t.lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['Shutdown signal received, waiting for all workers to finish', 'All workers finished']),
    );
  });

  it('aborts the signal of a reconcile that exceeds reconcileTimeoutMs and retries it', async () => {
    let calls = 0;
    const t = setup(
      async (ctx) => {
        calls++;
        if (calls > 1) return;
        await new Promise<void>((_, reject) =>
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true }),
        );
      },
      { reconcileTimeoutMs: 1000 },
    );
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(calls).toBe(1));
    t.clock.advance(1000);
    await vi.waitFor(() =>
      expect(t.lines.some((l) => l.msg === 'Reconcile exceeded its timeout, aborting its signal')).toBe(true),
    );
    await settle();
    t.clock.advance(5);
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(t.lines.find((l) => l.msg === 'Reconciler error')).toMatchObject({
      err: { message: 'reconcile exceeded its timeout of 1000 ms' },
    });
    t.stop.abort();
    await done;
  });

  it('waits for an in-flight reconcile on shutdown and takes no new work', async () => {
    let release: () => void = () => {};
    const seen: string[] = [];
    const t = setup(async (_ctx, req) => {
      seen.push(req.name);
      if (req.name === 'a') await new Promise<void>((r) => (release = r));
    });
    t.put('a');
    const done = t.run();
    await vi.waitFor(() => expect(seen).toEqual(['a']));
    t.put('b');
    let finished = false;
    void done.then(() => (finished = true));
    t.stop.abort();
    await settle();
    expect(finished).toBe(false);
    release();
    await done;
    expect(seen).toEqual(['a']);
    expect(t.informer.handlerCount()).toBe(0);
  });

  it('stops with the panic when recoverPanic is false', async () => {
    const t = setup(
      () => {
        throw new Error('fatal');
      },
      { recoverPanic: false },
    );
    t.put('a');
    await expect(t.run()).rejects.toThrow('fatal');
  });

  it('fails to start when the caches do not sync in time, and returns quietly when stopped while waiting', async () => {
    const cache = new FakeCache({ synced: false });
    const clock = new FakeClock();
    const mk = (cacheSyncTimeoutMs: number) => {
      const c = new Controller({
        name: `sync-${++seq}`,
        reconciler: { reconcile: async () => {} },
        logger: pino({ level: 'silent' }),
        clock,
        cacheSyncTimeoutMs,
      });
      c.watch(kindSource(cache, Widget, enqueueRequestForObject()));
      return c;
    };
    const failing = mk(100).start(new AbortController().signal);
    await settle();
    clock.advance(100);
    await expect(failing).rejects.toThrow(/timed out after 100 ms/);

    const stop = new AbortController();
    const quiet = mk(1000).start(stop.signal);
    await settle();
    stop.abort();
    await expect(quiet).resolves.toBeUndefined();
  });

  it('refuses to start twice and rejects a bad maxConcurrentReconciles', async () => {
    const t = setup(async () => {});
    const done = t.run();
    await expect(t.controller.start(new AbortController().signal)).rejects.toThrow(/more than once/);
    expect(
      () =>
        new Controller({
          name: 'x',
          reconciler: { reconcile: async () => {} },
          logger: pino({ level: 'silent' }),
          maxConcurrentReconciles: 0,
        }),
    ).toThrow(RangeError);
    t.stop.abort();
    await done;
  });
});
