import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import { UserError } from '../errors/user-error.js';
import { ApiConnection } from './api-connection.js';
import { findBinaryAssets, isBinaryAssets, type BinaryAssets } from './binaries.js';
import { TinyCA } from './certs.js';
import { startControlPlane, type ControlPlane, type RestartAPIServerOptions } from './control-plane.js';
import {
  checkControllersOption,
  startControllerManager,
  type ControllerManager,
  type ControllersChoice,
} from './controller-manager.js';

export type { RestartAPIServerOptions } from './control-plane.js';
import {
  installCRDs,
  selectCRDs,
  type ConversionWebhookTarget,
  type CustomResourceDefinitionObject,
} from './crd-install.js';
import { trackDirectory, untrackDirectory } from './exit-cleanup.js';
import type { FlagValues } from './flags.js';
import { kubeConfigFromRestConfig, kubeconfigText, type RestConfig } from './kubeconfig.js';
import { readManifestObjects, type ManifestObject } from './manifest-files.js';
import { reservePort, type PortReservation } from './ports.js';
import { resolveControlPlaneTimeouts, type ControlPlaneTimeouts } from './timeouts.js';
import {
  installWebhookConfigurations,
  selectWebhookConfigurations,
  type WebhookConfigurationObject,
} from './webhook-install.js';

/** WebhookInstallOptions say which admission webhook configurations to install and where the test serves them. */
export interface WebhookInstallOptions {
  /** Files or directories with Mutating/ValidatingWebhookConfigurations (e.g. config/webhook). */
  paths?: string[];
  /** MutatingWebhookConfiguration objects to install in addition. */
  mutatingWebhooks?: WebhookConfigurationObject[];
  /** ValidatingWebhookConfiguration objects to install in addition. */
  validatingWebhooks?: WebhookConfigurationObject[];
  /** Address the test's webhook server listens on; default 127.0.0.1. */
  localServingHost?: string;
  /** Port the test's webhook server listens on; default a free port reserved for this environment. */
  localServingPort?: number;
}

/** TestEnvOptions configure {@link startTestEnv}; every field is optional. */
export interface TestEnvOptions {
  /** Files or directories (not recursive; .json/.yaml/.yml) with CRDs to install, e.g. config/crd/bases. */
  crdDirectoryPaths?: string[];
  /** CRD objects to install in addition. */
  crds?: CustomResourceDefinitionObject[];
  /** Fail when a CRD path does not exist (default false, like envtest). */
  errorIfCRDPathMissing?: boolean;
  /** Install webhook configurations pointed at the test's webhook server; also enables conversion webhooks. */
  webhookInstallOptions?: WebhookInstallOptions;
  /** Directory with kube-apiserver and etcd, checked after TEST_ASSET_* and KUBEBUILDER_ASSETS. */
  binaryAssetsDirectory?: string;
  /** Copy etcd's and kube-apiserver's output to stderr; default KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT=true. */
  attachControlPlaneOutput?: boolean;
  /** Per-process start budget; default KUBEBUILDER_CONTROLPLANE_START_TIMEOUT, else 60 s. */
  controlPlaneStartTimeoutMs?: number;
  /** Per-process stop budget before SIGKILL; default KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT, else 20 s. */
  controlPlaneStopTimeoutMs?: number;
  /** Extra kube-apiserver flags by name without dashes; a value overrides a default, `null` removes it. */
  apiServerFlags?: FlagValues;
  /** How long to wait for CRDs to be Established and discoverable; default 30 s. */
  crdInstallTimeoutMs?: number;
  /**
   * Controllers of kube-controller-manager to run against the test API server, by the names its
   * `--controllers` flag takes: `['garbagecollector', 'namespace']` makes owner-reference cascades and
   * namespace deletion happen as in a cluster. Default none (no kube-controller-manager, as in envtest).
   * Needs kube-controller-manager of the kube-apiserver's version next to it or in TEST_ASSET_KUBE_CONTROLLER_MANAGER.
   */
  controllers?: string[];
  /** Extra kube-controller-manager flags by name without dashes; a value overrides a default, `null` removes it. */
  controllerManagerFlags?: FlagValues;
}

/** LocalWebhookServing is where the test must run its webhook server so that the API server reaches it. */
export interface LocalWebhookServing {
  localServingHost: string;
  localServingPort: number;
  /** Directory with tls.crt and tls.key for the webhook server (signed by {@link LocalWebhookServing.caData}). */
  localServingCertDir: string;
  /** PEM of the CA that the API server trusts for the webhook server. */
  caData: string;
}

