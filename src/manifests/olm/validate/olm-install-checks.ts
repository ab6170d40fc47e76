import { asObjArray, describeObject } from '../model/objects.js';
import type { CheckDefinition, RawFinding } from './types.js';

const FORBIDDEN_GROUPS = ['*', 'operators.coreos.com'];
const FORBIDDEN_ADMISSION_RESOURCES = ['*', 'mutatingwebhookconfigurations', 'validatingwebhookconfigurations'];

/**
 * olmInstallChecks fail early on what OLM v0 rejects only at install time, which upstream
 * `bundle validate` does not catch: admission webhook rules OLM refuses, and conversion webhooks without
 * the CRD and install mode setup OLM needs (operator-framework/operator-lifecycle-manager
 * pkg/controller/install/webhook.go: ValidWebhookRules, createOrUpdateConversionWebhook).
 */
export const olmInstallChecks: CheckDefinition[] = [
  {
    name: 'olm-webhook-rules',
    validator: 'csv',
    severity: 'error',
    run: (v) => {
      const csv = v.csv?.obj;
      if (csv === undefined) return [];
      const out: RawFinding[] = [];
      for (const w of asObjArray(csv.spec?.webhookdefinitions)) {
        if (w.type === 'ConversionWebhook') continue;
        for (const r of asObjArray(w.rules)) {
          const groups = ((r.apiGroups ?? []) as unknown[]).map(String);
          const resources = ((r.resources ?? []) as unknown[]).map(String);
          const bad = groups.find((g) => FORBIDDEN_GROUPS.includes(g));
          if (bad !== undefined)
            out.push({
              object: describeObject(csv),
              message: `webhook ${String(w.generateName)} intercepts apiGroup "${bad}", which OLM refuses to install`,
            });
          if (
            groups.includes('admissionregistration.k8s.io') &&
            resources.some((res) => FORBIDDEN_ADMISSION_RESOURCES.includes(res.toLowerCase()))
          ) {
            out.push({
              object: describeObject(csv),
              message: `webhook ${String(w.generateName)} intercepts webhook configurations, which OLM refuses to install`,
            });
          }
        }
      }
      return out;
    },
  },
  {
    name: 'olm-conversion-webhook',
    validator: 'csv',
    severity: 'error',
    run: (v) => {
      const csv = v.csv?.obj;
      if (csv === undefined) return [];
      const owned = new Set(asObjArray(csv.spec?.customresourcedefinitions?.owned).map((e) => String(e.name)));
      const crds = new Map(v.crds.map((m) => [String(m.obj.metadata?.name), m.obj]));
      const out: RawFinding[] = [];
      for (const w of asObjArray(csv.spec?.webhookdefinitions)) {
        if (w.type !== 'ConversionWebhook') continue;
        const names = ((w.conversionCRDs ?? []) as unknown[]).map(String);
        if (names.length === 0)
          out.push({
            object: describeObject(csv),
            message: `conversion webhook ${String(w.generateName)} lists no conversionCRDs`,
          });
        for (const name of names) {
          if (!owned.has(name))
            out.push({
              object: describeObject(csv),
              message: `conversion webhook ${String(w.generateName)} converts ${name}, which the CSV does not own`,
            });
          if (crds.get(name)?.spec?.preserveUnknownFields === true)
            out.push({
              object: `CustomResourceDefinition/${name}`,
              message: 'a CRD converted by a webhook must not set preserveUnknownFields: true',
            });
        }
      }
      return out;
    },
  },
];
