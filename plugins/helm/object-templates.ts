import { isObj, kindOf, metaOf, nameOf, type Obj } from './kustomize-output.js';
import { withExtraEntries, type ChartNames } from './references.js';
import { expr, whenEntries } from './template-yaml.js';

// One function per kind of object the chart makes configurable. Each keeps what kustomize rendered and
// swaps in values where the chart offers a setting; an object of any other kind goes through names only.

/** ObjectTemplate is one object of the chart, with the condition of its document. */
export interface ObjectTemplate {
  readonly object: unknown;
  readonly cond?: string;
}

const SECURE_NAME = '{{ if .Values.metrics.secure }}https{{ else }}http{{ end }}';
const CERT_MANAGER = '.Values.webhook.certManager.enable';
const INJECT_CA = 'cert-manager.io/inject-ca-from';

function withMetadata(
  names: ChartNames,
  obj: Obj,
  rest: (key: string, value: unknown) => unknown,
  annotations?: Obj,
): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) out[k] = k === 'metadata' ? names.metadata(obj, annotations) : rest(k, v);
  return out;
}

/** metricsPort replaces the kustomize metrics port number with the values' port. */
function metricsPortValue(port: number): (value: unknown) => unknown {
  return (value) => (value === port ? expr('{{ .Values.metrics.port }}') : value);
}

/** metricsService serves /metrics on the values' port, named https or http as the endpoint is secured. */
export function metricsService(names: ChartNames, obj: Obj, port: number): ObjectTemplate {
  const portValue = metricsPortValue(port);
  const object = withMetadata(names, obj, (k, v) => {
    if (k !== 'spec' || !isObj(v)) return names.deep(v);
    const spec = names.deep(v) as Obj;
    const ports = Array.isArray(spec['ports']) ? spec['ports'] : [];
    spec['ports'] = ports.map((p) =>
      isObj(p)
        ? {
            ...p,
            ...(p['name'] === 'https' ? { name: expr(SECURE_NAME) } : {}),
            port: portValue(p['port']),
            targetPort: portValue(p['targetPort']),
          }
        : p,
    );
    return spec;
  });
  return { object, cond: '.Values.metrics.enable' };
}

/** serviceMonitor scrapes the metrics Service with the scheme the values choose. */
export function serviceMonitor(names: ChartNames, obj: Obj): ObjectTemplate {
  const object = withMetadata(names, obj, (k, v) => {
    if (k !== 'spec' || !isObj(v)) return names.deep(v);
    const spec = names.deep(v) as Obj;
    const endpoints = Array.isArray(spec['endpoints']) ? spec['endpoints'] : [];
    spec['endpoints'] = endpoints.map((e) =>
      isObj(e) && e['scheme'] === 'https' ? { ...e, port: expr(SECURE_NAME), scheme: expr(SECURE_NAME) } : e,
    );
    return spec;
  });
  return { object, cond: 'and .Values.metrics.enable .Values.prometheus.serviceMonitor.enable' };
}

/** networkPolicy lets traffic reach the metrics port the values set. */
export function networkPolicy(names: ChartNames, obj: Obj, port: number): ObjectTemplate {
  const portValue = metricsPortValue(port);
  const fix = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fix);
    if (!isObj(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'port' ? portValue(v) : fix(v)]));
  };
  return { object: withMetadata(names, obj, (_, v) => fix(names.deep(v))), cond: '.Values.networkPolicy.enable' };
}

/** caBundleEntry is a clientConfig's caBundle from values, for a certificate not issued by cert-manager. */
function caBundleEntry(): Obj {
  return whenEntries(`and (not ${CERT_MANAGER}) .Values.webhook.certificate.caBundle`, {
    caBundle: expr('{{ .Values.webhook.certificate.caBundle }}'),
  });
}

function injectCaAnnotations(names: ChartNames, obj: Obj): { fixed: Obj | undefined; inject: Obj | undefined } {
  const annotations = metaOf(obj)['annotations'];
  if (!isObj(annotations)) return { fixed: undefined, inject: undefined };
  const fixed: Obj = {};
  let inject: Obj | undefined;
  for (const [k, v] of Object.entries(annotations)) {
    if (k === INJECT_CA) inject = whenEntries(CERT_MANAGER, { [k]: names.deep(v) });
    else fixed[k] = v;
  }
  return { fixed, inject };
}

function withoutAnnotations(obj: Obj): Obj {
  const meta = { ...metaOf(obj) };
  delete meta['annotations'];
  return { ...obj, metadata: meta };
}

