import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type { EventsV1Event, KubeConfig } from '@kubernetes/client-node';
import type { FieldIndexer } from '../cache/field-index.js';
import { InformerCache } from '../cache/informer-cache.js';
import { OwnWrites } from '../cache/own-writes.js';
import type { Cache } from '../cache/informer.js';
import { ApiError } from '../rest/api-error.js';
import { type Client } from '../client/client.js';
import type { ClusterAccess } from '../rest/cluster-access.js';
import { loadDefaultClusterAccess } from '../rest/default-config.js';
import { newClient } from '../client/kube-client.js';
import { RestClient } from '../rest/rest-client.js';
import { KubeTransport } from '../rest/transport.js';
import { newEventRecorder, type EventRecorder, type RecordingEventRecorder } from '../events/recorder.js';
import { LeaderElector, newIdentity } from '../leaderelection/leader-elector.js';
import { LeaseLock } from '../leaderelection/lease-lock.js';
import { newLogger, type Logger } from '../log/logger.js';
import { MetricsServer } from '../metrics/server/server.js';
import { registry } from '../metrics/registry.js';
import { registerRuntimeMetrics } from '../metrics/runtime-health.js';
import { defineResource, type ResourceDescriptor } from '../resource.js';
import { WebhookServer } from '../webhook/server.js';
import { parseBindAddress } from '../bind-address.js';
import { loadKubeConfigClass } from './client-node.js';
import type { ManagerOptions } from './options.js';
import { podNamespace } from './pod-namespace.js';
import { HealthProbeServer, type Checker } from './probes.js';
import { RunnableGroups } from './runnable-groups.js';
import {
  bootstrapSelfManagedCertificates,
  checkWebhookCertificates,
  webhookServerOptions,
} from './webhook-certificates.js';
import type { Runnable } from '../runnable.js';
import { tracingRequested } from '../tracing/tracer.js';

/** Manager runs an operator: shared cache, controllers, webhook, metrics and probe servers, leader election. */
export interface Manager {
  /** Manager.client reads watched kinds from the cache (live otherwise) and writes to the API server. */
  readonly client: Client;
  /** Manager.apiReader always reads from the API server. */
  readonly apiReader: Client;
  readonly logger: Logger;
  /**
   * Manager.kubeConfig is the client-node KubeConfig of the cluster: the one passed in, or else loaded on
   * first access with `loadFromDefault()` (the manager itself talks to the API server without client-node,
   * which keeps an operator's idle memory about 80 MB lower).
   */
  readonly kubeConfig: KubeConfig;
  /** Manager.identity is this replica's leader election identity. */
  readonly identity: string;
  /** Manager.healthProbeServer is the probe server, when enabled (its `port` is known after start). */
  readonly healthProbeServer: HealthProbeServer | undefined;
  /** Manager.metricsServer is the metrics server, when enabled. */
  readonly metricsServer: MetricsServer | undefined;
  /** Manager.getCache returns the shared informer cache. */
  getCache(): Cache;
  /** Manager.getOwnWrites returns the read-your-writes tracker of the manager's client; undefined when turned off. */
  getOwnWrites?(): OwnWrites | undefined;
  /**
   * Manager.getFieldIndexer returns the cache's field indexer, like controller-runtime's
   * `mgr.GetFieldIndexer()`: indexes registered before start serve `client.list(Kind, { matchingFields })`.
   */
  getFieldIndexer(): FieldIndexer;
  /** Manager.getEventRecorder returns the recorder of events reported by `name` (the controller name). */
  getEventRecorder(name: string): EventRecorder;
  /** Manager.add registers a runnable; controllers (needLeaderElection not false) run only while leading. */
  add(runnable: Runnable): void;
  /** Manager.addHealthzCheck adds a liveness check served on /healthz. */
  addHealthzCheck(name: string, check: Checker): void;
  /** Manager.addReadyzCheck adds a readiness check served on /readyz. */
  addReadyzCheck(name: string, check: Checker): void;
  /** Manager.getWebhookServer returns the webhook server, created and registered on first use. */
  getWebhookServer(): WebhookServer;
  /** Manager.elected resolves once this replica leads (at start when leader election is off). */
  elected(): Promise<void>;
  /**
   * Manager.start runs everything until the signal aborts, then shuts down gracefully and resolves. It
   * rejects when a runnable fails, when leadership is lost (`leader election lost`: exit non-zero so the
   * pod restarts, as controller-runtime does) or when shutdown exceeds the grace period.
   */
  start(signal: AbortSignal): Promise<void>;
}

