// Starting and stopping the two benchmarked operators as child processes, and building the Go one.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const goModuleDir = join(here, '..', 'go-controller');
/**
 * OPERATOR_NODE_FLAGS are the Node.js flags a generated project runs its manager with (its `npm start`
 * script and Dockerfile ENTRYPOINT, from plugins/typescript/manager-flags.ts), so that the benchmark
 * measures what users run.
 */
const { MANAGER_NODE_FLAGS: OPERATOR_NODE_FLAGS } = await import('../../../dist/plugins/typescript/manager-flags.js');
/** CONTROLLER_RUNTIME_VERSIONS are tried in order when the committed go.mod does not build. */
const CONTROLLER_RUNTIME_VERSIONS = ['v0.25.3', 'v0.25.2', 'v0.24.1'];

/**
 * buildGoController builds e2e/bench/go-controller into a cached bin directory and returns the binary's
 * path, or `{ skipped: reason }` when Go is missing or no controller-runtime version resolves.
 */
export function buildGoController() {
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) return { skipped: 'go not found on PATH' };
  const binDir = join(tmpdir(), 'operator-ts-bench', 'bin');
  mkdirSync(binDir, { recursive: true });
  // One binary per fixture source, so that checkouts with different fixtures sharing a TMPDIR never run
  // each other's build.
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum', 'main.go']) hash.update(readFileSync(join(goModuleDir, file)));
  const bin = join(binDir, `go-controller-${hash.digest('hex').slice(0, 12)}`);
  const build = (dir) => spawnSync('go', ['build', '-o', bin, '.'], { cwd: dir, encoding: 'utf8', timeout: 15 * 60_000 });
  let res = build(goModuleDir);
  if (res.status === 0) return { bin, version: go.stdout.trim() };
  const errors = [`committed go.mod: ${(res.stderr || String(res.error)).trim().split('\n').slice(-3).join(' | ')}`];
  for (const version of CONTROLLER_RUNTIME_VERSIONS) {
    const dir = mkdtempSync(join(tmpdir(), 'operator-ts-bench-go-'));
    cpSync(goModuleDir, dir, { recursive: true });
    const get = spawnSync('go', ['get', `sigs.k8s.io/controller-runtime@${version}`], { cwd: dir, encoding: 'utf8', timeout: 10 * 60_000 });
    const tidy = get.status === 0 ? spawnSync('go', ['mod', 'tidy'], { cwd: dir, encoding: 'utf8', timeout: 10 * 60_000 }) : get;
    res = tidy.status === 0 ? build(dir) : tidy;
    if (res.status === 0) return { bin, version: `${go.stdout.trim()}, controller-runtime ${version}` };
    errors.push(`${version}: ${(res.stderr || String(res.error)).trim().split('\n').slice(-2).join(' | ')}`);
  }
  return { skipped: `the Go fixture did not build (${errors.join('; ')})` };
}

/**
 * extraNodeFlags are BENCH_TS_NODE_FLAGS, space-separated, added to the operator-ts process's flags for
 * profiling (`--cpu-prof --cpu-prof-dir=/tmp/prof`, `--heapsnapshot-signal=SIGUSR2`); none by default.
 */
function extraNodeFlags() {
  return (process.env.BENCH_TS_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');
}

/**
 * startOperator spawns an operator process with KUBECONFIG set and resolves once it printed "synced"
 * (its BenchItem cache synced, within `syncTimeoutMs`). `kind` is 'ts' (node running operator.mjs) or 'go'
 * (the built binary).
 * Both serve /metrics on `metricsPort` (loopback). `managedFields` says what their caches hold: 'strip'
 * (both drop metadata.managedFields; Go through cache.TransformStripManagedFields), 'keep' (both keep it)
 * or 'defaults' (each framework's default: operator-ts drops it, controller-runtime keeps it).
 */
export async function startOperator(kind, { kubeconfigPath, goBin, workers, metricsPort, managedFields, syncTimeoutMs = 60_000 }) {
  const metricsAddr = `127.0.0.1:${metricsPort}`;
  const env = {
    ...process.env,
    KUBECONFIG: kubeconfigPath,
    BENCH_WORKERS: String(workers),
    BENCH_METRICS_ADDR: metricsPort === 0 ? "0" : metricsAddr,
    BENCH_MANAGED_FIELDS: managedFields === 'keep' ? 'keep' : 'strip',
  };
  // Neither client is rate limited: operator-ts's client has no limiter, and the fixture keeps
  // ctrl.GetConfig's QPS -1.
  const goArgs = [`--max-concurrent-reconciles=${workers}`, `--metrics-bind-address=${metricsAddr}`, `--strip-managed-fields=${managedFields === 'strip'}`];
  const child =
    kind === 'ts'
      ? spawn(process.execPath, [...OPERATOR_NODE_FLAGS, ...extraNodeFlags(), join(here, 'operator.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(goBin, goArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const startedAt = performance.now();
  await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${kind} operator did not sync within ${syncTimeoutMs} ms:\n${stderr}`)), syncTimeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('synced\n')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} operator exited with ${code} before syncing:\n${stderr}`));
    });
  });
  const syncMs = performance.now() - startedAt;
  return {
    pid: child.pid,
    syncMs,
    stderr: () => stderr,
    alive: () => child.exitCode === null && child.signalCode === null,
    /** stop sends SIGTERM and waits for the exit (SIGKILL after 15 s). */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** goModulePresent tells whether the Go fixture's sources are in the tree. */
export function goModulePresent() {
  return existsSync(join(goModuleDir, 'go.mod'));
}