function clientConfig(names: ChartNames, value: unknown): unknown {
  return isObj(value) ? { ...(names.deep(value) as Obj), ...caBundleEntry() } : names.deep(value);
}

/** webhookConfiguration trusts cert-manager's injected CA, or the CA bundle given in values. */
export function webhookConfiguration(names: ChartNames, obj: Obj): ObjectTemplate {
  const { fixed, inject } = injectCaAnnotations(names, obj);
  const onlyInjected = fixed !== undefined && Object.keys(fixed).length === 0 && inject !== undefined;
  const base =
    fixed === undefined
      ? obj
      : {
          ...withoutAnnotations(obj),
          metadata: {
            ...metaOf(withoutAnnotations(obj)),
            ...(Object.keys(fixed).length > 0 ? { annotations: fixed } : {}),
          },
        };
  const object = withMetadata(
    names,
    base,
    (k, v) => {
      if (k !== 'webhooks' || !Array.isArray(v)) return names.deep(v);
      return v.map((w) =>
        isObj(w)
          ? Object.fromEntries(
              Object.entries(w).map(([wk, wv]) => [
                wk,
                wk === 'clientConfig' ? clientConfig(names, wv) : names.deep(wv),
              ]),
            )
          : w,
      );
    },
    onlyInjected ? undefined : inject,
  );
  // Without other annotations the whole map is conditional, so a release without cert-manager has none.
  if (onlyInjected)
    object['metadata'] = { ...(object['metadata'] as Obj), ...whenEntries(CERT_MANAGER, { annotations: inject }) };
  return { object, cond: '.Values.webhook.enable' };
}

/** certManagerObject is the Issuer or Certificate of the webhook serving certificate. */
export function certManagerObject(names: ChartNames, obj: Obj): ObjectTemplate {
  const object = withMetadata(names, obj, (k, v) => {
    if (k !== 'spec' || !isObj(v) || kindOf(obj) !== 'Certificate') return names.deep(v);
    return { ...(names.deep(v) as Obj), secretName: expr('{{ .Values.webhook.certificate.secretName }}') };
  });
  return { object, cond: `and .Values.webhook.enable ${CERT_MANAGER}` };
}

/** crdTemplate keeps the CRD when the release goes (resource policy) and points its conversion webhook at the release. */
export function crdTemplate(names: ChartNames, obj: Obj, webhooks: boolean): ObjectTemplate {
  const keep = whenEntries('.Values.crds.keep', { 'helm.sh/resource-policy': 'keep' });
  const { fixed, inject } = injectCaAnnotations(names, obj);
  const annotations: Obj = { ...keep, ...(fixed ?? {}), ...(inject ?? {}) };
  const meta: Obj = {};
  for (const [k, v] of Object.entries(metaOf(obj)))
    meta[k] = k === 'annotations' ? annotations : k === 'labels' && isObj(v) ? names.labels(v) : v;
  if (meta['annotations'] === undefined) meta['annotations'] = annotations;
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'metadata') out[k] = meta;
    else if (k === 'spec' && isObj(v)) out[k] = crdSpec(names, v, webhooks);
    else out[k] = v;
  }
  return { object: out, cond: '.Values.crds.enable' };
}

function crdSpec(names: ChartNames, spec: Obj, webhooks: boolean): Obj {
  const conversion = spec['conversion'];
  if (!isObj(conversion) || !isObj(conversion['webhook'])) return spec;
  const webhook = conversion['webhook'];
  const client = webhooks ? clientConfig(names, webhook['clientConfig']) : names.deep(webhook['clientConfig']);
  return { ...spec, conversion: { ...conversion, webhook: { ...webhook, clientConfig: client } } };
}

/** serviceAccount takes extra annotations from values (a cloud workload identity, for example). */
export function serviceAccount(names: ChartNames, obj: Obj): ObjectTemplate {
  const annotations = metaOf(obj)['annotations'];
  const base: Obj = isObj(annotations) ? (names.deep(annotations) as Obj) : {};
  return {
    object: withMetadata(
      names,
      withoutAnnotations(obj),
      (_, v) => names.deep(v),
      withExtraEntries(base, '.Values.serviceAccount.annotations'),
    ),
  };
}

/** plainObject is any other object: its names become the release's. */
export function plainObject(names: ChartNames, obj: Obj): ObjectTemplate {
  return { object: names.object(obj) };
}

/** templateFileName is `<name without the kustomize prefix>` as a file name. */
export function templateFileName(obj: Obj, prefix: string): string {
  const name = nameOf(obj);
  return (prefix !== '' && name.startsWith(prefix) ? name.slice(prefix.length) : name).replace(/[^a-zA-Z0-9.-]/g, '-');
}