const EventResource = defineResource<EventsV1Event>({
  group: 'events.k8s.io',
  version: 'v1',
  kind: 'Event',
  plural: 'events',
  namespaced: true,
});
/** DEFAULT_CACHE_SYNC_TIMEOUT_MS is controller-runtime's default CacheSyncTimeout. */
const DEFAULT_CACHE_SYNC_TIMEOUT_MS = 120_000;

/**
 * createManager builds a {@link Manager}; nothing talks to the API server until `start`. It throws when
 * no cluster configuration is found, a bind address is malformed, or leader election or self-managed
 * webhook certificates have no namespace.
 */
export async function createManager(options: ManagerOptions = {}): Promise<Manager> {
  const logger = options.logger ?? newLogger({ level: 'info' });
  const access = options.kubeConfig ?? (await defaultClusterAccess());
  const fieldManager = options.fieldManager ?? 'operator-ts';
  const probeAddress = parseBindAddress(options.healthProbeBindAddress, 'health probe');
  const metricsAddress = parseBindAddress(options.metricsBindAddress, 'metrics');
  if (options.profiling?.enabled === true && metricsAddress === undefined) {
    throw new Error('profiling is served by the metrics server: set metricsBindAddress (--metrics-bind-address) too');
  }
  let leaseNamespace: string | undefined;
  if (options.leaderElection?.enabled === true) {
    if (options.leaderElection.id === '') throw new Error('leader election needs an id (the Lease name)');
    leaseNamespace = options.leaderElection.namespace ?? (await podNamespace());
    if (leaseNamespace === undefined) {
      throw new Error(
        'leader election needs a namespace: not running in a cluster, so set leaderElection.namespace (or POD_NAMESPACE)',
      );
    }
  }
  checkWebhookCertificates(options.webhook);
  let certNamespace: string | undefined;
  if (options.webhook?.certificates === 'self-managed') {
    certNamespace = options.webhook.selfManaged?.namespace ?? leaseNamespace ?? (await podNamespace());
    if (certNamespace === undefined) {
      throw new Error(
        'self-managed webhook certificates need a namespace: not running in a cluster, ' +
          'so set webhook.selfManaged.namespace (or POD_NAMESPACE)',
      );
    }
  }
  const namespaces = { lease: leaseNamespace, certificates: certNamespace };
  return new ControllerManager(options, logger, access, fieldManager, probeAddress, metricsAddress, namespaces);
}

class ControllerManager implements Manager {
  readonly client: Client;
  readonly apiReader: Client;
  readonly identity: string;
  readonly healthProbeServer: HealthProbeServer | undefined;
  readonly metricsServer: MetricsServer | undefined;
  private readonly rest: RestClient;
  private readonly transport: KubeTransport;
  private readonly cache: InformerCache;
  private readonly ownWrites: OwnWrites | undefined;
  private readonly groups: RunnableGroups;
  private readonly recorders = new Map<string, RecordingEventRecorder>();
  private webhookServer: WebhookServer | undefined;
  private resolveElected!: () => void;
  private readonly electedPromise = new Promise<void>((r) => (this.resolveElected = r));
  private cacheSynced = false;
  private started = false;
  private loadedKubeConfig: KubeConfig | undefined;
  private readonly leaseNamespace: string | undefined;
  private readonly certNamespace: string | undefined;