/** TestUser names a user to authenticate as; groups decide RBAC (system:masters bypasses it). */
export interface TestUser {
  name: string;
  groups?: string[];
}

/** AuthenticatedUser is a {@link TestUser} with working credentials for the test API server. */
export interface AuthenticatedUser {
  user: TestUser;
  config: RestConfig;
  kubeConfig: KubeConfig;
}

/** InstallCRDsOptions are the inputs of {@link TestEnv.installCRDs}. */
export interface InstallCRDsOptions {
  paths?: string[];
  crds?: CustomResourceDefinitionObject[];
  errorIfPathMissing?: boolean;
  timeoutMs?: number;
}

/** TestEnv is a running etcd + kube-apiserver with CRDs and webhooks installed, and an admin user. */
export interface TestEnv {
  /** KubeConfig of user `admin` in group `system:masters`; cluster, user and context are named `envtest`. */
  kubeConfig: KubeConfig;
  /** The same kubeconfig written to a file, for child processes (KUBECONFIG=...) and kubectl. */
  kubeconfigPath: string;
  /** Host and PEM credentials of the admin user. */
  config: RestConfig;
  /** Where to serve webhooks (always prepared, even without webhookInstallOptions). */
  webhookInstallOptions: LocalWebhookServing;
  /** The CRDs installed at start, as the API server stored them. */
  crds: CustomResourceDefinitionObject[];
  /** Process ids of the control plane (each is also its process group id); kubeApiserver changes on restart. */
  readonly pids: { readonly etcd: number; readonly kubeApiserver: number; readonly kubeControllerManager?: number };
  /** addUser issues a client certificate for another user (subject to RBAC unless in system:masters). */
  addUser(user: TestUser): Promise<AuthenticatedUser>;
  /** installCRDs installs more CRDs into the running environment and waits until they are served. */
  installCRDs(options: InstallCRDsOptions): Promise<CustomResourceDefinitionObject[]>;
  /**
   * restartAPIServer stops kube-apiserver (SIGTERM, SIGKILL after the stop timeout) and starts it again on
   * the same port with the same flags, certificates and etcd (so every object and resourceVersion survives),
   * resolving once it is ready again. Clients see their connections and watches cut, the way an API server
   * upgrade or a load balancer failover cuts them. `downtimeMs` / `whileDown` control the gap, and
   * `graceful: false` kills it like a crash. A graceful shutdown waits for open watches to end, up to the stop
   * timeout, unless the API server was started with `apiServerFlags: { 'shutdown-watch-termination-grace-period': '2s' }`,
   * which makes it close them. Overlapping calls run one after the other, and stop() waits for a running
   * restart, so every process started is stopped.
   */
  restartAPIServer(options?: RestartAPIServerOptions): Promise<void>;
  /** stop terminates kube-controller-manager, kube-apiserver and etcd (SIGTERM, SIGKILL after the stop timeout) and removes all temp files. */
  stop(): Promise<void>;
}

const DEFAULT_NAMESPACE_WAIT_MS = 5_000;
const DEFAULT_NAMESPACE_POLL_MS = 50;

/** readCRDs reads CRDs from files and objects, as `crdDirectoryPaths` and `crds` name them. */
function readCRDs(
  paths: readonly string[],
  objects: readonly object[],
  errorIfPathMissing: boolean,
): CustomResourceDefinitionObject[] {
  return selectCRDs([
    ...readManifestObjects(paths, { errorIfPathMissing, what: 'CRD' }),
    ...asManifests(objects, 'crds option'),
  ]);
}

/** readWebhookConfigurations reads the webhook configurations to install (missing paths are an error). */
function readWebhookConfigurations(options: WebhookInstallOptions | undefined): WebhookConfigurationObject[] {
  if (options === undefined) return [];
  return selectWebhookConfigurations([
    ...readManifestObjects(options.paths ?? [], { errorIfPathMissing: true, what: 'webhook' }),
    ...asManifests(options.mutatingWebhooks ?? [], 'mutatingWebhooks option'),
    ...asManifests(options.validatingWebhooks ?? [], 'validatingWebhooks option'),
  ]);
}

/** WebhookServing is where the test's webhook server listens, with the certificate the API server trusts for it. */
interface WebhookServing {
  readonly serving: LocalWebhookServing;
  readonly target: ConversionWebhookTarget;
  /** The port reserved for the environment (none when the options name one). */
  readonly reservation: PortReservation | undefined;
}

