import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { builtin } from '../builtin.js';
import type { Client } from '../client/client.js';
import type { Logger } from '../log/logger.js';
import type { ObjectOf } from '../resource.js';
import { isAlreadyExists, isConflict, isNotFound } from '../rest/api-error.js';
import type { Runnable } from '../runnable.js';
import { injectCABundle, type CABundleTargets } from './ca-injection.js';
import { certificateFacts, issueCA, issueServingCert, signedBy, type PemPair } from './issue.js';

const DAY = 24 * 60 * 60 * 1000;
const CA_VALIDITY = 3650 * DAY;
const CERT_VALIDITY = 365 * DAY;

type V1Secret = ObjectOf<typeof builtin.Secret>;

/** SelfManagedCertificateOptions configure a {@link WebhookCertificateProvisioner}. */
export interface SelfManagedCertificateOptions extends CABundleTargets {
  /** Client writing the Secret and the webhook configurations (a live one: reads go to the API server). */
  client: Client;
  /** Namespace of the manager, where the Secret lives and the webhook Service is. */
  namespace: string;
  /** Secret holding `ca.crt` (the CA bundle), `ca.key`, `tls.crt` and `tls.key`. */
  secretName: string;
  /** Webhook Service name; the serving certificate is for `<service>.<namespace>.svc` (and `.cluster.local`). */
  serviceName: string;
  /** Names the serving certificate is valid for instead of the Service's (DNS names or IP addresses). */
  hosts?: readonly string[];
  /** Where the serving certificate is written for the webhook server (its certDir, as tls.crt and tls.key). */
  certDir: string;
  /** Lifetime of the CA; default 10 years. */
  caValidityMs?: number;
  /** Lifetime of a serving certificate; default 1 year. */
  certValidityMs?: number;
  /** How long before expiry a certificate (CA or serving) is replaced; default a third of its lifetime. */
  rotateBeforeFraction?: number;
  logger: Logger;
  /** Clock, for tests of rotation; default Date.now. */
  now?: () => number;
}

interface Stored {
  ca: PemPair;
  bundle: string;
  serving: PemPair;
}

