import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UserError } from '../errors/user-error.js';
import type { BinaryAssets } from './binaries.js';
import { TinyCA } from './certs.js';
import {
  apiServerFlags,
  CERT_FILES,
  etcdFlags,
  helpListsFlag,
  mergeFlags,
  renderFlags,
  type FlagValues,
} from './flags.js';
import { reservePort, type PortReservation } from './ports.js';
import { formatOutputTail, ManagedProcess } from './process.js';
import { waitForHealthEndpoint } from './readiness.js';
import type { ControlPlaneTimeouts } from './timeouts.js';

/** MAX_START_ATTEMPTS is how often a start is retried after a port race, like envtest. */
export const MAX_START_ATTEMPTS = 5;
// Port conflicts can be reported long before the last lines (kube-apiserver logs a lot while failing).
const OUTPUT_SCAN_LINES = 200;

/** ControlPlaneOptions describe one etcd + kube-apiserver pair. */
export interface ControlPlaneOptions {
  assets: BinaryAssets;
  /** Existing directory that the control plane's files go into (one sub-directory per attempt). */
  workDir: string;
  attachOutput: boolean;
  timeouts: ControlPlaneTimeouts;
  /** Extra or overriding kube-apiserver flags (`null` removes a default). */
  apiServerFlags?: FlagValues;
  /** Port source; tests substitute one that hands out a busy port first. */
  reservePort?: () => Promise<PortReservation>;
}

/** ControlPlane is a running etcd + kube-apiserver pair. */
export interface ControlPlane {
  /** API server URL, `https://127.0.0.1:<port>`. */
  host: string;
  /** PEM of the CA that signed the API server's serving certificate. */
  servingCaPem: string;
  /** CA whose client certificates the API server accepts as users. */
  clientCa: TinyCA;
  /** PEM of the key the API server signs service-account tokens with (kube-controller-manager needs it too). */
  serviceAccountSigningKeyPem: string;
  etcd: ManagedProcess;
  /** The running kube-apiserver; a new process after {@link ControlPlane.restartAPIServer}. */
  readonly apiServer: ManagedProcess;
  /** How many starts it took (1 unless a port race forced a retry). */
  attempts: number;
  /**
   * restartAPIServer stops kube-apiserver (SIGTERM, SIGKILL after the stop timeout) and starts it again
   * with the same flags, port, certificates and etcd, waiting for /readyz; see {@link RestartAPIServerOptions}.
   * Overlapping calls run one after the other; stop() waits for a running restart and starts nothing more.
   */
  restartAPIServer(options?: RestartAPIServerOptions): Promise<void>;
  /** stop terminates kube-apiserver, then etcd, and releases the ports; idempotent. */
  stop(): Promise<void>;
}

/** RestartAPIServerOptions tune {@link ControlPlane.restartAPIServer}. */
export interface RestartAPIServerOptions {
  /** How long to keep kube-apiserver down between stop and start; default 0. */
  downtimeMs?: number;
  /** Runs while kube-apiserver is down (after the downtime), before it starts again. */
  whileDown?: () => Promise<void>;
  /** false kills kube-apiserver at once (SIGKILL), like a crash, instead of a graceful SIGTERM shutdown; default true. */
  graceful?: boolean;
}

class StartFailure extends Error {
  readonly portConflict: boolean;
  readonly hint: string;
  constructor(message: string, portConflict: boolean, hint: string) {
    super(message);
    this.portConflict = portConflict;
    this.hint = hint;
  }
}

/**
 * startControlPlane starts etcd, waits for its /health, then kube-apiserver with envtest's flags, and waits for
 * /readyz. Whatever an attempt started is stopped and removed before the next attempt or the error. Only
 * port races ("address already in use") are retried, up to {@link MAX_START_ATTEMPTS} times.
 */
export async function startControlPlane(options: ControlPlaneOptions): Promise<ControlPlane> {
  const [servingCa, saSigner, clientCa] = await Promise.all([TinyCA.create(), TinyCA.create(), TinyCA.create()]);
  const serving = await servingCa.issueServingCert({ hosts: ['localhost', '127.0.0.1'] });
  const files: Record<string, string> = {
    [CERT_FILES.servingCert]: serving.certPem,
    [CERT_FILES.servingKey]: serving.keyPem,
    [CERT_FILES.clientCa]: clientCa.certPem,
    [CERT_FILES.saSignerCert]: saSigner.pair.certPem,
    [CERT_FILES.saSignerKey]: saSigner.pair.keyPem,
  };
  const supportsNoFsync = await etcdSupportsUnsafeNoFsync(options.assets.etcd);
  let last: StartFailure | undefined;
  for (let attempt = 1; attempt <= MAX_START_ATTEMPTS; attempt++) {
    try {
      const plane = await startOnce(options, attempt, files, servingCa.certPem, supportsNoFsync);
      // Not a spread: that would freeze the apiServer getter at the first process.
      return Object.assign(plane, {
        servingCaPem: servingCa.certPem,
        clientCa,
        serviceAccountSigningKeyPem: saSigner.pair.keyPem,
        attempts: attempt,
      });
    } catch (err) {
      if (!(err instanceof StartFailure)) throw err;
      last = err;
      if (!err.portConflict) break;
    }
  }
  const failure = last as StartFailure;
  const retried = failure.portConflict ? ` (after ${MAX_START_ATTEMPTS} attempts, each lost a port race)` : '';
  throw new UserError(failure.message + retried, { hint: failure.hint, cause: failure });
}