/** prepareWebhookServing picks the webhook server's address and writes its serving certificate, from a CA of its own. */
async function prepareWebhookServing(
  workDir: string,
  options: WebhookInstallOptions | undefined,
): Promise<WebhookServing> {
  const host = options?.localServingHost ?? '127.0.0.1';
  const reservation = options?.localServingPort === undefined ? await reservePort() : undefined;
  try {
    const port = options?.localServingPort ?? (reservation as PortReservation).port;
    const ca = await TinyCA.create();
    const certDir = join(workDir, 'webhook-certs');
    mkdirSync(certDir, { recursive: true, mode: 0o700 });
    const cert = await ca.issueServingCert({ hosts: ['localhost', '127.0.0.1', host] });
    writeFileSync(join(certDir, 'tls.crt'), cert.certPem, { mode: 0o600 });
    writeFileSync(join(certDir, 'tls.key'), cert.keyPem, { mode: 0o600 });
    return {
      serving: { localServingHost: host, localServingPort: port, localServingCertDir: certDir, caData: ca.certPem },
      target: { host, port, caPem: ca.certPem },
      reservation,
    };
  } catch (err) {
    reservation?.release();
    throw err;
  }
}

/** authenticator issues users client certificates from the control plane's client CA. */
function authenticator(plane: ControlPlane): (user: TestUser) => Promise<AuthenticatedUser> {
  return async (user) => {
    const pair = await plane.clientCa.issueClientCert({ name: user.name, groups: user.groups ?? [] });
    const config: RestConfig = {
      host: plane.host,
      caData: plane.servingCaPem,
      certData: pair.certPem,
      keyData: pair.keyPem,
    };
    return {
      user: { name: user.name, groups: [...(user.groups ?? [])] },
      config,
      kubeConfig: kubeConfigFromRestConfig(config),
    };
  };
}

/** Started is what a start has brought up so far, for stop() to take down. */
interface Started {
  plane?: ControlPlane;
  controllerManager?: ControllerManager;
  webhook?: WebhookServing;
}

/** EnvInputs are the inputs of a start, read and checked before anything starts. */
interface EnvInputs {
  readonly crds: CustomResourceDefinitionObject[];
  readonly webhookConfigs: WebhookConfigurationObject[];
  readonly assets: BinaryAssets;
  readonly timeouts: ControlPlaneTimeouts;
  readonly controllers: ControllersChoice;
}

/**
 * bringUp starts the control plane, waits for the `default` namespace, prepares webhook serving and
 * installs the CRDs and webhook configurations; what it started is recorded in `started`.
 */
async function bringUp(
  options: TestEnvOptions,
  inputs: EnvInputs,
  workDir: string,
  started: Started,
): Promise<Omit<TestEnv, 'stop'>> {
  const attachOutput =
    options.attachControlPlaneOutput ?? process.env.KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT === 'true';
  const plane = await startControlPlane({
    assets: inputs.assets,
    workDir,
    attachOutput,
    timeouts: inputs.timeouts,
    ...(options.apiServerFlags === undefined ? {} : { apiServerFlags: options.apiServerFlags }),
  });
  started.plane = plane;
  const authenticate = authenticator(plane);
  const admin = await authenticate({ name: 'admin', groups: ['system:masters'] });
  const conn = new ApiConnection(plane.host, {
    caPem: plane.servingCaPem,
    certPem: admin.config.certData,
    keyPem: admin.config.keyData,
  });
  await waitForDefaultNamespace(conn);
  if (inputs.controllers !== undefined) {
    started.controllerManager = await startControllerManager({
      ...inputs.controllers,
      host: plane.host,
      servingCaPem: plane.servingCaPem,
      clientCa: plane.clientCa,
      serviceAccountSigningKeyPem: plane.serviceAccountSigningKeyPem,
      dir: join(workDir, 'controller-manager'),
      attachOutput,
      timeouts: inputs.timeouts,
      ...(options.controllerManagerFlags === undefined ? {} : { flags: options.controllerManagerFlags }),
    });
  }
  const controllerManager = started.controllerManager;
  const webhook = await prepareWebhookServing(workDir, options.webhookInstallOptions);
  started.webhook = webhook;
  const conversion = options.webhookInstallOptions === undefined ? {} : { conversionWebhook: webhook.target };
  const install = async (
    list: CustomResourceDefinitionObject[],
    timeoutMs: number | undefined,
  ): Promise<CustomResourceDefinitionObject[]> =>
    list.length === 0
      ? []
      : installCRDs(conn, list, { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...conversion });
  const installed = await install(inputs.crds, options.crdInstallTimeoutMs);
  if (inputs.webhookConfigs.length > 0) await installWebhookConfigurations(conn, inputs.webhookConfigs, webhook.target);
  const kubeconfigPath = join(workDir, 'kubeconfig');
  writeFileSync(kubeconfigPath, kubeconfigText(admin.config), { mode: 0o600 });
  return {
    kubeConfig: admin.kubeConfig,
    kubeconfigPath,
    config: admin.config,
    webhookInstallOptions: webhook.serving,
    crds: installed,
    pids: {
      etcd: plane.etcd.pid,
      get kubeApiserver() {
        return plane.apiServer.pid;
      },
      ...(controllerManager === undefined ? {} : { kubeControllerManager: controllerManager.process.pid }),
    },
    restartAPIServer: (restart) => plane.restartAPIServer(restart),
    addUser: authenticate,
    installCRDs: (more) =>
      install(
        readCRDs(more.paths ?? [], more.crds ?? [], more.errorIfPathMissing ?? false),
        more.timeoutMs ?? options.crdInstallTimeoutMs,
      ),
  };
}