function decode(secret: V1Secret, key: string): string {
  const v = secret.data?.[key];
  return v === undefined ? '' : Buffer.from(v, 'base64').toString('utf8');
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** pemBundle joins PEM certificates one per block, each ending in a newline (the API server parses nothing else). */
function pemBundle(pems: readonly string[]): string {
  return pems.map((p) => `${p.trim()}\n`).join('');
}

/**
 * WebhookCertificateProvisioner runs webhooks without cert-manager (controller-runtime#3038): one replica
 * (the leader) keeps a CA and a serving certificate in a Secret and injects the CA bundle into the
 * webhook configurations and CRD conversion webhooks; every replica copies the serving certificate from
 * the Secret into the webhook server's certificate directory, whose watcher reloads it.
 *
 * The Secret is the one point replicas agree on: writes carry its resourceVersion, so when two replicas
 * race only one write lands and the other adopts it. Rotation never drops admission requests: a serving
 * certificate is replaced under the same CA (the bundle the API server holds stays valid); a CA is
 * replaced in two passes, first a bundle of the new and the old CA (injected while servers still present
 * the old certificate), then, on a later pass once the bundle is injected, a serving certificate of the
 * new CA.
 */
export class WebhookCertificateProvisioner {
  private readonly now: () => number;
  private readonly log: Logger;
  /** Targets reported missing, each logged once until found. */
  private readonly unavailable = new Set<string>();

  constructor(private readonly options: SelfManagedCertificateOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.logger.child({
      logger: 'webhook-certificates',
      secret: `${options.namespace}/${options.secretName}`,
    });
    // A serving certificate never outlives its CA; were the CA replaced later than a serving certificate
    // is due, every serving certificate issued near the CA's end would be due at once, on every pass.
    const fraction = this.fraction();
    if (!(fraction > 0 && fraction < 1))
      throw new Error(`webhook certificates: rotateBeforeFraction must be between 0 and 1, got ${fraction}`);
    if ((options.caValidityMs ?? CA_VALIDITY) * fraction <= (options.certValidityMs ?? CERT_VALIDITY))
      throw new Error(
        'webhook certificates: the CA must be replaced while it outlives a serving certificate (caValidityMs × rotateBeforeFraction > certValidityMs)',
      );
  }

  private hosts(): string[] {
    const { serviceName, namespace, hosts } = this.options;
    return hosts !== undefined
      ? [...hosts]
      : [`${serviceName}.${namespace}.svc`, `${serviceName}.${namespace}.svc.cluster.local`];
  }

  private expiresSoon(pem: string, validityMs: number): boolean {
    const facts = certificateFacts(pem);
    return facts === undefined || facts.notAfter - this.now() < validityMs * this.fraction();
  }

  private fraction(): number {
    return this.options.rotateBeforeFraction ?? 1 / 3;
  }

  private async read(): Promise<V1Secret | undefined> {
    try {
      return await this.options.client.get(
        builtin.Secret,
        { namespace: this.options.namespace, name: this.options.secretName },
        { live: true },
      );
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /**
   * WebhookCertificateProvisioner.reconcile is the leader's pass: create or rotate what the Secret holds,
   * then inject its CA bundle. A write that lost a race is left for the next pass; it returns whether
   * everything was up to date at the end.
   */
  async reconcile(): Promise<boolean> {
    const caValidity = this.options.caValidityMs ?? CA_VALIDITY;
    const certValidity = this.options.certValidityMs ?? CERT_VALIDITY;
    const secret = await this.read();
    const current: Stored | undefined =
      secret === undefined
        ? undefined
        : {
            ca: {
              certPem: (decode(secret, 'ca.crt').match(PEM_CERTIFICATE) ?? [''])[0] ?? '',
              keyPem: decode(secret, 'ca.key'),
            },
            bundle: decode(secret, 'ca.crt'),
            serving: { certPem: decode(secret, 'tls.crt'), keyPem: decode(secret, 'tls.key') },
          };
    // The bundle the Secret holds goes out first: a serving certificate of a new CA is issued only once
    // every target trusts that CA.
    const trusted = current === undefined ? false : await this.inject(current.bundle);
    const next = await this.plan(current, caValidity, certValidity, trusted);
    if (next !== undefined) {
      const written = await this.write(secret, next);
      if (!written) return false;
    }
    const bundle = (next ?? current)?.bundle ?? '';
    const injected = await this.inject(bundle);
    return next === undefined && injected;
  }

  private inject(bundle: string): Promise<boolean> {
    return injectCABundle(this.options.client, this.options, bundle, this.log, this.unavailable);
  }

  /** plan decides the next Secret content, or undefined when the current one is fine. */
  private async plan(
    current: Stored | undefined,
    caValidity: number,
    certValidity: number,
    trusted: boolean,
  ): Promise<Stored | undefined> {
    const now = this.now();
    const hosts = this.hosts();
    const caUsable =
      current !== undefined && current.ca.keyPem !== '' && certificateFacts(current.ca.certPem) !== undefined;
    if (current === undefined || !caUsable) {
      const ca = await issueCA(`${this.options.serviceName}-ca`, now, caValidity);
      this.log.info({}, 'issuing a webhook CA and serving certificate');
      return { ca, bundle: pemBundle([ca.certPem]), serving: await issueServingCert(ca, hosts, now, certValidity) };
    }
    if (this.expiresSoon(current.ca.certPem, caValidity)) {
      const ca = await issueCA(`${this.options.serviceName}-ca`, now, caValidity);
      this.log.info(
        {},
        'rotating the webhook CA: the bundle holds the new and the old CA until the serving certificate follows',
      );
      return { ca, bundle: pemBundle([ca.certPem, current.ca.certPem]), serving: current.serving };
    }
    const facts = certificateFacts(current.serving.certPem);
    const servingOk =
      facts !== undefined &&
      signedBy(current.serving.certPem, current.ca.certPem) &&
      hosts.every((h) => facts.hosts.includes(h)) &&
      !this.expiresSoon(current.serving.certPem, certValidity);
    // A previous CA stays in the bundle until it expires: replicas may still serve a certificate it signed.
    const bundle = pemBundle([
      current.ca.certPem,
      ...(current.bundle.match(PEM_CERTIFICATE) ?? [])
        .slice(1)
        .filter((c) => (certificateFacts(c)?.notAfter ?? 0) > now),
    ]);
    if (servingOk) return bundle === current.bundle ? undefined : { ...current, bundle };
    if (!trusted && !signedBy(current.serving.certPem, current.ca.certPem)) {
      this.log.info({}, 'waiting for every webhook target to trust the new CA before issuing its serving certificate');
      return undefined;
    }
    this.log.info({}, 'issuing a new webhook serving certificate');
    return { ...current, bundle, serving: await issueServingCert(current.ca, hosts, now, certValidity) };
  }

  private async write(secret: V1Secret | undefined, next: Stored): Promise<boolean> {
    const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
    const data = {
      'ca.crt': b64(next.bundle),
      'ca.key': b64(next.ca.keyPem),
      'tls.crt': b64(next.serving.certPem),
      'tls.key': b64(next.serving.keyPem),
    };
    const { client, namespace, secretName } = this.options;
    try {
      if (secret === undefined)
        await client.create(builtin.Secret, {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: secretName, namespace },
          type: 'Opaque',
          data,
        });
      else await client.update(builtin.Secret, { ...secret, data });
      return true;
    } catch (err) {
      if (isConflict(err) || isAlreadyExists(err)) {
        this.log.info({}, 'another replica wrote the webhook certificate Secret first; adopting it on the next pass');
        return false;
      }
      throw err;
    }
  }

  /**
   * WebhookCertificateProvisioner.bootstrap readies certDir before the webhook server starts, on every
   * replica: the Secret is created when there is none yet (the one write a replica makes without leading:
   * the leader is elected only after the servers started, and a replica that loses the creation race
   * adopts the winner's), then copied into certDir. It never rotates; the leader's passes do.
   */
  async bootstrap(): Promise<void> {
    if ((await this.read()) === undefined) await this.reconcile();
    if (!(await this.sync()))
      throw new Error(
        `webhook certificates: Secret ${this.options.namespace}/${this.options.secretName} holds no tls.crt and tls.key`,
      );
  }

  /**
   * WebhookCertificateProvisioner.sync is every replica's pass: copy the Secret's serving certificate into
   * certDir when it differs (key first, each file replaced atomically, so the watcher never loads a
   * mismatched pair as valid). It returns whether certDir holds a certificate afterwards.
   */
  async sync(): Promise<boolean> {
    const secret = await this.read();
    const dir = this.options.certDir;
    if (secret === undefined) return (await readFile(join(dir, 'tls.crt')).catch(() => undefined)) !== undefined;
    const cert = decode(secret, 'tls.crt');
    const key = decode(secret, 'tls.key');
    if (cert === '' || key === '') return false;
    const onDisk = await readFile(join(dir, 'tls.crt'), 'utf8').catch(() => '');
    if (onDisk === cert) return true;
    await mkdir(dir, { recursive: true });
    for (const [name, text] of [
      ['tls.key', key],
      ['tls.crt', cert],
    ] as const) {
      await writeFile(join(dir, `.${name}.tmp`), text, { mode: 0o600 });
      await rename(join(dir, `.${name}.tmp`), join(dir, name));
    }
    this.log.info({ certDir: dir }, 'wrote the webhook serving certificate');
    return true;
  }
}

/** loop runs `pass` every `intervalMs` until the signal aborts; a failing pass is logged and retried. */
async function loop(
  signal: AbortSignal,
  intervalMs: number,
  log: Logger,
  what: string,
  pass: () => Promise<unknown>,
): Promise<void> {
  while (!signal.aborted) {
    try {
      await pass();
    } catch (err) {
      log.error({ err }, what);
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}

/**
 * certificateRunnables are the two manager runnables of a provisioner: `leader` (leader-elected) keeps
 * the Secret and the CA bundles current and its own certDir at once, `replica` (every replica) keeps
 * certDir equal to the Secret. Both check every `intervalMs` (default 1 minute); rotation is due long
 * before expiry, so a pass missed while leadership moves costs nothing.
 */
export function certificateRunnables(
  provisioner: WebhookCertificateProvisioner,
  log: Logger,
  intervalMs = 60_000,
): { leader: Runnable; replica: Runnable } {
  const leaderPass = async (): Promise<void> => {
    await provisioner.reconcile();
    await provisioner.sync();
  };
  return {
    leader: {
      needLeaderElection: true,
      start: (signal) => loop(signal, intervalMs, log, 'webhook certificate reconcile failed', leaderPass),
    },
    replica: {
      needLeaderElection: false,
      start: (signal) => loop(signal, intervalMs, log, 'webhook certificate sync failed', () => provisioner.sync()),
    },
  };
}
