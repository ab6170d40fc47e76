/*
Copyright The mesh-operator Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createManager, newLogger, setupSignalHandler } from 'operator-ts/runtime';
import { CanaryReconciler } from './controllers/canary.controller.js';
import { setupCanaryWebhookWithManager } from './webhooks/v1/canary.webhook.js';
import { setupPodWebhookWithManager } from './webhooks/v1/pod.webhook.js';
// +operator-ts:scaffold:imports

/** Flags are the manager's command-line flags (the same names as a kubebuilder manager's). */
interface Flags {
  metricsBindAddress: string;
  metricsSecure: boolean;
  metricsCertPath: string | undefined;
  healthProbeBindAddress: string;
  leaderElect: boolean;
  enableHttp2: boolean;
  profilingEnabled: boolean;
  webhookCertPath: string;
  webhookCertName: string;
  webhookCertKey: string;
  webhookPort: number;
  webhookCertMode: 'cert-manager' | 'self-managed';
  webhookCertHosts: string[] | undefined;
  webhookClientCA: string | undefined;
  webhookAllowedClientNames: string[] | undefined;
  logLevel: string | undefined;
  development: boolean;
  help: boolean;
  version: boolean;
}

const USAGE = `Usage: node dist/main.js [flags]   (npm start -- [flags], npm run dev -- [flags])

Runs the mesh-operator manager against the cluster of the current kubeconfig (or the in-cluster config).

Flags:
  --metrics-bind-address <addr>       address the metrics endpoint binds to: :8443 for HTTPS, :8080 for HTTP,
                                      0 to disable it (default "0")
  --metrics-secure=<true|false>       serve metrics over HTTPS with authentication and authorisation
                                      (default true)
  --metrics-cert-path <dir>           folder holding the metrics server certificate (tls.crt, tls.key);
                                      without it a self-signed certificate is made
  --health-probe-bind-address <addr>  address the /healthz and /readyz probes bind to (default ":8081")
  --leader-elect                      run leader election, so that one replica is active at a time
  --enable-http2                      serve HTTP/2 on the metrics and webhook servers (default off)
  --profiling-enabled                 serve CPU profiles, heap snapshots and active handles under
                                      /debug/profile/ on the metrics server (default off); with secure
                                      metrics, callers need the profiling-reader ClusterRole
  --webhook-cert-path <dir>           folder holding the webhook certificate
                                      (default "/tmp/k8s-webhook-server/serving-certs")
  --webhook-cert-name <file>          webhook certificate file name (default "tls.crt")
  --webhook-cert-key <file>           webhook key file name (default "tls.key")
  --webhook-port <port>               port the webhook server listens on (default 9443)
  --webhook-cert-mode <mode>          where the webhook certificate comes from: cert-manager (mounted at
                                      --webhook-cert-path) or self-managed (this manager issues it, keeps it
                                      in a Secret, injects its CA into the webhook configurations and
                                      rotates it; see config/self-managed-certs) (default $WEBHOOK_CERT_MODE,
                                      else "cert-manager")
  --webhook-cert-hosts <names>        comma-separated names a self-managed certificate is for, instead of the
                                      webhook Service's (a manager running outside the cluster)
  --webhook-client-ca <file>          CA bundle webhook clients must present a certificate of (mutual TLS:
                                      the API server's, see config/webhook-mtls); any client when absent
  --webhook-allowed-client-names <names>
                                      comma-separated names such a client certificate must carry
  --log-level <level>                 trace, debug, info, warn, error or fatal (default "info", "debug"
                                      with --zap-devel); --zap-log-level is accepted as well
  --zap-devel                         development logs: readable lines instead of JSON (npm run dev sets it)
  -h, --help                          print this help
  -v, --version                       print the manager version

Environment:
  ENABLE_WEBHOOKS=false               do not serve the webhooks (running locally without certificates)
`;