/**
 * startTestEnv starts a private control plane (etcd, then kube-apiserver, on free loopback ports, with
 * throw-away certificates), waits until it serves the `default` namespace, starts kube-controller-manager
 * when `controllers` names any, installs CRDs and webhook
 * configurations, and returns how to reach it. Whatever was started is stopped again when any step fails.
 */
export async function startTestEnv(options: TestEnvOptions = {}): Promise<TestEnv> {
  // Read every input before starting anything, so that a typo fails in milliseconds.
  const crds = readCRDs(options.crdDirectoryPaths ?? [], options.crds ?? [], options.errorIfCRDPathMissing ?? false);
  const webhookConfigs = readWebhookConfigurations(options.webhookInstallOptions);
  const assets = findBinaryAssets(
    options.binaryAssetsDirectory === undefined ? {} : { binaryAssetsDirectory: options.binaryAssetsDirectory },
  );
  if (!isBinaryAssets(assets)) {
    throw new UserError(assets.missing, {
      hint:
        'run `npx operator-ts envtest use 1.37.x` (`make setup-envtest` in a scaffolded project), ' +
        'or set KUBEBUILDER_ASSETS to a directory with kube-apiserver and etcd',
    });
  }
  const timeouts = resolveControlPlaneTimeouts(options);
  const controllers = await checkControllersOption(options.controllers, assets);
  const workDir = mkdtempSync(join(tmpdir(), 'operator-ts-envtest-'));
  trackDirectory(workDir);
  const started: Started = {};
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      try {
        // Both in the same tick: the control plane must learn of the stop before a running restart checks
        // for it. The controller manager only logs errors while the API server goes away.
        await Promise.all([started.controllerManager?.stop(), started.plane?.stop()]);
      } finally {
        started.webhook?.reservation?.release();
        rmSync(workDir, { recursive: true, force: true });
        untrackDirectory(workDir);
      }
    })();
    return stopping;
  };
  try {
    return {
      ...(await bringUp(options, { crds, webhookConfigs, assets, timeouts, controllers }, workDir, started)),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitForDefaultNamespace(conn: ApiConnection): Promise<void> {
  const deadline = Date.now() + DEFAULT_NAMESPACE_WAIT_MS;
  let last: string;
  for (;;) {
    try {
      const res = await conn.call('GET', '/api/v1/namespaces/default');
      if (res.status === 200) return;
      last = `${res.status} ${res.body.slice(0, 200)}`;
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() >= deadline) {
      throw new UserError(
        `kube-apiserver is ready but namespace default could not be read within ${DEFAULT_NAMESPACE_WAIT_MS / 1000}s: ${last}`,
        {
          hint: 'set KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT=true to see the API server output',
        },
      );
    }
    await sleep(DEFAULT_NAMESPACE_POLL_MS);
  }
}

function asManifests(objects: readonly object[], source: string): ManifestObject[] {
  return objects.map((object, i) => ({ object: object as Record<string, unknown>, source: `${source}[${i}]` }));
}
