import { createServer } from 'node:net';
import { createHistogram, type ELDHistogram } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { countAtOrBelow, EventLoopLagHistogram } from './eventloop-lag.js';
import { createRuntimeMetrics, RUNTIME_METRIC_NAMES, registerRuntimeMetrics } from './runtime-health.js';

/** sample reads one sample's value from Prometheus text; `labels` is the exact label text, such as `le="0.1"`. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const prefix = labels === '' ? `${name} ` : `${name}{${labels}} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

const MS = 1e6;

describe('countAtOrBelow', () => {
  it('counts the samples of a real Node.js histogram at or below a limit', () => {
    const h = createHistogram();
    for (let v = 1; v <= 1000; v++) h.record(v);
    expect(countAtOrBelow(h, 0, 1000)).toBe(0);
    expect(countAtOrBelow(h, 1, 1000)).toBe(1);
    expect(countAtOrBelow(h, 250, 1000)).toBe(250);
    expect(countAtOrBelow(h, 999, 1000)).toBe(999);
    expect(countAtOrBelow(h, 5000, 1000)).toBe(1000);
  });
});

describe('EventLoopLagHistogram', () => {
  it('exports the monitor samples less the resolution as cumulative buckets, and keeps every sample across scrapes', () => {
    const monitor = createHistogram();
    const lag = new EventLoopLagHistogram(monitor as unknown as ELDHistogram, 10);
    // Each sample is the time between two timer firings: the 10 ms resolution plus the lag.
    for (const lagMs of [0.5, 3, 30, 2000]) monitor.record(Math.round((10 + lagMs) * MS));
    const first = lag.get();
    const bucket = (le: number | string) =>
      first.values.find((v) => v.metricName.endsWith('_bucket') && v.labels['le'] === le)?.value;
    expect([bucket(0.001), bucket(0.005), bucket(0.025), bucket(0.05), bucket(1), bucket(2.5), bucket('+Inf')]).toEqual(
      [1, 2, 2, 3, 3, 4, 4],
    );
    expect(first.values.find((v) => v.metricName.endsWith('_sum'))?.value).toBeCloseTo(2.0335, 2);
    expect(monitor.count).toBe(4);

    monitor.record(Math.round(10.2 * MS));
    const second = lag.get();
    expect(second.values.find((v) => v.metricName.endsWith('_count'))?.value).toBe(5);
    expect(second.values.find((v) => v.labels['le'] === 0.001)?.value).toBe(2);
  });
});

describe('registerRuntimeMetrics', () => {
  it('registers every runtime metric once, and refuses a foreign metric under one of its names', async () => {
    const registry = new Registry();
    registerRuntimeMetrics(registry);
    registerRuntimeMetrics(registry);
    const text = await registry.metrics();
    for (const name of RUNTIME_METRIC_NAMES) expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds histogram');
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1 << 20);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(sample(text, 'nodejs_heap_size_used_bytes')!);

    const other = new Registry();
    new Counter({ name: 'process_cpu_seconds_total', help: 'collectDefaultMetrics', registers: [other] });
    expect(() => registerRuntimeMetrics(other)).toThrow(
      /process_cpu_seconds_total is already registered.*runtimeMetrics: false/,
    );
  });

  it('leaves the GC durations out when asked, and only them', () => {
    const names = (gc: boolean) => createRuntimeMetrics(100, gc).map((m) => (m as unknown as { name: string }).name);
    expect(names(false)).toEqual(RUNTIME_METRIC_NAMES.filter((n) => n !== 'nodejs_gc_duration_seconds'));
    expect(names(true)).toEqual(RUNTIME_METRIC_NAMES);
  });

  it('shows a blocked event loop in the lag histogram', async () => {
    const registry = new Registry();
    registerRuntimeMetrics(registry);
    // The monitor records from its second firing on (the first only marks the time): let it fire twice.
    await new Promise((r) => setTimeout(r, 250));
    const before = await registry.metrics();
    const slowBefore =
      sample(before, 'nodejs_eventloop_lag_seconds_count')! -
      sample(before, 'nodejs_eventloop_lag_seconds_bucket', 'le="0.1"')!;
    // Longer than the monitor's 100 ms period plus the bucket bound, so one sample lags more than 0.1 s.
    const until = performance.now() + 250;
    while (performance.now() < until);
    await new Promise((r) => setTimeout(r, 30));
    const after = await registry.metrics();
    const slowAfter =
      sample(after, 'nodejs_eventloop_lag_seconds_count')! -
      sample(after, 'nodejs_eventloop_lag_seconds_bucket', 'le="0.1"')!;
    expect(slowAfter).toBeGreaterThan(slowBefore);
    expect(sample(after, 'nodejs_eventloop_lag_seconds_sum')).toBeGreaterThan(0.1);
  });

  it('finds the same bucket counts when each bisection starts from the bucket below', () => {
    const h = createHistogram();
    for (let v = 1; v <= 500; v++) h.record(v * 7);
    // Limits between samples (7, 14, ... 3500), away from the histogram's rounding of 3 significant digits.
    const expected = new Map([
      [10, 1],
      [703, 100],
      [1403, 200],
      [3000, 428],
      [4000, 500],
    ]);
    let below = 0;
    for (const [limit, count] of expected) {
      const fromBelow = countAtOrBelow(h, limit, 500, (100 * below) / 500);
      expect(fromBelow, String(limit)).toBe(count);
      expect(countAtOrBelow(h, limit, 500), String(limit)).toBe(count);
      below = fromBelow;
    }
  });

  it('counts garbage collections by kind', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const registry = new Registry();
    registerRuntimeMetrics(registry);
    const majors = async () =>
      sample(await registry.metrics(), 'nodejs_gc_duration_seconds_count', 'kind="major"') ?? 0;
    const before = await majors();
    gc();
    // GC entries reach the observer in a later task.
    await new Promise((r) => setTimeout(r, 20));
    expect(await majors()).toBeGreaterThan(before);
  });

  it('counts active resources by type when scraped', async () => {
    const registry = new Registry();
    registerRuntimeMetrics(registry);
    const servers = async () =>
      sample(await registry.metrics(), 'nodejs_active_resources', 'type="TCPServerWrap"') ?? 0;
    const base = await servers();
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const text = await registry.metrics();
      expect(sample(text, 'nodejs_active_resources', 'type="TCPServerWrap"')).toBe(base + 1);
      expect(sample(text, 'nodejs_active_resources_total')).toBeGreaterThanOrEqual(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
    // The handle leaves the list in the loop's close phase, after the close callback.
    await new Promise((r) => setTimeout(r, 10));
    expect(await servers()).toBe(base);
  });
});
