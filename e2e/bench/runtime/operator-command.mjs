// How a benchmarked operator process is started: its command line and environment, built in one place from
// the options every part of the benchmark passes to startOperator, so that the operator-ts and the Go
// operator are told the same things (metrics address, managedFields mode, workers) the same way.

/**
 * operatorCommand returns `{ command, args, env, stdio }` for spawning one operator. `kind` is 'ts' (node
 * running `script` with `nodeFlags`: a generated project's flags, then BENCH_TS_NODE_FLAGS, then the
 * caller's) or 'go' (`goBin`). `metricsPort` serves /metrics on that loopback port; 0 lets the operator-ts
 * process take a free one (which it prints: the Go fixture does not, so it needs a chosen port); without it
 * no metrics are served. `managedFields` is 'strip' (default), 'keep' or 'defaults'. `baseEnv` replaces
 * `driverEnv` as the environment the variables are added to, and `env` comes last (it may override them).
 */
export function operatorCommand(kind, options, { execPath, script, nodeFlags: managerNodeFlags, driverEnv }) {
  const { kubeconfigPath, goBin, workers, metricsPort, managedFields = 'strip' } = options;
  const { env: extraEnv = {}, nodeFlags = [], ipc = false, baseEnv = driverEnv } = options;
  if (kind === 'go' && metricsPort === 0) {
    throw new Error('the Go fixture needs a chosen metrics port: it does not print the one it got');
  }
  if (kind === 'go' && (ipc || nodeFlags.length > 0)) throw new Error('ipc and nodeFlags are for the ts operator');
  // "0" turns the metrics server off in both frameworks.
  const metricsAddress = metricsPort === undefined ? '0' : `127.0.0.1:${metricsPort}`;
  const env = {
    ...baseEnv,
    KUBECONFIG: kubeconfigPath,
    BENCH_WORKERS: String(workers),
    BENCH_METRICS_ADDRESS: metricsAddress,
    BENCH_MANAGED_FIELDS: managedFields === 'keep' ? 'keep' : 'strip',
    ...extraEnv,
  };
  const stdio = ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc'] : [])];
  if (kind === 'ts') {
    const profiling = (driverEnv.BENCH_TS_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');
    return { command: execPath, args: [...managerNodeFlags, ...profiling, ...nodeFlags, script], env, stdio };
  }
  // Neither client is rate limited: operator-ts's client has no limiter, and the fixture keeps
  // ctrl.GetConfig's QPS -1.
  const args = [
    `--max-concurrent-reconciles=${workers}`,
    `--metrics-bind-address=${metricsAddress}`,
    `--strip-managed-fields=${managedFields === 'strip'}`,
  ];
  return { command: goBin, args, env, stdio };
}
