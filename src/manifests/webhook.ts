import type { LocatedMarker } from '../markers/collect.js';
import type { Diagnostic } from '../errors/diagnostic.js';
import { toYamlDocuments } from '../yaml/yaml.js';
import { applyWebhookPatch } from './webhook-patch.js';

/** WebhookArgs are the arguments of one `+kubebuilder:webhook` marker. */
export interface WebhookArgs {
  mutating: boolean;
  failurePolicy: string;
  matchPolicy?: string;
  sideEffects?: string;
  timeoutSeconds?: number;
  groups: string[];
  resources: string[];
  verbs: string[];
  versions: string[];
  name: string;
  path?: string;
  url?: string;
  serviceName?: string;
  serviceNamespace?: string;
  servicePort?: number;
  webhookVersions?: string[];
  admissionReviewVersions: string[];
  reinvocationPolicy?: string;
  patch?: string;
}

const OPERATIONS: Record<string, string> = {
  create: 'CREATE',
  update: 'UPDATE',
  delete: 'DELETE',
  connect: 'CONNECT',
  '*': '*',
};

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

function webhookEntry(
  m: LocatedMarker,
  err: (message: string, hint: string) => void,
): Record<string, unknown> | undefined {
  const a = m.value as WebhookArgs;
  let failures = 0;
  const fail = (message: string, hint: string): void => {
    failures++;
    err(message, hint);
  };
  if (a.sideEffects === undefined)
    fail(
      `webhook ${a.name} has no sideEffects`,
      'add sideEffects=None (or NoneOnDryRun); admissionregistration.k8s.io/v1 requires it',
    );
  else if (a.sideEffects !== 'None' && a.sideEffects !== 'NoneOnDryRun')
    fail(
      `webhook ${a.name}: sideEffects=${a.sideEffects} is not allowed by admissionregistration.k8s.io/v1`,
      'use sideEffects=None or sideEffects=NoneOnDryRun',
    );
  if (a.timeoutSeconds !== undefined && (a.timeoutSeconds < 1 || a.timeoutSeconds > 30))
    fail(
      `webhook ${a.name}: timeoutSeconds=${a.timeoutSeconds} is outside 1..30`,
      'use a timeout between 1 and 30 seconds (default 10)',
    );
  if ((a.path === undefined) === (a.url === undefined))
    fail(
      `webhook ${a.name} needs exactly one of path and url`,
      'use path=/mutate-... for the in-cluster Service, or url=https://... for an external endpoint',
    );
  if (a.name.split('.').length < 3)
    fail(
      `webhook name ${JSON.stringify(a.name)} must be a fully qualified name with at least three segments`,
      'e.g. name=mmemcached-v1.kb.io',
    );
  const badVerbs = a.verbs.filter((v) => OPERATIONS[v.toLowerCase()] === undefined);
  if (badVerbs.length > 0)
    fail(`webhook ${a.name}: unknown verbs ${badVerbs.join(', ')}`, 'use create, update, delete, connect or *');
  for (const v of a.webhookVersions ?? [])
    if (v !== 'v1')
      fail(`webhook ${a.name}: webhookVersions=${v} is not supported`, 'only v1 is supported; drop webhookVersions');
  if (a.reinvocationPolicy !== undefined && !a.mutating)
    fail(
      `webhook ${a.name}: reinvocationPolicy applies only to mutating webhooks`,
      'remove reinvocationPolicy or set mutating=true',
    );
  if (failures > 0) return undefined;
  const clientConfig: Record<string, unknown> =
    a.url !== undefined
      ? { url: a.url }
      : {
          service: {
            name: a.serviceName ?? 'webhook-service',
            namespace: a.serviceNamespace ?? 'system',
            path: a.path,
            ...(a.servicePort !== undefined ? { port: a.servicePort } : {}),
          },
        };
  const w: Record<string, unknown> = {
    admissionReviewVersions: a.admissionReviewVersions,
    clientConfig,
    failurePolicy: capitalise(a.failurePolicy),
    name: a.name,
    rules: [
      {
        apiGroups: a.groups.map((g) => (g === 'core' ? '' : g)),
        apiVersions: a.versions,
        operations: a.verbs.map((v) => OPERATIONS[v.toLowerCase()] as string),
        resources: a.resources,
      },
    ],
    sideEffects: a.sideEffects,
  };
  if (a.matchPolicy !== undefined) w.matchPolicy = a.matchPolicy;
  if (a.timeoutSeconds !== undefined) w.timeoutSeconds = a.timeoutSeconds;
  if (a.reinvocationPolicy !== undefined) w.reinvocationPolicy = a.reinvocationPolicy;
  if (a.patch === undefined || a.patch === '') return w;
  const patched = applyWebhookPatch(w, a.patch, a.mutating);
  if ('error' in patched) {
    err(
      `webhook ${a.name}: ${patched.error}`,
      'write patch=`{...}` as a JSON object of admissionregistration.k8s.io/v1 webhook fields, e.g. patch=`{"namespaceSelector":{"matchLabels":{"webhooks":"enabled"}}}`',
    );
    return undefined;
  }
  return patched.webhook;
}

/**
 * buildWebhookManifests renders `manifests.yaml`: a MutatingWebhookConfiguration and a
 * ValidatingWebhookConfiguration holding the webhooks of every `+kubebuilder:webhook` marker, sorted by name.
 */
export function buildWebhookManifests(
  webhooks: readonly LocatedMarker[],
  configs: readonly LocatedMarker[],
  diagnostics: Diagnostic[],
): string | undefined {
  const mutating: Record<string, unknown>[] = [];
  const validating: Record<string, unknown>[] = [];
  const seen = new Map<string, LocatedMarker>();
  for (const m of webhooks) {
    const a = m.value as WebhookArgs;
    const err = (message: string, hint: string): void => {
      diagnostics.push({ ...m.loc, severity: 'error', message, hint });
    };
    const prev = seen.get(`${a.mutating}/${a.name}`);
    if (prev !== undefined) {
      err(
        `webhook name ${a.name} is used twice (also at ${prev.loc.file}:${prev.loc.line})`,
        'give each webhook a unique name',
      );
      continue;
    }
    seen.set(`${a.mutating}/${a.name}`, m);
    const entry = webhookEntry(m, err);
    if (entry !== undefined) (a.mutating ? mutating : validating).push(entry);
  }
  const names = { mutating: 'mutating-webhook-configuration', validating: 'validating-webhook-configuration' };
  for (const c of configs) {
    const v = c.value as { mutating: boolean; name?: string };
    if (v.name !== undefined) names[v.mutating ? 'mutating' : 'validating'] = v.name;
  }
  const byName = (a: Record<string, unknown>, b: Record<string, unknown>): number =>
    String(a.name) < String(b.name) ? -1 : 1;
  const docs: unknown[] = [];
  if (mutating.length > 0)
    docs.push({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: names.mutating },
      webhooks: mutating.sort(byName),
    });
  if (validating.length > 0)
    docs.push({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: names.validating },
      webhooks: validating.sort(byName),
    });
  return docs.length === 0 ? undefined : toYamlDocuments(docs, { sortKeys: true });
}
