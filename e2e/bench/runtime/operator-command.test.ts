import { describe, expect, it } from 'vitest';
import { operatorCommand, type OperatorOptions } from './operator-command.mjs';

const defaults = {
  execPath: '/usr/bin/node',
  script: '/bench/operator.mjs',
  nodeFlags: ['--max-semi-space-size=2'],
  driverEnv: { PATH: '/bin', OTEL_SERVICE_NAME: 'driver' },
};
const base = { kubeconfigPath: '/tmp/kubeconfig', workers: 4 };
const goBin = '/bin/go-controller';
const ts = (options: Partial<OperatorOptions> = {}, d = defaults) => operatorCommand('ts', { ...base, ...options }, d);
const go = (options: Partial<OperatorOptions> = {}) => operatorCommand('go', { ...base, goBin, ...options }, defaults);

describe('operatorCommand', () => {
  it('serves both operators their metrics on the chosen port, through one address variable', () => {
    expect(ts({ metricsPort: 18080 }).env.BENCH_METRICS_ADDRESS).toBe('127.0.0.1:18080');
    expect(go({ metricsPort: 18081 }).args).toContain('--metrics-bind-address=127.0.0.1:18081');
    const names = Object.keys(ts({ metricsPort: 18080 }).env).filter((k) => k.startsWith('BENCH_METRICS'));
    expect(names).toEqual(['BENCH_METRICS_ADDRESS']);
  });

  it('takes a free port for the ts operator with 0, serves nothing without a port, refuses 0 for Go', () => {
    expect(ts({ metricsPort: 0 }).env.BENCH_METRICS_ADDRESS).toBe('127.0.0.1:0');
    expect(ts().env.BENCH_METRICS_ADDRESS).toBe('0');
    expect(go().args).toContain('--metrics-bind-address=0');
    expect(() => go({ metricsPort: 0 })).toThrow(/chosen metrics port/);
  });

  it('tells both operators the same managedFields mode, stripping by default', () => {
    const modes = (managedFields?: 'strip' | 'keep' | 'defaults') => ({
      ts: ts({ managedFields }).env.BENCH_MANAGED_FIELDS,
      go: go({ managedFields }).args.find((a) => a.startsWith('--strip')),
    });
    expect(modes()).toEqual({ ts: 'strip', go: '--strip-managed-fields=true' });
    expect(modes('keep')).toEqual({ ts: 'keep', go: '--strip-managed-fields=false' });
    // Each framework's default: operator-ts drops managedFields, controller-runtime keeps them.
    expect(modes('defaults')).toEqual({ ts: 'strip', go: '--strip-managed-fields=false' });
  });

  it('orders manager flags, BENCH_TS_NODE_FLAGS, caller flags, then the script; opens IPC on request', () => {
    const driverEnv = { ...defaults.driverEnv, BENCH_TS_NODE_FLAGS: '--cpu-prof  --cpu-prof-dir=/tmp/p' };
    const cmd = ts({ nodeFlags: ['--expose-gc'], ipc: true }, { ...defaults, driverEnv });
    expect(cmd.command).toBe('/usr/bin/node');
    const flags = ['--max-semi-space-size=2', '--cpu-prof', '--cpu-prof-dir=/tmp/p', '--expose-gc'];
    expect(cmd.args).toEqual([...flags, '/bench/operator.mjs']);
    expect(cmd.stdio).toEqual(['ignore', 'pipe', 'pipe', 'ipc']);
    expect(ts().stdio).toEqual(['ignore', 'pipe', 'pipe']);
    expect(() => go({ ipc: true })).toThrow(/ts operator/);
  });

  it('adds env last and replaces the driver environment with baseEnv', () => {
    const cmd = ts({ env: { BENCH_RUNTIME_METRICS: 'nogc' }, baseEnv: { PATH: '/only' } });
    expect(cmd.env).toMatchObject({ PATH: '/only', KUBECONFIG: '/tmp/kubeconfig', BENCH_WORKERS: '4' });
    expect(cmd.env.BENCH_RUNTIME_METRICS).toBe('nogc');
    expect(cmd.env.OTEL_SERVICE_NAME).toBeUndefined();
    expect(ts().env.OTEL_SERVICE_NAME).toBe('driver');
  });
});
