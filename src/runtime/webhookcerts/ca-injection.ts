import { builtin } from '../builtin.js';
import type { Client } from '../client/client.js';
import type { Logger } from '../log/logger.js';
import type { ObjectOf } from '../resource.js';
import { isConflict, isNotFound } from '../rest/api-error.js';

/** CABundleTargets name the objects whose `caBundle` the provisioner keeps equal to its CA bundle. */
export interface CABundleTargets {
  mutatingWebhookConfigurations?: readonly string[];
  validatingWebhookConfigurations?: readonly string[];
  /** CRDs whose conversion webhook is served by this manager. */
  conversionCRDs?: readonly string[];
}

type V1CustomResourceDefinition = ObjectOf<typeof builtin.CustomResourceDefinition>;
type V1ValidatingWebhookConfiguration = ObjectOf<typeof builtin.ValidatingWebhookConfiguration>;
type V1MutatingWebhookConfiguration = ObjectOf<typeof builtin.MutatingWebhookConfiguration>;

type Outcome = 'current' | 'updated' | 'retry';

async function getLive<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

async function writeOrRetry(write: () => Promise<unknown>): Promise<Outcome> {
  try {
    await write();
    return 'updated';
  } catch (err) {
    if (isConflict(err)) return 'retry';
    throw err;
  }
}

/**
 * injectCABundle sets `caBundle` (base64 of `bundlePem`) on every webhook of the named configurations
 * and on the conversion webhook of the named CRDs, as cert-manager's CA injector does. A missing object
 * is logged and skipped (it may not be installed yet); a lost update race is left for the next pass. It
 * returns whether every existing target holds the bundle. `unavailable` remembers the targets already
 * reported missing, so that a pass every minute logs each once (a project with validating webhooks only
 * has no mutating configuration), and again after it was found.
 */
export async function injectCABundle(
  client: Client,
  targets: CABundleTargets,
  bundlePem: string,
  log: Logger,
  unavailable = new Set<string>(),
): Promise<boolean> {
  if (bundlePem === '') return false;
  const report = (kind: string, name: string, message: string): void => {
    if (!unavailable.has(`${kind}/${name}`)) log.info({ kind, name }, message);
    unavailable.add(`${kind}/${name}`);
  };
  const caBundle = Buffer.from(bundlePem, 'utf8').toString('base64');
  const outcomes: Outcome[] = [];
  const configs = [
    ...(targets.mutatingWebhookConfigurations ?? []).map((name) => ({
      name,
      resource: builtin.MutatingWebhookConfiguration,
    })),
    ...(targets.validatingWebhookConfigurations ?? []).map((name) => ({
      name,
      resource: builtin.ValidatingWebhookConfiguration,
    })),
  ];
  for (const { name, resource } of configs) {
    const obj = await getLive<V1ValidatingWebhookConfiguration | V1MutatingWebhookConfiguration>(() =>
      client.get(resource, { name }, { live: true }),
    );
    if (obj === undefined) {
      report(resource.kind, name, 'webhook configuration not found; caBundle not injected');
      continue;
    }
    unavailable.delete(`${resource.kind}/${name}`);
    const webhooks = obj.webhooks ?? [];
    if (webhooks.every((w) => w.clientConfig.caBundle === caBundle)) {
      outcomes.push('current');
      continue;
    }
    for (const w of webhooks) w.clientConfig.caBundle = caBundle;
    outcomes.push(await writeOrRetry(() => client.update(resource, obj)));
    log.info({ kind: resource.kind, name }, 'injected the webhook CA bundle');
  }
  for (const name of targets.conversionCRDs ?? []) {
    const crd = await getLive<V1CustomResourceDefinition>(() =>
      client.get(builtin.CustomResourceDefinition, { name }, { live: true }),
    );
    const clientConfig = crd?.spec.conversion?.webhook?.clientConfig;
    if (crd === undefined || clientConfig === undefined) {
      report('CustomResourceDefinition', name, 'CRD without a conversion webhook; caBundle not injected');
      continue;
    }
    unavailable.delete(`CustomResourceDefinition/${name}`);
    if (clientConfig.caBundle === caBundle) {
      outcomes.push('current');
      continue;
    }
    clientConfig.caBundle = caBundle;
    outcomes.push(await writeOrRetry(() => client.update(builtin.CustomResourceDefinition, crd)));
    log.info({ kind: 'CustomResourceDefinition', name }, 'injected the webhook CA bundle');
  }
  return outcomes.every((o) => o !== 'retry');
}
