import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors/user-error.js';
import { TinyCA } from './certs.js';
import { mergeFlags, renderFlags, type FlagValues } from './flags.js';
import { kubeconfigText } from './kubeconfig.js';
import { reservePort, type PortReservation } from './ports.js';
import { formatOutputTail, ManagedProcess } from './process.js';
import { waitForHealthEndpoint } from './readiness.js';
import type { ControlPlaneTimeouts } from './timeouts.js';

/**
 * CONTROLLER_MANAGER_USER is the user kube-controller-manager authenticates as, the name the API server's
 * bootstrap RBAC policy grants the `system:kube-controller-manager` role and the authentication-reader
 * role in kube-system to (plugin/pkg/auth/authorizer/rbac/bootstrappolicy in k8s.io/kubernetes).
 */
export const CONTROLLER_MANAGER_USER = 'system:kube-controller-manager';

/** ControllerManagerFlagInput is what {@link controllerManagerFlags} needs to know. */
export interface ControllerManagerFlagInput {
  /** Controller names as `kube-controller-manager --controllers` takes them (`garbagecollector`, `namespace`). */
  controllers: readonly string[];
  securePort: number;
  /** Directory holding kubeconfig, tls.crt/tls.key, ca.crt and sa.key. */
  dir: string;
}

/** CONTROLLER_MANAGER_FILES are the file names inside the controller manager's directory. */
export const CONTROLLER_MANAGER_FILES = {
  kubeconfig: 'kubeconfig',
  servingCert: 'tls.crt',
  servingKey: 'tls.key',
  rootCa: 'ca.crt',
  serviceAccountKey: 'sa.key',
} as const;

/**
 * controllerManagerFlags run only the named controllers, without leader election (one instance, nothing to
 * elect), each controller with the credentials of its own service account in kube-system as in a real
 * cluster (so RBAC decides what the garbage collector may delete, as it does there), serving /healthz on a
 * reserved loopback port with a certificate the test trusts. The service-account key and root CA are the
 * ones the API server signs and verifies tokens with, so the `serviceaccount-token` controller works too.
 */
export function controllerManagerFlags(input: ControllerManagerFlagInput): FlagValues {
  const file = (name: keyof typeof CONTROLLER_MANAGER_FILES): string => join(input.dir, CONTROLLER_MANAGER_FILES[name]);
  return {
    'authentication-kubeconfig': file('kubeconfig'),
    'authorization-kubeconfig': file('kubeconfig'),
    'bind-address': '127.0.0.1',
    controllers: input.controllers.join(','),
    kubeconfig: file('kubeconfig'),
    'leader-elect': 'false',
    'root-ca-file': file('rootCa'),
    'secure-port': String(input.securePort),
    'service-account-private-key-file': file('serviceAccountKey'),
    'tls-cert-file': file('servingCert'),
    'tls-private-key-file': file('servingKey'),
    'use-service-account-credentials': 'true',
  };
}

/** ControllerManagerOptions describe the kube-controller-manager of one test environment. */
export interface ControllerManagerOptions {
  /** Path of the kube-controller-manager binary. */
  path: string;
  controllers: readonly string[];
  /** API server URL and the PEM of the CA that signed its serving certificate. */
  host: string;
  servingCaPem: string;
  /** CA whose client certificates the API server accepts. */
  clientCa: TinyCA;
  /** PEM of the key the API server signs service-account tokens with. */
  serviceAccountSigningKeyPem: string;
  /** Directory to create the controller manager's files in (removed again by stop()). */
  dir: string;
  attachOutput: boolean;
  timeouts: ControlPlaneTimeouts;
  /** Extra or overriding flags (`null` removes a default). */
  flags?: FlagValues;
}

/** ControllerManager is a running kube-controller-manager. */
export interface ControllerManager {
  readonly process: ManagedProcess;
  /** stop terminates it (SIGTERM, SIGKILL after the stop timeout), releases its port and removes its files; idempotent. */
  stop(): Promise<void>;
}

/**
 * startControllerManager writes a kubeconfig with a client certificate for {@link CONTROLLER_MANAGER_USER},
 * starts kube-controller-manager with {@link controllerManagerFlags} and waits for its /healthz. Like
 * etcd and kube-apiserver it runs in its own process group, SIGKILLed at exit if stop() is never called.
 */
