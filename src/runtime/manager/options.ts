import type { KubeConfig } from '@kubernetes/client-node';
import type { CacheOptions } from '../cache/informer-cache.js';
import type { SharedInformerOptions } from '../cache/shared-informer.js';
import type { Clock } from '../leaderelection/leader-elector.js';
import type { Logger } from '../log/logger.js';
import type { KubernetesObject } from '../resource.js';
import type { RuntimeMetricsOptions } from '../metrics/runtime-health.js';
import type { ProfilingOptions } from '../metrics/server/profiling.js';
import type { TracingOptions } from '../tracing/config.js';
import type { WebhookServerOptions } from '../webhook/server.js';
import type { CABundleTargets } from '../webhookcerts/ca-injection.js';

/**
 * SelfManagedWebhookCertificates configure `webhook.certificates: 'self-managed'`: the manager keeps a CA
 * and a serving certificate in a Secret and injects the CA bundle into these targets itself.
 */
export interface SelfManagedWebhookCertificates extends CABundleTargets {
  /** Webhook Service name; the serving certificate is for `<service>.<namespace>.svc` (and `.cluster.local`). */
  serviceName: string;
  /** Namespace of the Secret and the Service; the leader election namespace, else the pod's, when absent. */
  namespace?: string | undefined;
  /** Secret holding `ca.crt`, `ca.key`, `tls.crt` and `tls.key`; default `webhook-server-cert`. */
  secretName?: string | undefined;
  /** Names the serving certificate is valid for instead of the Service's (DNS names or IP addresses). */
  hosts?: readonly string[] | undefined;
  /** Lifetime of the CA; default 10 years. */
  caValidityMs?: number | undefined;
  /** Lifetime of a serving certificate; default 1 year. */
  certValidityMs?: number | undefined;
  /** How long before expiry a certificate is replaced, as a fraction of its lifetime; default a third. */
  rotateBeforeFraction?: number | undefined;
  /** How often the leader checks the Secret and the CA bundles, and every replica its certDir; default 1 minute. */
  checkIntervalMs?: number | undefined;
  /** Clock, for tests of rotation; default Date.now. */
  now?: (() => number) | undefined;
}

/** ManagerWebhookOptions are the webhook server's settings and where its serving certificate comes from. */
export interface ManagerWebhookOptions extends Omit<WebhookServerOptions, 'logger'> {
  /**
   * Where the serving certificate comes from: `provided` (the default) reads certDir as mounted by
   * cert-manager or anyone else; `self-managed` has the manager issue it (see `selfManaged`): before the
   * webhook server starts, every replica creates the Secret when there is none yet (one of them wins) and
   * writes its certificate into certDir; then the leader rotates it and injects the CA bundle, and every
   * replica follows the Secret.
   */
  certificates?: 'provided' | 'self-managed' | undefined;
  /** Settings of `certificates: 'self-managed'`; `serviceName` is required then. */
  selfManaged?: SelfManagedWebhookCertificates | undefined;
}

/** LeaderElectionOptions configures leader election on a `coordination.k8s.io/v1` Lease. */
export interface LeaderElectionOptions {
  /** Run controllers only on the replica holding the lease. */
  enabled: boolean;
  /** Lease name, such as `<hash>.<domain>` as scaffolded. */
  id: string;
  /** Lease namespace; the pod's namespace (service account mount or POD_NAMESPACE) when absent. */
  namespace?: string | undefined;
  /** Defaults 15 s / 10 s / 2 s like controller-runtime. */
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  /** Give the lease up on shutdown so a successor starts at once; default true. */
  releaseOnCancel?: boolean;
  /** Candidate identity; hostname plus a random suffix by default. */
  identity?: string;
  /** Time source, for tests. */
  clock?: Clock;
}

/** ManagerOptions configures {@link createManager}; every field is optional. */
export interface ManagerOptions {
  /** Cluster access; `loadFromDefault()` (in-cluster, $KUBECONFIG, ~/.kube/config) when absent. */
  kubeConfig?: KubeConfig | undefined;
  /** Metrics address (`:8443`, `127.0.0.1:8080`); `0` (the default) disables the server. */
  metricsBindAddress?: string | undefined;
  /** Serve metrics over HTTPS with TokenReview/SubjectAccessReview authorization; default false. */
  secureMetrics?: boolean | undefined;
  /** Metrics serving certificate directory (reloaded on change); self-signed in memory when absent. */
  metricsCertDir?: string | undefined;
  metricsCertName?: string | undefined;
  metricsKeyName?: string | undefined;
  /**
   * Health metrics of the Node.js process on the metrics endpoint (event-loop lag, GC pauses, heap, active
   * resources, CPU and resident memory; `nodejs_*` and `process_*`); on by default, options tune them.
   * `false` turns them off, for an operator that registers prom-client's `collectDefaultMetrics` in the
   * runtime's registry itself.
   */
  runtimeMetrics?: boolean | RuntimeMetricsOptions | undefined;
  /**
   * Profiling endpoints on the metrics server (`/debug/profile/cpu?seconds=N`, `/heap`, `/handles`), off by
   * default; with secure metrics, callers need `get` on those paths (the `profiling-reader` ClusterRole).
   */
  profiling?: ProfilingOptions | undefined;
  /** Probe address serving /healthz and /readyz (`:8081`); `0` (the default) disables it. */
  healthProbeBindAddress?: string | undefined;
  leaderElection?: LeaderElectionOptions | undefined;
  /** Webhook server settings, used when a webhook is registered. */
  webhook?: ManagerWebhookOptions | undefined;
  /** Restrict the cache to these namespaces (one list/watch each); all namespaces when absent or empty. */
  namespaces?: string[] | undefined;
  /** Per-resource cache selectors. */
  cache?: Omit<CacheOptions, 'namespaces'> | undefined;
  /** Base logger; `newLogger({ level: 'info' })` when absent. */
  logger?: Logger | undefined;
  /**
   * How long start waits for the informers' first lists before failing with the resources that did not
   * sync (a CRD that is not installed, missing RBAC); 2 minutes like controller-runtime's CacheSyncTimeout.
   */
  cacheSyncTimeoutMs?: number | undefined;
  /** How long shutdown waits for runnables (controllers draining) before giving up; 30 s. */
  gracefulShutdownTimeoutMs?: number | undefined;
  /** Field manager of the manager's client; `operator-ts` when absent. */
  fieldManager?: string | undefined;
  /**
   * Read-your-writes (on by default): a request whose reconcile wrote or deleted objects of cached kinds is
   * not reconciled again until the cache shows those writes, at most `timeoutMs` (3 s). `false` turns it off.
   */
  readYourWrites?: false | { timeoutMs?: number } | undefined;
  /**
   * OpenTelemetry tracing of reconciles, API calls and webhook requests: `true` or options turn it on, `false`
   * off; absent, the `OTEL_*` variables decide (on when `OTEL_EXPORTER_OTLP_ENDPOINT`,
   * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_TRACES_EXPORTER=otlp` is set, off with `OTEL_SDK_DISABLED=true`).
   * The SDK is loaded only when tracing is on.
   */
  tracing?: boolean | TracingOptions | undefined;
  /** Reflector tuning, for tests. */
  reflector?: SharedInformerOptions<KubernetesObject>['reflector'];
}
