import type { Client } from '../client/client.js';
import type { Logger } from '../log/logger.js';
import type { Runnable } from '../runnable.js';
import { conversionCRDNames } from '../webhook/builder.js';
import type { WebhookServer, WebhookServerOptions } from '../webhook/server.js';
import type { ManagerWebhookOptions } from './options.js';

/** DEFAULT_CERT_DIR is the webhook server's default certDir, controller-runtime's. */
const DEFAULT_CERT_DIR = '/tmp/k8s-webhook-server/serving-certs';

/** webhookServerOptions are the manager's webhook options without what only the manager reads. */
export function webhookServerOptions(webhook: ManagerWebhookOptions | undefined): Omit<WebhookServerOptions, 'logger'> {
  const { certificates: _certificates, selfManaged: _selfManaged, ...server } = webhook ?? {};
  return server;
}

/**
 * checkWebhookCertificates fails createManager early on self-managed settings that cannot work: no
 * Service name to issue the certificate for, or file names other than the `tls.crt` and `tls.key` the
 * Secret's certificate is written as.
 */
export function checkWebhookCertificates(webhook: ManagerWebhookOptions | undefined): void {
  if (webhook?.certificates !== 'self-managed') {
    if (webhook?.selfManaged !== undefined)
      throw new Error("webhook.selfManaged is set but webhook.certificates is not 'self-managed'");
    return;
  }
  if (webhook.selfManaged === undefined || webhook.selfManaged.serviceName === '')
    throw new Error(
      "webhook.certificates 'self-managed' needs webhook.selfManaged.serviceName, the Service the certificate is for",
    );
  for (const [option, name, expected] of [
    ['certName', webhook.certName, 'tls.crt'],
    ['keyName', webhook.keyName, 'tls.key'],
  ] as const) {
    if (name !== undefined && name !== expected)
      throw new Error(
        `webhook.certificates 'self-managed' writes the certificate as ${expected}: ` +
          `remove webhook.${option} ("${name}")`,
      );
  }
}

/**
 * bootstrapSelfManagedCertificates readies the webhook server's certDir from the certificate Secret
 * before the server starts (creating the Secret when this replica is the first) and returns the
 * runnables that keep it current: the leader's rotation and CA bundle injection, every replica's copy.
 * CA bundles go to the named webhook configurations and, unless named, to the CRDs whose conversion the
 * server was given.
 */
export async function bootstrapSelfManagedCertificates(
  webhook: ManagerWebhookOptions,
  namespace: string,
  client: Client,
  server: WebhookServer,
  logger: Logger,
): Promise<Runnable[]> {
  const settings = webhook.selfManaged;
  if (settings === undefined) throw new Error("webhook.certificates 'self-managed' needs webhook.selfManaged");
  // Loaded only here: an operator with cert-manager never loads the certificate code.
  const { WebhookCertificateProvisioner, certificateRunnables } = await import('../webhookcerts/provisioner.js');
  const provisioner = new WebhookCertificateProvisioner({
    client,
    namespace,
    secretName: settings.secretName ?? 'webhook-server-cert',
    serviceName: settings.serviceName,
    ...(settings.hosts === undefined ? {} : { hosts: settings.hosts }),
    certDir: webhook.certDir ?? DEFAULT_CERT_DIR,
    ...(settings.caValidityMs === undefined ? {} : { caValidityMs: settings.caValidityMs }),
    ...(settings.certValidityMs === undefined ? {} : { certValidityMs: settings.certValidityMs }),
    ...(settings.rotateBeforeFraction === undefined ? {} : { rotateBeforeFraction: settings.rotateBeforeFraction }),
    ...(settings.now === undefined ? {} : { now: settings.now }),
    mutatingWebhookConfigurations: settings.mutatingWebhookConfigurations ?? [],
    validatingWebhookConfigurations: settings.validatingWebhookConfigurations ?? [],
    conversionCRDs: settings.conversionCRDs ?? conversionCRDNames(server),
    logger,
  });
  await provisioner.bootstrap();
  const { leader, replica } = certificateRunnables(
    provisioner,
    logger.child({ logger: 'webhook-certificates' }),
    settings.checkIntervalMs,
  );
  return [leader, replica];
}
