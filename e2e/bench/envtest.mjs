// Benchmark section `envtest`: how long the test control plane takes to start and stop (median of three
// starts), and how long the whole new-user journey of e2e/cluster takes (scaffold, npm install, generate,
// build, control plane, operator process, assertions). Figures only; the machine's load shows in them.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

export async function run(report) {
  const testing = await import(join(repo, 'dist/src/testing/index.js'));
  const assets = testing.findBinaryAssets();
  if (!testing.isBinaryAssets(assets)) {
    report('envtest.skipped', { reason: JSON.stringify(assets.missing) });
    return;
  }
  const starts = [];
  const stops = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const env = await testing.startTestEnv();
    starts.push(performance.now() - t0);
    const t1 = performance.now();
    await env.stop();
    stops.push(performance.now() - t1);
  }
  report('envtest.control_plane', {
    start_ms_median: Math.round(median(starts)),
    stop_ms_median: Math.round(median(stops)),
    runs: 3,
  });

  if (process.env.BENCH_SKIP_JOURNEY === '1') {
    report('envtest.journey', { skipped: 'BENCH_SKIP_JOURNEY=1' });
    return;
  }
  const t0 = performance.now();
  const res = spawnSync(
    process.execPath,
    [
      join(repo, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'e2e/vitest.config.ts',
      'e2e/cluster/journey.test.ts',
    ],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  );
  const ms = performance.now() - t0;
  report('envtest.journey', { duration_s: Math.round(ms / 100) / 10, passed: res.status === 0 });
}