  constructor(
    private readonly options: ManagerOptions,
    readonly logger: Logger,
    access: ClusterAccess,
    fieldManager: string,
    probeAddress: ReturnType<typeof parseBindAddress>,
    metricsAddress: ReturnType<typeof parseBindAddress>,
    namespaces: { lease: string | undefined; certificates: string | undefined },
  ) {
    this.leaseNamespace = namespaces.lease;
    this.certNamespace = namespaces.certificates;
    this.transport = new KubeTransport(access, { userAgent: `${fieldManager} (operator-ts)` });
    this.rest = new RestClient(this.transport);
    this.cache = new InformerCache({
      rest: this.rest,
      logger,
      namespaces: options.namespaces !== undefined && options.namespaces.length > 0 ? options.namespaces : undefined,
      byResource: options.cache?.byResource,
      bypass: options.cache?.bypass,
      reflector: options.reflector,
    });
    const cachesNamespace = (resource: ResourceDescriptor, namespace: string) =>
      this.cache.servesReads(resource) && this.cache.cachesNamespace(resource, namespace);
    const servesReads = (resource: ResourceDescriptor) => this.cache.servesReads(resource);
    const ryw = options.readYourWrites;
    this.ownWrites =
      ryw === false ? undefined : new OwnWrites(this.cache, { cachesNamespace, timeoutMs: ryw?.timeoutMs });
    this.client = newClient({
      rest: this.rest,
      cache: this.cache,
      fieldManager,
      cachesNamespace,
      servesReads,
      ownWrites: this.ownWrites,
    });
    this.apiReader = newClient({ rest: this.rest, fieldManager });
    this.identity = options.leaderElection?.identity ?? newIdentity();
    this.groups = new RunnableGroups(logger, options.gracefulShutdownTimeoutMs ?? 30_000);
    if (probeAddress !== undefined) {
      this.healthProbeServer = new HealthProbeServer({ address: probeAddress, logger });
      // Readiness includes the informers: a replica is not ready until its cache has synced.
      this.healthProbeServer.addReadyzCheck('cache-sync', () => {
        if (!this.cacheSynced) throw new Error('caches not synced');
      });
      this.groups.addServer(this.healthProbeServer);
    }
    if (metricsAddress !== undefined) {
      this.metricsServer = new MetricsServer({
        address: metricsAddress,
        secure: options.secureMetrics === true,
        certDir: options.metricsCertDir,
        certName: options.metricsCertName,
        keyName: options.metricsKeyName,
        rest: this.rest,
        profiling: options.profiling,
        logger,
      });
      const runtimeMetrics = options.runtimeMetrics ?? true;
      if (runtimeMetrics !== false) registerRuntimeMetrics(registry, runtimeMetrics === true ? {} : runtimeMetrics);
      this.groups.addServer(this.metricsServer);
    }
  }

  get kubeConfig(): KubeConfig {
    this.loadedKubeConfig ??= this.options.kubeConfig ?? loadDefaultKubeConfig();
    return this.loadedKubeConfig;
  }

  getOwnWrites(): OwnWrites | undefined {
    return this.ownWrites;
  }

  getCache(): Cache {
    return this.cache;
  }

  getFieldIndexer(): FieldIndexer {
    return this.cache;
  }

  getEventRecorder(name: string): EventRecorder {
    let recorder = this.recorders.get(name);
    if (recorder === undefined) {
      recorder = newEventRecorder({
        reportingController: name,
        reportingInstance: `${name}-${hostname()}`.slice(0, 128),
        post: async (event) => {
          await this.rest.create(EventResource, event);
        },
        patch: async (event) => {
          const key = { namespace: event.metadata?.namespace ?? '', name: event.metadata?.name ?? '' };
          await this.rest.patch(EventResource, key, { type: 'merge', data: { series: event.series } });
        },
        logger: this.logger.child({ logger: 'events', controller: name }),
      });
      this.recorders.set(name, recorder);
    }
    return recorder;
  }

