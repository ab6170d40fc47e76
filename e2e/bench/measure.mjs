// Timing primitives for the benchmarks: wall time of whole commands, median of several runs, and the
// peak RSS of a child process read from /usr/bin/time when it exists.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** timeCommand runs a command once and returns its wall time in ms and (when measurable) peak RSS in KiB. */
export function timeCommand(cmd, args, options = {}) {
  const useTime = existsSync('/usr/bin/time');
  const start = process.hrtime.bigint();
  const res = useTime
    ? spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], { encoding: 'utf8', ...options })
    : spawnSync(cmd, args, { encoding: 'utf8', ...options });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
  let rssKiB;
  if (useTime) {
    const lines = res.stderr.trim().split('\n');
    const last = Number(lines[lines.length - 1]);
    if (Number.isFinite(last)) rssKiB = last;
  }
  return { ms, rssKiB, stdout: res.stdout };
}

/** median returns the median of numbers. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** repeat runs fn n times (after one warm-up) and returns the median of the ms values it returns. */
export function repeat(n, fn) {
  fn();
  const values = [];
  for (let i = 0; i < n; i++) values.push(fn());
  return median(values);
}

/** report prints one benchmark line: name, figures and ratios, tab-separated for easy reading. */
export function report(name, fields) {
  const parts = Object.entries(fields).map(
    ([k, v]) => `${k}=${typeof v === 'number' ? (Number.isInteger(v) ? v : v.toFixed(2)) : v}`,
  );
  process.stdout.write(`${name}\t${parts.join('\t')}\n`);
}
