// Starting and stopping the two benchmarked operators as child processes, and building the Go one.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operatorCommand } from './operator-command.mjs';

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
  const build = (dir) =>
    spawnSync('go', ['build', '-o', bin, '.'], { cwd: dir, encoding: 'utf8', timeout: 15 * 60_000 });
  let res = build(goModuleDir);
  if (res.status === 0) return { bin, version: go.stdout.trim() };
  const errors = [`committed go.mod: ${(res.stderr || String(res.error)).trim().split('\n').slice(-3).join(' | ')}`];
  for (const version of CONTROLLER_RUNTIME_VERSIONS) {
    const dir = mkdtempSync(join(tmpdir(), 'operator-ts-bench-go-'));
    cpSync(goModuleDir, dir, { recursive: true });
    const get = spawnSync('go', ['get', `sigs.k8s.io/controller-runtime@${version}`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 10 * 60_000,
    });
    const tidy =
      get.status === 0 ? spawnSync('go', ['mod', 'tidy'], { cwd: dir, encoding: 'utf8', timeout: 10 * 60_000 }) : get;
    res = tidy.status === 0 ? build(dir) : tidy;
    if (res.status === 0) return { bin, version: `${go.stdout.trim()}, controller-runtime ${version}` };
    errors.push(`${version}: ${(res.stderr || String(res.error)).trim().split('\n').slice(-2).join(' | ')}`);
  }
  return { skipped: `the Go fixture did not build (${errors.join('; ')})` };
}

/**
 * startOperator spawns an operator process with KUBECONFIG set and resolves once it printed "synced"
 * (its BenchItem cache synced, within `syncTimeoutMs`, 60 s by default). `kind` is 'ts' (node running
 * operator.mjs) or 'go' (the built binary `goBin`); the other options are operator-command.mjs's: the
 * metrics port (0: a free one, ts only), the managedFields mode, extra environment (`env`, or `baseEnv` in
 * place of the driver's), and for the ts operator Node.js flags (`nodeFlags`, after BENCH_TS_NODE_FLAGS)
 * and an IPC channel (`ipc`: `send`, `onMessage`). The returned `metricsPort` is the port served, if any.
 */
export async function startOperator(kind, options) {
  const { metricsPort, syncTimeoutMs = 60_000 } = options;
  const script = join(here, 'operator.mjs');
  const defaults = { execPath: process.execPath, script, nodeFlags: OPERATOR_NODE_FLAGS, driverEnv: process.env };
  const { command, args, env, stdio } = operatorCommand(kind, options, defaults);
  const child = spawn(command, args, { env, stdio });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const startedAt = performance.now();
  let out = '';
  await new Promise((resolve, reject) => {
    const timeout = () => reject(new Error(`${kind} operator did not sync within ${syncTimeoutMs} ms:\n${stderr}`));
    const timer = setTimeout(timeout, syncTimeoutMs);
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
  const printed = /^metrics-port=(\d+)$/m.exec(out);
  return {
    pid: child.pid,
    syncMs,
    metricsPort: printed !== null ? Number(printed[1]) : metricsPort || undefined,
    send: (message) => child.send(message),
    onMessage: (listener) => child.on('message', listener),
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
