import { setTimeout as sleep } from 'node:timers/promises';
import { UserError } from '../errors/user-error.js';
import { ApiCallError, type ApiConnection } from './api-connection.js';
import { createOrReplace } from './create-or-replace.js';
import type { ManifestObject } from './manifest-files.js';

/** DEFAULT_CRD_INSTALL_TIMEOUT_MS bounds the wait for CRDs to be served (envtest: 10 s; 2-core CI is slower). */
export const DEFAULT_CRD_INSTALL_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 100;
const CRD_PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

/** CustomResourceDefinitionObject is a CRD as plain JSON; only the fields the installer reads are typed. */
export interface CustomResourceDefinitionObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; [key: string]: unknown };
  spec?: {
    group?: string;
    names?: { kind?: string; plural?: string; [key: string]: unknown };
    versions?: Array<{ name: string; served?: boolean; [key: string]: unknown }>;
    conversion?: {
      strategy?: string;
      webhook?: { conversionReviewVersions?: string[]; [key: string]: unknown };
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** ConversionWebhookTarget is where the test's own webhook server serves /convert. */
export interface ConversionWebhookTarget {
  host: string;
  port: number;
  /** PEM of the CA that signed the webhook server's certificate. */
  caPem: string;
}

/** CRDInstallOptions are the knobs of {@link installCRDs}. */
export interface CRDInstallOptions {
  /** Time to wait for every CRD to be Established and discoverable; default {@link DEFAULT_CRD_INSTALL_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Where conversion webhooks are rewritten to; without it webhook conversion is dropped. */
  conversionWebhook?: ConversionWebhookTarget;
}

/**
 * selectCRDs keeps the CustomResourceDefinitions among read objects (non-empty spec.group and
 * spec.names.kind, as envtest requires); of several with the same name the last one wins.
 */
export function selectCRDs(objects: readonly ManifestObject[]): CustomResourceDefinitionObject[] {
  const byName = new Map<string, CustomResourceDefinitionObject>();
  for (const { object, source } of objects) {
    if (object.kind !== 'CustomResourceDefinition') continue;
    const crd = object as CustomResourceDefinitionObject;
    if (!crd.spec?.group || !crd.spec.names?.kind) continue;
    if (crd.apiVersion !== 'apiextensions.k8s.io/v1') {
      throw new UserError(
        `${source}: CustomResourceDefinition ${crd.metadata?.name ?? ''} is ${String(crd.apiVersion)}`,
        {
          hint: 'only apiextensions.k8s.io/v1 CRDs are served by current API servers; regenerate the CRD',
        },
      );
    }
    byName.set(crd.metadata?.name ?? `${crd.spec.names.plural ?? ''}.${crd.spec.group}`, crd);
  }
  return [...byName.values()];
}

/**
 * prepareCRD returns a copy of crd fit for the test API server: a Webhook conversion is pointed at the
 * test's webhook server (`https://<host>:<port>/convert` with its CA), or, without one, replaced by
 * strategy None, because the in-cluster Service it names cannot be reached.
 */
export function prepareCRD(
  crd: CustomResourceDefinitionObject,
  webhook?: ConversionWebhookTarget,
): CustomResourceDefinitionObject {
  const copy = structuredClone(crd);
  const spec = copy.spec;
  if (spec?.conversion?.strategy !== 'Webhook') return copy;
  if (webhook === undefined) {
    spec.conversion = { strategy: 'None' };
    return copy;
  }
  spec.conversion = {
    strategy: 'Webhook',
    webhook: {
      conversionReviewVersions: spec.conversion.webhook?.conversionReviewVersions ?? ['v1'],
      clientConfig: {
        url: `https://${hostForUrl(webhook.host)}:${webhook.port}/convert`,
        caBundle: Buffer.from(webhook.caPem, 'utf8').toString('base64'),
      },
    },
  };
  return copy;
}

/**
 * installCRDs creates or updates each CRD with raw JSON (so that x-kubernetes-* schema keys survive), then
 * waits until every one is Established and its plural is listed in discovery for every served version.
 * A CRD whose names are rejected (NamesAccepted=False) fails at once; one that is never Established fails
 * after the timeout; both errors name the CRD and its conditions. Returns the CRDs as the server stored them.
 */
export async function installCRDs(
  conn: ApiConnection,
  crds: readonly CustomResourceDefinitionObject[],
  options: CRDInstallOptions = {},
): Promise<CustomResourceDefinitionObject[]> {
  const prepared = crds.map((crd) => prepareCRD(crd, options.conversionWebhook));
  for (const crd of prepared) await createOrReplace(conn, CRD_PATH, crd);
  return waitForCRDs(conn, prepared, options.timeoutMs ?? DEFAULT_CRD_INSTALL_TIMEOUT_MS);
}

async function waitForCRDs(
  conn: ApiConnection,
  crds: readonly CustomResourceDefinitionObject[],
  timeoutMs: number,
): Promise<CustomResourceDefinitionObject[]> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Map(crds.map((crd) => [crd.metadata?.name ?? '', crd]));
  const done = new Map<string, CustomResourceDefinitionObject>();
  let lastSeen: Map<string, CustomResourceDefinitionObject>;
  for (;;) {
    const seen = new Map<string, CustomResourceDefinitionObject>();
    for (const [name, wanted] of pending) {
      const current = await conn.json<CustomResourceDefinitionObject>('GET', `${CRD_PATH}/${name}`);
      seen.set(name, current);
      const names = condition(current, 'NamesAccepted');
      if (names?.status === 'False') throw notEstablished(name, current, 'its names were rejected');
      if (condition(current, 'Established')?.status !== 'True') continue;
      if (await servedInDiscovery(conn, wanted)) {
        pending.delete(name);
        done.set(name, current);
      }
    }
    lastSeen = seen;
    if (pending.size === 0)
      return crds.map((crd) => done.get(crd.metadata?.name ?? '') as CustomResourceDefinitionObject);
    if (Date.now() >= deadline) {
      const [name, wanted] = [...pending][0] as [string, CustomResourceDefinitionObject];
      const current = lastSeen.get(name) ?? wanted;
      const established = condition(current, 'Established')?.status === 'True';
      throw notEstablished(
        name,
        current,
        established
          ? `it is Established but not listed in discovery for every served version within ${timeoutMs / 1000}s`
          : `it did not become Established within ${timeoutMs / 1000}s`,
        [...pending.keys()],
      );
    }
    await sleep(POLL_INTERVAL_MS);
  }
}

async function servedInDiscovery(conn: ApiConnection, crd: CustomResourceDefinitionObject): Promise<boolean> {
  const group = crd.spec?.group ?? '';
  const plural = crd.spec?.names?.plural ?? '';
  for (const version of crd.spec?.versions ?? []) {
    if (version.served === false) continue;
    try {
      const list = await conn.json<{ resources?: Array<{ name?: string }> }>('GET', `/apis/${group}/${version.name}`);
      if (!(list.resources ?? []).some((r) => r.name === plural)) return false;
    } catch (err) {
      if (err instanceof ApiCallError && err.status === 404) return false;
      throw err;
    }
  }
  return true;
}

interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
}

function condition(crd: CustomResourceDefinitionObject, type: string): Condition | undefined {
  const status = crd.status as { conditions?: Condition[] } | undefined;
  return status?.conditions?.find((c) => c.type === type);
}

function notEstablished(
  name: string,
  crd: CustomResourceDefinitionObject,
  why: string,
  pending: string[] = [name],
): UserError {
  const conditions = ((crd.status as { conditions?: Condition[] } | undefined)?.conditions ?? [])
    .map(
      (c) =>
        `${c.type ?? '?'}=${c.status ?? '?'}${c.reason ? ` (${c.reason}${c.message ? `: ${c.message}` : ''})` : ''}`,
    )
    .join('; ');
  const others = pending.length > 1 ? ` (also still pending: ${pending.filter((p) => p !== name).join(', ')})` : '';
  return new UserError(
    `CustomResourceDefinition ${name} is not usable: ${why}; conditions: ${conditions || 'none reported'}${others}`,
    {
      hint: 'fix the CRD (names must not clash with another CRD of the same group: kind, listKind, plural, singular, shortNames)',
    },
  );
}

function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
