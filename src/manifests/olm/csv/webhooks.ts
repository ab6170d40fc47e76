import { asObjArray, compareStrings, isObj, nameOf, type Obj } from '../model/objects.js';
import type { CollectedManifests } from './collect.js';

/**
 * buildWebhookDefinitions turns admission webhook configurations and CRD conversion webhooks into CSV
 * `webhookdefinitions` as operator-sdk does (internal/generate/clusterserviceversion/
 * clusterserviceversion_updaters.go, applyWebhooks and conversionToWebhookDescription), sorted by
 * generateName. The Service a
 * webhook points at gives the container/target port and, through its selector, the deployment.
 */
export function buildWebhookDefinitions(c: CollectedManifests): Obj[] {
  const out: Obj[] = [];
  const add = (configs: Obj[], type: 'ValidatingAdmissionWebhook' | 'MutatingAdmissionWebhook'): void => {
    for (const config of configs) {
      for (const wh of asObjArray(config.webhooks)) {
        const def: Obj = {
          admissionReviewVersions:
            Array.isArray(wh.admissionReviewVersions) && wh.admissionReviewVersions.length > 0
              ? wh.admissionReviewVersions
              : ['v1beta1'],
          generateName: String(wh.name ?? ''),
          sideEffects: wh.sideEffects ?? 'None',
          type,
        };
        for (const key of ['rules', 'failurePolicy', 'matchPolicy', 'objectSelector', 'timeoutSeconds']) {
          if (wh[key] !== undefined) def[key] = wh[key];
        }
        if (type === 'MutatingAdmissionWebhook' && wh.reinvocationPolicy !== undefined)
          def.reinvocationPolicy = wh.reinvocationPolicy;
        const ref: Obj | undefined = isObj(wh.clientConfig?.service) ? wh.clientConfig.service : undefined;
        if (ref !== undefined) {
          Object.assign(def, serviceTarget(c, String(ref.name), typeof ref.port === 'number' ? ref.port : 443));
          if (typeof ref.path === 'string') def.webhookPath = ref.path;
        }
        out.push(def);
      }
    }
  };
  add(c.validatingWebhookConfigurations, 'ValidatingAdmissionWebhook');
  add(c.mutatingWebhookConfigurations, 'MutatingAdmissionWebhook');
  out.push(...conversionDefinitions(c));
  return out.sort(
    (a, b) =>
      compareStrings(String(a.generateName), String(b.generateName)) || compareStrings(String(a.type), String(b.type)),
  );
}

function conversionDefinitions(c: CollectedManifests): Obj[] {
  const groups = new Map<string, { service: string; port: number; path: string | undefined; crds: Obj[] }>();
  for (const crd of c.crds) {
    const wh: Obj | undefined = crd.spec?.conversion?.strategy === 'Webhook' ? crd.spec.conversion.webhook : undefined;
    const svc: Obj | undefined = isObj(wh?.clientConfig?.service) ? wh.clientConfig.service : undefined;
    if (svc === undefined) continue;
    const port = typeof svc.port === 'number' ? svc.port : 443;
    const path = typeof svc.path === 'string' ? svc.path : undefined;
    const key = `${String(svc.name)}|${port}|${path ?? ''}`;
    const group = groups.get(key) ?? { service: String(svc.name), port, path, crds: [] };
    group.crds.push(crd);
    groups.set(key, group);
  }
  const out: Obj[] = [];
  for (const g of groups.values()) {
    const names = g.crds.map(nameOf).sort(compareStrings);
    const versions = new Set<string>();
    for (const crd of g.crds)
      for (const v of crd.spec.conversion.webhook.conversionReviewVersions ?? []) versions.add(String(v));
    const def: Obj = {
      admissionReviewVersions: versions.size > 0 ? [...versions].sort(compareStrings) : ['v1'],
      conversionCRDs: names,
      generateName: `c${names.map((n) => n.split('.')[0]).join('')}.kb.io`,
      sideEffects: 'None',
      type: 'ConversionWebhook',
      ...serviceTarget(c, g.service, g.port),
    };
    if (g.path !== undefined) def.webhookPath = g.path;
    out.push(def);
  }
  return out;
}

function serviceTarget(c: CollectedManifests, serviceName: string, port: number): Obj {
  const out: Obj = {};
  const service = c.services.find((s) => nameOf(s) === serviceName);
  const servicePort = asObjArray(service?.spec?.ports).find((p) => (p.port ?? 443) === port);
  if (servicePort !== undefined) {
    const target = servicePort.targetPort ?? servicePort.port;
    out.containerPort = port;
    out.targetPort = target;
  } else {
    out.containerPort = port;
  }
  const selector: Obj = service?.spec?.selector ?? {};
  const selectorEntries = Object.entries(selector);
  const deployment =
    selectorEntries.length === 0
      ? undefined
      : c.deployments.find((d) => {
          const labels: Obj = d.spec?.template?.metadata?.labels ?? {};
          return selectorEntries.every(([k, v]) => labels[k] === v);
        });
  out.deploymentName = deployment !== undefined ? nameOf(deployment) : serviceName.replace(/-service$/, '');
  return out;
}
