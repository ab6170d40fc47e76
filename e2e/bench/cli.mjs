// Benchmark section `cli`: cold `operator-ts --help` as a ratio to `node -e 0` (median of 10 runs each;
// target <= 3x), and `operator-ts init --skip-install` in a fresh temporary directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repeat, timeCommand } from './measure.mjs';

const cliBin = fileURLToPath(new URL('../../bin/operator-ts.js', import.meta.url));
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 10);

/** run measures the cli section and reports figures, ratios and targets. */
export async function run(report) {
  const node = process.execPath;
  const baseline = repeat(RUNS, () => timeCommand(node, ['-e', '0']).ms);
  const help = repeat(RUNS, () => timeCommand(node, [cliBin, '--help']).ms);
  const ratio = help / baseline;
  report('cli.help', {
    ms: help,
    nodeBaselineMs: baseline,
    ratio,
    target: ratio <= 3 ? 'met' : 'not met',
    goal: '<= 3x node -e 0',
  });

  const samples = [];
  for (let i = 0; i < 3; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'operator-ts-bench-init-'));
    try {
      const r = timeCommand(
        node,
        [cliBin, 'init', '--domain', 'example.com', '--project-name', 'bench', '--skip-install'],
        { cwd: dir },
      );
      samples.push(r);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b)[1];
  report('cli.init-skip-install', { ms, rssMiB: Math.round(Math.max(...samples.map((s) => s.rssKiB ?? 0)) / 1024) });
}