/**
 * ApiServerLifecycle starts kube-apiserver with fixed flags and starts it again on restart: same port
 * (still reserved), certificates and etcd. Restarts run one after the other on a chain that never rejects.
 */
class ApiServerLifecycle {
  /** ApiServerLifecycle.host is the API server URL, `https://127.0.0.1:<port>`. */
  readonly host: string;
  private readonly options: ControlPlaneOptions;
  private readonly flags: FlagValues;
  private readonly servingCaPem: string;
  /** Every running process of the control plane, in start order; stop() walks it backwards. */
  private readonly processes: ManagedProcess[];
  private readonly stopped: () => boolean;
  private current: ManagedProcess | undefined;
  private restarting: Promise<void> = Promise.resolve();

  // Fields are assigned by hand: Node runs src/testing with type stripping, which has no parameter properties.
  constructor(
    options: ControlPlaneOptions,
    host: string,
    flags: FlagValues,
    servingCaPem: string,
    processes: ManagedProcess[],
    stopped: () => boolean,
  ) {
    this.options = options;
    this.host = host;
    this.flags = flags;
    this.servingCaPem = servingCaPem;
    this.processes = processes;
    this.stopped = stopped;
  }

  /** ApiServerLifecycle.process is the running kube-apiserver. */
  get process(): ManagedProcess {
    if (this.current === undefined) throw new Error('kube-apiserver was not started');
    return this.current;
  }

  /** ApiServerLifecycle.settled resolves once no restart is running. */
  settled(): Promise<void> {
    return this.restarting;
  }

  /** ApiServerLifecycle.start starts kube-apiserver and waits for /readyz. */
  async start(): Promise<ManagedProcess> {
    const proc = await ManagedProcess.start({
      name: 'kube-apiserver',
      path: this.options.assets.kubeApiserver,
      args: renderFlags(this.flags),
      attachOutput: this.options.attachOutput,
    });
    this.processes.push(proc);
    const apiReady = await waitForHealthEndpoint(`${this.host}/readyz`, proc, this.options.timeouts.startMs, {
      caPem: this.servingCaPem,
    });
    if (apiReady.state !== 'ready')
      throw failure('kube-apiserver', apiReady, this.processes, this.options.timeouts.startMs);
    this.current = proc;
    return proc;
  }

  /** ApiServerLifecycle.restart queues a restart behind the running one. */
  restart(restart: RestartAPIServerOptions = {}): Promise<void> {
    // Overlapping calls used to stop the same process twice and drop etcd from the list stop() walks.
    const run = this.restarting.then(() => this.restartOnce(restart));
    this.restarting = run.catch(() => undefined);
    return run;
  }

  private stillRunning(): void {
    if (this.stopped())
      throw new Error(
        'restartAPIServer: the control plane was stopped while kube-apiserver was down; it was not started again',
      );
  }

  private async restartOnce(restart: RestartAPIServerOptions): Promise<void> {
    if (this.stopped()) throw new Error('restartAPIServer: the control plane is stopped');
    const old = this.process;
    await old.stop(restart.graceful === false ? 0 : this.options.timeouts.stopMs);
    const at = this.processes.indexOf(old);
    if (at >= 0) this.processes.splice(at, 1);
    if ((restart.downtimeMs ?? 0) > 0) await sleep(restart.downtimeMs);
    this.stillRunning();
    await restart.whileDown?.();
    this.stillRunning();
    try {
      await this.start();
    } catch (err) {
      if (!(err instanceof StartFailure)) throw err;
      throw new UserError(`restarting kube-apiserver on ${this.host} failed: ${err.message}`, {
        hint: err.hint,
        cause: err,
      });
    }
  }
}

