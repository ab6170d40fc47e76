// What tracing costs: the operator-ts operator run twice on the same control plane, tracing off (no OTEL_*
// variable) and on (OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP sink in this process, every span
// sampled and exported). Both create the same N BenchItems (phase A); the figures are idle RSS, CPU time
// per reconciled object and throughput, and their on/off ratios. A reconcile of the workload is one
// reconcile span and one client span (the status update; reads come from the cache).
import { createServer } from 'node:http';
import { startOperator } from './operators.mjs';
import { readCpuMs, settledRss } from './process-rss.mjs';
import { deleteAllItems, ensureNamespace, phaseThroughput } from './workload.mjs';

/** startSink accepts OTLP/HTTP exports and counts them, as a collector's receiver would take them. */
async function startSink() {
  const counts = { requests: 0, bytes: 0 };
  const server = createServer((req, res) => {
    req.on('data', (c) => (counts.bytes += c.length));
    req.on('end', () => {
      counts.requests++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}`,
    counts,
    stop: () => new Promise((r) => server.close(r)),
  };
}

/** withoutOtel is the process environment with every OTEL_* variable removed. */
function withoutOtel() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_')));
}

async function measureOnce(mode, env, api, count, workers, extraEnv, log) {
  const op = await startOperator('ts', {
    kubeconfigPath: env.kubeconfigPath,
    workers,
    baseEnv: { ...withoutOtel(), ...extraEnv },
  });
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const idle = await settledRss(op.pid, 3000);
    const namespace = `bench-tracing-${mode}`;
    await ensureNamespace(api, namespace);
    await deleteAllItems(api, namespace);
    const cpuBefore = readCpuMs(op.pid);
    const throughput = await phaseThroughput(api, namespace, count);
    const cpuMsPerObj = (readCpuMs(op.pid) - cpuBefore) / count;
    const steady = await settledRss(op.pid, 3000);
    const rate = `${throughput.objPerS.toFixed(1)} obj/s, ${cpuMsPerObj.toFixed(2)} cpu ms/obj`;
    log(`tracing ${mode}: idle ${idle.rssMiB?.toFixed(1)} MiB, ${rate}`);
    if (!op.alive()) throw new Error(`operator (tracing ${mode}) died:\n${op.stderr()}`);
    await deleteAllItems(api, namespace);
    return { idle: idle.rssMiB, steady: steady.rssMiB, objPerS: throughput.objPerS, cpuMsPerObj };
  } finally {
    await op.stop();
  }
}

/**
 * measureTracing runs the comparison and prints `runtime.tracing`. N is BENCH_TRACING_N (1 000); the two
 * runs alternate off, on, off, on so that a drift of the machine's load hits both alike, and each figure is
 * the mean of its two runs.
 */
export async function measureTracing(report, env, api, workers, log) {
  const count = Number(process.env.BENCH_TRACING_N ?? '1000');
  const sink = await startSink();
  const runs = { off: [], on: [] };
  try {
    for (const mode of ['off', 'on', 'off', 'on']) {
      const extra =
        mode === 'on' ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, OTEL_SERVICE_NAME: 'bench-operator' } : {};
      runs[mode].push(await measureOnce(mode, env, api, count, workers, extra, log));
    }
  } finally {
    await sink.stop();
  }
  const mean = (mode, key) => runs[mode].reduce((sum, r) => sum + r[key], 0) / runs[mode].length;
  const fixed = (v, digits = 2) => Number(v.toFixed(digits));
  report('runtime.tracing', {
    n: count,
    off_cpu_ms_per_obj: fixed(mean('off', 'cpuMsPerObj')),
    on_cpu_ms_per_obj: fixed(mean('on', 'cpuMsPerObj')),
    cpu_ratio: fixed(mean('on', 'cpuMsPerObj') / mean('off', 'cpuMsPerObj')),
    off_obj_per_s: fixed(mean('off', 'objPerS'), 1),
    on_obj_per_s: fixed(mean('on', 'objPerS'), 1),
    throughput_ratio: fixed(mean('on', 'objPerS') / mean('off', 'objPerS')),
    off_idle_mib: fixed(mean('off', 'idle'), 1),
    on_idle_mib: fixed(mean('on', 'idle'), 1),
    off_steady_mib: fixed(mean('off', 'steady'), 1),
    on_steady_mib: fixed(mean('on', 'steady'), 1),
    exports: sink.counts.requests,
    exported_kib: fixed(sink.counts.bytes / 1024, 0),
  });
}