export async function startControllerManager(options: ControllerManagerOptions): Promise<ControllerManager> {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  let reservation: PortReservation | undefined;
  let proc: ManagedProcess | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      try {
        await proc?.stop(options.timeouts.stopMs);
      } finally {
        reservation?.release();
        rmSync(options.dir, { recursive: true, force: true });
      }
    })();
    return stopping;
  };
  try {
    reservation = await reservePort();
    const caPem = await writeFiles(options);
    const flags = mergeFlags(
      controllerManagerFlags({ controllers: options.controllers, securePort: reservation.port, dir: options.dir }),
      options.flags,
    );
    proc = await ManagedProcess.start({
      name: 'kube-controller-manager',
      path: options.path,
      args: renderFlags(flags),
      attachOutput: options.attachOutput,
    });
    const started = proc;
    const ready = await waitForHealthEndpoint(
      `https://127.0.0.1:${reservation.port}/healthz`,
      started,
      options.timeouts.startMs,
      { caPem },
    );
    if (ready.state !== 'ready') {
      const headline =
        ready.state === 'exited'
          ? `kube-controller-manager exited during start-up (${started.describeExit()})`
          : `kube-controller-manager did not become ready within ${options.timeouts.startMs / 1000}s (last health answer: ${ready.lastAnswer})`;
      throw new UserError(`${headline}\n${formatOutputTail(started)}`, {
        hint: 'check the controller names (kube-controller-manager --help lists them under --controllers); KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT=true shows its output live',
      });
    }
    return { process: started, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** writeFiles writes the kubeconfig, serving certificate and keys, and returns the PEM of the CA to verify /healthz with. */
async function writeFiles(options: ControllerManagerOptions): Promise<string> {
  const file = (name: keyof typeof CONTROLLER_MANAGER_FILES): string =>
    join(options.dir, CONTROLLER_MANAGER_FILES[name]);
  const [client, servingCa] = await Promise.all([
    options.clientCa.issueClientCert({ name: CONTROLLER_MANAGER_USER }),
    TinyCA.create('envtest-controller-manager'),
  ]);
  const serving = await servingCa.issueServingCert({ hosts: ['localhost', '127.0.0.1'] });
  writeFileSync(
    file('kubeconfig'),
    kubeconfigText({
      host: options.host,
      caData: options.servingCaPem,
      certData: client.certPem,
      keyData: client.keyPem,
    }),
    { mode: 0o600 },
  );
  writeFileSync(file('servingCert'), serving.certPem, { mode: 0o600 });
  writeFileSync(file('servingKey'), serving.keyPem, { mode: 0o600 });
  writeFileSync(file('rootCa'), options.servingCaPem, { mode: 0o600 });
  writeFileSync(file('serviceAccountKey'), options.serviceAccountSigningKeyPem, { mode: 0o600 });
  return servingCa.certPem;
}

const versions = new Map<string, Promise<string>>();

/** binaryVersion runs `<binary> --version` once per path and returns its first line (`Kubernetes v1.37.2`). */
export function binaryVersion(path: string): Promise<string> {
  let cached = versions.get(path);
  if (cached === undefined) {
    cached = new Promise((resolve) => {
      execFile(path, ['--version'], { timeout: 30_000 }, (err, stdout, stderr) => {
        const line = `${stdout}\n${stderr}`
          .split('\n')
          .find((l) => l.trim() !== '')
          ?.trim();
        resolve(err !== null && line === undefined ? `unknown (${err.message})` : (line ?? 'unknown'));
      });
    });
    versions.set(path, cached);
  }
  return cached;
}

/** ControllersChoice is what {@link checkControllersOption} found: the binary to run and the controllers, or nothing to run. */
export type ControllersChoice = { path: string; controllers: readonly string[] } | undefined;

/**
 * checkControllersOption checks `controllers` before anything starts: names must be non-empty words
 * (kube-controller-manager itself rejects unknown ones at start), the binary must exist, and it must be
 * the same Kubernetes version as kube-apiserver, because the two share API types and feature gates.
 */
export async function checkControllersOption(
  controllers: readonly string[] | undefined,
  binaries: { kubeApiserver: string; kubeControllerManager: string | undefined },
): Promise<ControllersChoice> {
  if (controllers === undefined || controllers.length === 0) return undefined;
  const bad = controllers.filter((c) => !/^[-*a-z0-9]+$/.test(c));
  if (bad.length > 0) {
    throw new UserError(
      `controllers: ${bad.map((c) => JSON.stringify(c)).join(', ')} is not a kube-controller-manager controller name`,
      {
        hint: "name controllers as kube-controller-manager's --controllers flag does, e.g. controllers: ['garbagecollector', 'namespace']",
      },
    );
  }
  const path = binaries.kubeControllerManager;
  if (path === undefined) {
    throw new UserError(
      `controllers ${controllers.join(', ')} need kube-controller-manager, which was not found next to ${binaries.kubeApiserver}`,
      { hint: MISSING_CONTROLLER_MANAGER_HINT },
    );
  }
  const [apiServer, controllerManager] = await Promise.all([
    binaryVersion(binaries.kubeApiserver),
    binaryVersion(path),
  ]);
  if (apiServer !== controllerManager) {
    throw new UserError(
      `kube-controller-manager (${path}) is ${controllerManager}, kube-apiserver (${binaries.kubeApiserver}) is ${apiServer}`,
      {
        hint: 'use a kube-controller-manager built from the same Kubernetes version as kube-apiserver; `npm run envtest:build` in operator-ts builds both',
      },
    );
  }
  return { path, controllers };
}

/** MISSING_CONTROLLER_MANAGER_HINT says how to get kube-controller-manager, which setup-envtest does not ship. */
export const MISSING_CONTROLLER_MANAGER_HINT =
  'setup-envtest does not ship kube-controller-manager: in the operator-ts repository run `npm run envtest:build` (needs Go; builds it once per Kubernetes version next to kube-apiserver), or build k8s.io/kubernetes/cmd/kube-controller-manager at the version of kube-apiserver and put it in the KUBEBUILDER_ASSETS directory or set TEST_ASSET_KUBE_CONTROLLER_MANAGER to it';