  add(runnable: Runnable): void {
    this.groups.add(runnable);
  }

  addHealthzCheck(name: string, check: Checker): void {
    // Without a probe server the checks have nowhere to be served; accept them so main.ts needs no branches.
    this.healthProbeServer?.addHealthzCheck(name, check);
  }

  addReadyzCheck(name: string, check: Checker): void {
    this.healthProbeServer?.addReadyzCheck(name, check);
  }

  getWebhookServer(): WebhookServer {
    if (this.webhookServer === undefined) {
      this.webhookServer = new WebhookServer({ ...webhookServerOptions(this.options.webhook), logger: this.logger });
      this.groups.addServer(this.webhookServer);
    }
    return this.webhookServer;
  }

  elected(): Promise<void> {
    return this.electedPromise;
  }

  async start(signal: AbortSignal): Promise<void> {
    if (this.started) throw new Error('manager already started');
    this.started = true;
    const log = this.logger;
    const run = new AbortController();
    // Every runnable, worker and in-flight call may listen on the run signal.
    setMaxListeners(0, run.signal);
    const stopRun = (): void => run.abort();
    signal.addEventListener('abort', stopRun, { once: true });
    if (signal.aborted) run.abort();
    this.groups.onFailure(() => run.abort());

    log.info({}, 'starting manager');
    // Loaded only when tracing may be on: an operator that does not trace never loads any of it.
    const tracing = tracingRequested(this.options.tracing)
      ? await (await import('../tracing/start.js')).startTracing(this.options.tracing, log)
      : undefined;
    const cacheStop = new AbortController();
    try {
      await this.bootstrapWebhookCertificates();
      await this.groups.startServers(run.signal);
      const cacheRun = this.cache.start(cacheStop.signal);
      log.info({}, 'waiting for caches to sync');
      const syncTimeoutMs = this.options.cacheSyncTimeoutMs ?? DEFAULT_CACHE_SYNC_TIMEOUT_MS;
      this.cacheSynced = await this.cache.waitForCacheSync(
        AbortSignal.any([run.signal, AbortSignal.timeout(syncTimeoutMs)]),
      );
      if (!this.cacheSynced && !run.signal.aborted) {
        // Without this bound a CRD that is not installed would keep the manager waiting forever, unready.
        const err = cacheSyncTimeoutError(syncTimeoutMs, this.cache.unsynced());
        log.error({ err }, 'caches did not sync');
        this.groups.recordFailure(err);
        run.abort();
      }
      if (this.cacheSynced) {
        log.info({}, 'caches synced');
        this.groups.startOthers(run.signal);
        const elector = this.elector();
        if (elector === undefined) {
          this.resolveElected();
          this.groups.startLeaderElected(run.signal);
        } else {
          const campaign = elector.run(run.signal, (leading) => {
            this.resolveElected();
            this.groups.startLeaderElected(AbortSignal.any([run.signal, leading]));
          });
          void campaign.then((outcome) => {
            if (outcome === 'lost') {
              log.error({ lease: `${this.leaseNamespace}/${this.options.leaderElection?.id}` }, 'leader election lost');
              this.groups.recordFailure(new Error('leader election lost'));
              run.abort();
            }
          });
          this.groups.beforeRelease(async () => {
            // Let an in-flight renewal finish so the release writes on top of it.
            await campaign;
            if (this.options.leaderElection?.releaseOnCancel !== false) await elector.release();
          });
        }
      }
      if (!run.signal.aborted)
        await new Promise<void>((r) => run.signal.addEventListener('abort', () => r(), { once: true }));
      log.info({}, 'stopping manager');
      await this.groups.stopRunnables();
      cacheStop.abort();
      await cacheRun;
    } finally {
      cacheStop.abort();
      await this.flushRecorders();
      await this.groups.stopServers();
      signal.removeEventListener('abort', stopRun);
      this.transport.close();
      // Last, so that the spans of the final calls (events flushed, the lease released) are exported too.
      await tracing?.stop();
    }
    const failure = this.groups.failure;
    if (failure !== undefined) throw failure;
    log.info({}, 'manager stopped');
  }

