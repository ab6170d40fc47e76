import { setTimeout as sleep } from 'node:timers/promises';
import { UserError } from '../errors/user-error.js';
import type { ApiConnection } from './api-connection.js';
import { createOrReplace } from './create-or-replace.js';
import type { ManifestObject } from './manifest-files.js';

const API_BASE = '/apis/admissionregistration.k8s.io/v1';
const COLLECTIONS = {
  MutatingWebhookConfiguration: `${API_BASE}/mutatingwebhookconfigurations`,
  ValidatingWebhookConfiguration: `${API_BASE}/validatingwebhookconfigurations`,
} as const;
const POLL_INTERVAL_MS = 100;
/** DEFAULT_WEBHOOK_INSTALL_TIMEOUT_MS bounds the wait for created webhook configurations to be readable. */
export const DEFAULT_WEBHOOK_INSTALL_TIMEOUT_MS = 10_000;

/** WebhookConfigurationKind is one of the two admission webhook configuration kinds. */
export type WebhookConfigurationKind = keyof typeof COLLECTIONS;

/** WebhookConfigurationObject is a Mutating/ValidatingWebhookConfiguration as plain JSON. */
export interface WebhookConfigurationObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; [key: string]: unknown };
  webhooks?: Array<{
    name?: string;
    clientConfig?: {
      url?: string;
      caBundle?: string;
      service?: { name?: string; namespace?: string; path?: string; port?: number };
    };
    [key: string]: unknown;
  }>;
  [key: string]: unknown;
}

/** WebhookServingTarget is where the test's own webhook server listens and the CA that signed its certificate. */
export interface WebhookServingTarget {
  host: string;
  port: number;
  caPem: string;
}

/** selectWebhookConfigurations keeps the Mutating/ValidatingWebhookConfigurations among read objects. */
export function selectWebhookConfigurations(objects: readonly ManifestObject[]): WebhookConfigurationObject[] {
  return objects
    .filter(
      ({ object }) =>
        object.kind === 'MutatingWebhookConfiguration' || object.kind === 'ValidatingWebhookConfiguration',
    )
    .map(({ object, source }) => {
      const config = object as WebhookConfigurationObject;
      if (config.apiVersion !== 'admissionregistration.k8s.io/v1') {
        throw new UserError(
          `${source}: ${String(config.kind)} ${config.metadata?.name ?? ''} is ${String(config.apiVersion)}`,
          {
            hint: 'use admissionregistration.k8s.io/v1',
          },
        );
      }
      return config;
    });
}

/**
 * rewriteWebhookConfiguration returns a copy whose every webhook calls the test's server directly:
 * `url: https://<host>:<port><path>` (path from the Service reference or the old URL) with the test CA as
 * caBundle, since Services cannot be reached in a control plane without nodes and kube-proxy.
 */
export function rewriteWebhookConfiguration(
  config: WebhookConfigurationObject,
  target: WebhookServingTarget,
): WebhookConfigurationObject {
  const copy = structuredClone(config);
  const caBundle = Buffer.from(target.caPem, 'utf8').toString('base64');
  const host = target.host.includes(':') && !target.host.startsWith('[') ? `[${target.host}]` : target.host;
  for (const webhook of copy.webhooks ?? []) {
    const old = webhook.clientConfig;
    const path = old?.service?.path ?? (old?.url !== undefined ? new URL(old.url).pathname : '');
    webhook.clientConfig = { url: `https://${host}:${target.port}${path}`, caBundle };
  }
  return copy;
}

/**
 * installWebhookConfigurations creates (or replaces) the rewritten configurations and polls until each is
 * readable. The API server's admission chain may pick a configuration up a moment later still.
 */
export async function installWebhookConfigurations(
  conn: ApiConnection,
  configs: readonly WebhookConfigurationObject[],
  target: WebhookServingTarget,
  timeoutMs = DEFAULT_WEBHOOK_INSTALL_TIMEOUT_MS,
): Promise<void> {
  const created: string[] = [];
  for (const config of configs) {
    const collection = COLLECTIONS[config.kind as WebhookConfigurationKind];
    await createOrReplace(conn, collection, rewriteWebhookConfiguration(config, target));
    created.push(`${collection}/${config.metadata?.name ?? ''}`);
  }
  const deadline = Date.now() + timeoutMs;
  for (const path of created) {
    for (;;) {
      const res = await conn.call('GET', path);
      if (res.status === 200) break;
      if (Date.now() >= deadline)
        throw new Error(
          `webhook configuration ${path} was created but is not readable after ${timeoutMs / 1000}s (last: ${res.status})`,
        );
      await sleep(POLL_INTERVAL_MS);
    }
  }
}