/** parseFlags reads the manager flags; `--flag=false` and `--no-flag` both turn a boolean off. */
function parseFlags(argv: string[]): Flags {
  const { values } = parseArgs({
    args: argv,
    allowNegative: true,
    options: {
      'metrics-bind-address': { type: 'string', default: '0' },
      'metrics-secure': { type: 'string', default: 'true' },
      'metrics-cert-path': { type: 'string' },
      'health-probe-bind-address': { type: 'string', default: ':8081' },
      'leader-elect': { type: 'boolean', default: false },
      'enable-http2': { type: 'boolean', default: false },
      'profiling-enabled': { type: 'boolean', default: false },
      'webhook-cert-path': { type: 'string', default: '/tmp/k8s-webhook-server/serving-certs' },
      'webhook-cert-name': { type: 'string', default: 'tls.crt' },
      'webhook-cert-key': { type: 'string', default: 'tls.key' },
      'webhook-port': { type: 'string', default: '9443' },
      'webhook-cert-mode': { type: 'string', default: process.env['WEBHOOK_CERT_MODE'] ?? 'cert-manager' },
      'webhook-cert-hosts': { type: 'string' },
      'webhook-client-ca': { type: 'string' },
      'webhook-allowed-client-names': { type: 'string' },
      'log-level': { type: 'string' },
      'zap-log-level': { type: 'string' },
      'zap-devel': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  const webhookPort = Number.parseInt(values['webhook-port'], 10);
  if (!Number.isInteger(webhookPort) || webhookPort <= 0 || webhookPort > 65535) {
    throw new Error(`--webhook-port must be a port number, got "${values['webhook-port']}"`);
  }
  const webhookCertMode = values['webhook-cert-mode'];
  if (webhookCertMode !== 'cert-manager' && webhookCertMode !== 'self-managed') {
    throw new Error(`--webhook-cert-mode must be cert-manager or self-managed, got "${webhookCertMode}"`);
  }
  if (values['webhook-allowed-client-names'] !== undefined && values['webhook-client-ca'] === undefined) {
    throw new Error('--webhook-allowed-client-names needs --webhook-client-ca, the CA their certificates chain to');
  }
  return {
    metricsBindAddress: values['metrics-bind-address'],
    metricsSecure: values['metrics-secure'] !== 'false',
    metricsCertPath: values['metrics-cert-path'],
    healthProbeBindAddress: values['health-probe-bind-address'],
    leaderElect: values['leader-elect'],
    enableHttp2: values['enable-http2'],
    profilingEnabled: values['profiling-enabled'],
    webhookCertPath: values['webhook-cert-path'],
    webhookCertName: values['webhook-cert-name'],
    webhookCertKey: values['webhook-cert-key'],
    webhookPort,
    webhookCertMode,
    webhookCertHosts: commaList(values['webhook-cert-hosts']),
    webhookClientCA: values['webhook-client-ca'],
    webhookAllowedClientNames: commaList(values['webhook-allowed-client-names']),
    logLevel: values['zap-log-level'] ?? values['log-level'],
    development: values['zap-devel'],
    help: values.help,
    version: values.version,
  };
}

/** commaList splits a comma-separated flag value; undefined when the flag is absent. */
function commaList(value: string | undefined): string[] | undefined {
  return value?.split(',').flatMap((s) => (s.trim() === '' ? [] : [s.trim()]));
}

/**
 * selfManagedCertificates names what --webhook-cert-mode=self-managed looks after, as config/default names
 * them (prefix mesh-operator-). The CRDs whose conversion this manager serves get the CA bundle as well.
 */
function selfManagedCertificates(hosts: string[] | undefined) {
  return {
    serviceName: 'mesh-operator-webhook-service',
    secretName: 'mesh-operator-webhook-server-cert',
    mutatingWebhookConfigurations: ['mesh-operator-mutating-webhook-configuration'],
    validatingWebhookConfigurations: ['mesh-operator-validating-webhook-configuration'],
    hosts,
  };
}

/**
 * managerVersion is the project's version: npm's (npm start, npm run dev), else the package.json next to the
 * sources (src/, dist/). The image holds the bundle only, so there it is "unknown".
 */
function managerVersion(): string {
  if (process.env['npm_package_version'] !== undefined) return process.env['npm_package_version'];
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (flags.version) {
    process.stdout.write(`mesh-operator ${managerVersion()} (node ${process.version})\n`);
    return;
  }
  const logger = newLogger({ level: flags.logLevel, development: flags.development });
  // Without cert-manager the manager issues, injects and rotates the webhook certificate itself.
  const selfManaged = flags.webhookCertMode === 'self-managed';

  const mgr = await createManager({
    metricsBindAddress: flags.metricsBindAddress,
    secureMetrics: flags.metricsSecure,
    metricsCertDir: flags.metricsCertPath,
    profiling: { enabled: flags.profilingEnabled },
    healthProbeBindAddress: flags.healthProbeBindAddress,
    leaderElection: { enabled: flags.leaderElect, id: 'b1b794a3.example.com' },
    webhook: {
      port: flags.webhookPort,
      certDir: flags.webhookCertPath,
      certName: flags.webhookCertName,
      keyName: flags.webhookCertKey,
      enableHttp2: flags.enableHttp2,
      clientCAName: flags.webhookClientCA,
      allowedClientNames: flags.webhookAllowedClientNames,
      certificates: selfManaged ? 'self-managed' : 'provided',
      selfManaged: selfManaged ? selfManagedCertificates(flags.webhookCertHosts) : undefined,
    },
    logger,
    fieldManager: 'mesh-operator',
  });

  new CanaryReconciler(mgr.client, mgr.getEventRecorder('canary-controller')).setupWithManager(mgr);
  // +operator-ts:scaffold:controllers

  // Webhooks run unless ENABLE_WEBHOOKS=false (handy for `npm start` against a cluster without certificates).
  if (process.env['ENABLE_WEBHOOKS'] !== 'false') {
    setupCanaryWebhookWithManager(mgr);
    setupPodWebhookWithManager(mgr);
    // +operator-ts:scaffold:webhooks
  }

  logger.info('starting manager');
  await mgr.start(setupSignalHandler());
}

main().catch((err: unknown) => {
  newLogger({ level: 'info' }).error({ err }, 'problem running manager');
  process.exitCode = 1;
});
