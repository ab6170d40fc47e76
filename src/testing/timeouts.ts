import { UserError } from '../errors/user-error.js';

/** DEFAULT_START_TIMEOUT_MS is the per-process start budget: longer than envtest's 20 s because a 2-core CI machine starts kube-apiserver slowly. */
export const DEFAULT_START_TIMEOUT_MS = 60_000;
/** DEFAULT_STOP_TIMEOUT_MS is envtest's stop budget: SIGTERM, then SIGKILL after this long. */
export const DEFAULT_STOP_TIMEOUT_MS = 20_000;

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * parseGoDuration reads a Go duration string ("20s", "1m30s", "1.5m", "500ms") as milliseconds, since the
 * KUBEBUILDER_CONTROLPLANE_*_TIMEOUT variables are shared with Go envtest. Returns undefined when invalid.
 */
export function parseGoDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(trimmed); m !== null; m = re.exec(trimmed)) {
    total += Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? Number.NaN);
    consumed = re.lastIndex;
  }
  if (consumed === 0 || consumed !== trimmed.length || !Number.isFinite(total)) return undefined;
  return total;
}

/** ControlPlaneTimeouts are the start and stop budgets per process, in milliseconds. */
export interface ControlPlaneTimeouts {
  startMs: number;
  stopMs: number;
}

/**
 * resolveControlPlaneTimeouts picks each timeout from the explicit option, else
 * KUBEBUILDER_CONTROLPLANE_START_TIMEOUT / _STOP_TIMEOUT, else the defaults. An unreadable variable is an error
 * rather than silently ignored.
 */
export function resolveControlPlaneTimeouts(
  options: { controlPlaneStartTimeoutMs?: number; controlPlaneStopTimeoutMs?: number },
  env: NodeJS.ProcessEnv = process.env,
): ControlPlaneTimeouts {
  return {
    startMs:
      options.controlPlaneStartTimeoutMs ??
      fromEnv(env, 'KUBEBUILDER_CONTROLPLANE_START_TIMEOUT') ??
      DEFAULT_START_TIMEOUT_MS,
    stopMs:
      options.controlPlaneStopTimeoutMs ??
      fromEnv(env, 'KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT') ??
      DEFAULT_STOP_TIMEOUT_MS,
  };
}

function fromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const ms = parseGoDuration(raw);
  if (ms === undefined)
    throw new UserError(`${name}=${raw} is not a duration`, {
      hint: `write it as a Go duration, such as ${name}=60s or 1m30s`,
    });
  return ms;
}