/** attemptDirs makes the directories of one start attempt and writes its certificates. */
function attemptDirs(
  workDir: string,
  attempt: number,
  files: Record<string, string>,
): { dir: string; certDir: string; dataDir: string } {
  const dir = join(workDir, `control-plane-${attempt}`);
  const certDir = join(dir, 'certs');
  const dataDir = join(dir, 'etcd');
  mkdirSync(certDir, { recursive: true, mode: 0o700 });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(certDir, name), content, { mode: 0o600 });
  return { dir, certDir, dataDir };
}

async function startOnce(
  options: ControlPlaneOptions,
  attempt: number,
  files: Record<string, string>,
  servingCaPem: string,
  supportsNoFsync: boolean,
): Promise<Omit<ControlPlane, 'servingCaPem' | 'clientCa' | 'serviceAccountSigningKeyPem' | 'attempts'>> {
  const { dir, certDir, dataDir } = attemptDirs(options.workDir, attempt, files);
  const reserve = options.reservePort ?? (() => reservePort());
  const ports: PortReservation[] = [];
  const processes: ManagedProcess[] = [];
  let api: ApiServerLifecycle | undefined;
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await api?.settled();
      // API server first: it must not lose etcd under its feet while shutting down.
      for (const p of [...processes].reverse()) await p.stop(options.timeouts.stopMs);
      for (const p of ports) p.release();
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    for (let i = 0; i < 3; i++) ports.push(await reserve());
    const [etcdClient, etcdPeer, secure] = ports.map((p) => p.port) as [number, number, number];
    const etcd = await ManagedProcess.start({
      name: 'etcd',
      path: options.assets.etcd,
      args: renderFlags(
        etcdFlags({ clientPort: etcdClient, peerPort: etcdPeer, dataDir, supportsUnsafeNoFsync: supportsNoFsync }),
      ),
      attachOutput: options.attachOutput,
    });
    processes.push(etcd);
    const etcdReady = await waitForHealthEndpoint(
      `http://127.0.0.1:${etcdClient}/health`,
      etcd,
      options.timeouts.startMs,
    );
    if (etcdReady.state !== 'ready') throw failure('etcd', etcdReady, processes, options.timeouts.startMs);

    const flags = mergeFlags(
      apiServerFlags({ securePort: secure, etcdClientPort: etcdClient, certDir }),
      options.apiServerFlags,
    );
    const lifecycle = new ApiServerLifecycle(
      options,
      `https://127.0.0.1:${secure}`,
      flags,
      servingCaPem,
      processes,
      () => stopped !== undefined,
    );
    api = lifecycle;
    await lifecycle.start();
    return {
      host: lifecycle.host,
      etcd,
      get apiServer() {
        return lifecycle.process;
      },
      restartAPIServer: (restart) => lifecycle.restart(restart),
      stop,
    };
  } catch (err) {
    await stop();
    if (err instanceof StartFailure) throw err;
    throw new StartFailure(
      (err as Error).message,
      false,
      'check that the binaries are executable and built for this machine',
    );
  }
}

function failure(
  name: string,
  outcome: { state: 'exited' | 'timeout'; lastAnswer: string },
  processes: ManagedProcess[],
  timeoutMs: number,
): StartFailure {
  const proc = processes.find((p) => p.name === name);
  const headline =
    outcome.state === 'exited'
      ? `${name} exited during start-up (${proc?.describeExit() ?? 'unknown status'})`
      : `${name} did not become ready within ${timeoutMs / 1000}s (last health answer: ${outcome.lastAnswer})`;
  const tails = processes.map(formatOutputTail).join('\n');
  const portConflict = processes.some((p) =>
    p.outputTail(OUTPUT_SCAN_LINES).some((l) => /address already in use/i.test(l)),
  );
  const hint =
    outcome.state === 'timeout'
      ? 'raise KUBEBUILDER_CONTROLPLANE_START_TIMEOUT (Go duration, e.g. 120s) or controlPlaneStartTimeoutMs on a slow machine; KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT=true shows the output live'
      : `read ${name}'s output above; KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT=true shows it live`;
  return new StartFailure(`${headline}\n${tails}`, portConflict, hint);
}

const noFsyncSupport = new Map<string, Promise<boolean>>();

/** etcdSupportsUnsafeNoFsync runs `etcd --help` once per binary and looks for --unsafe-no-fsync, as envtest does. */
export function etcdSupportsUnsafeNoFsync(etcdPath: string): Promise<boolean> {
  let cached = noFsyncSupport.get(etcdPath);
  if (cached === undefined) {
    cached = new Promise((resolve) => {
      execFile(etcdPath, ['--help'], { timeout: 10_000, maxBuffer: 4 * 1024 * 1024 }, (_err, stdout, stderr) => {
        resolve(helpListsFlag(`${stdout}\n${stderr}`, 'unsafe-no-fsync'));
      });
    });
    noFsyncSupport.set(etcdPath, cached);
  }
  return cached;
}