  /**
   * bootstrapWebhookCertificates gives the webhook server its certificate before it starts, when the
   * manager manages it, and adds the runnables that rotate and follow it.
   */
  private async bootstrapWebhookCertificates(): Promise<void> {
    const webhook = this.options.webhook;
    const server = this.webhookServer;
    if (server === undefined || webhook?.certificates !== 'self-managed' || this.certNamespace === undefined) return;
    const ns = this.certNamespace;
    const runnables = await bootstrapSelfManagedCertificates(webhook, ns, this.apiReader, server, this.logger);
    for (const r of runnables) this.groups.add(r);
  }

  /** flushRecorders sends events the controllers recorded last, waiting at most 5 s. */
  private async flushRecorders(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 5000);
    });
    const recorders = [...this.recorders.values()];
    for (const recorder of recorders) recorder.stop();
    await Promise.race([Promise.all(recorders.map((r) => r.flush().catch(() => undefined))), deadline]);
    clearTimeout(timer);
  }

  private elector(): LeaderElector | undefined {
    const le = this.options.leaderElection;
    if (le?.enabled !== true || this.leaseNamespace === undefined) return undefined;
    return new LeaderElector({
      lock: new LeaseLock(this.rest, this.leaseNamespace, le.id),
      identity: this.identity,
      leaseDurationMs: le.leaseDurationMs,
      renewDeadlineMs: le.renewDeadlineMs,
      retryPeriodMs: le.retryPeriodMs,
      clock: le.clock,
      logger: this.logger.child({ logger: 'leader-election' }),
    });
  }
}

/** cacheSyncTimeoutError names the resources whose informers did not sync and why, as far as known. */
function cacheSyncTimeoutError(timeoutMs: number, unsynced: Array<{ resource: string; lastError: unknown }>): Error {
  const parts = unsynced.map(({ resource, lastError }) => {
    if (lastError === undefined) return resource;
    const notFound = lastError instanceof ApiError && lastError.code === 404;
    const forbidden = lastError instanceof ApiError && lastError.code === 403;
    const hint = notFound ? ' - is its CRD installed?' : forbidden ? ' - does the RBAC role allow list and watch?' : '';
    return `${resource} (${lastError instanceof Error ? lastError.message : String(lastError)}${hint})`;
  });
  return new Error(`timed out after ${timeoutMs / 1000}s waiting for caches to sync: ${parts.join('; ')}`);
}

const NO_CONFIG_MESSAGE =
  'no Kubernetes configuration found: set KUBECONFIG, create ~/.kube/config, run in a cluster, or pass kubeConfig to createManager';

/**
 * defaultClusterAccess finds the cluster like client-node's `loadFromDefault`, with the runtime's light
 * loader for the common cases and client-node only for what it alone handles (exec plugins, auth providers,
 * proxies, merged kubeconfigs).
 */
async function defaultClusterAccess(): Promise<ClusterAccess> {
  const found = await loadDefaultClusterAccess();
  if ('access' in found) return found.access;
  if ('none' in found) throw new Error(NO_CONFIG_MESSAGE);
  return loadDefaultKubeConfig();
}

function loadDefaultKubeConfig(): KubeConfig {
  // Loaded on demand: client-node costs tens of megabytes of resident memory and seconds of start-up,
  // which an operator that never needs it should not pay.
  const KubeConfigClass = loadKubeConfigClass();
  const kc = new KubeConfigClass();
  kc.loadFromDefault();
  const server = kc.getCurrentCluster()?.server;
  // client-node falls back to http://localhost:8080 when it finds nothing, which then fails obscurely.
  if (server === undefined || (server === 'http://localhost:8080' && process.env.KUBECONFIG === undefined)) {
    throw new Error(NO_CONFIG_MESSAGE);
  }
  return kc;
}
