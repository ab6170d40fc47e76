import { asObjArray, describeObject, isObj, nameOf, type Obj } from '../model/objects.js';
import { isDns1123Label, isDns1123Subdomain } from '../model/names.js';
import type { CheckDefinition, RawFinding } from './types.js';

function perCrd(fn: (crd: Obj) => string[]): CheckDefinition['run'] {
  return (v) =>
    v.crds.flatMap((m) =>
      fn(m.obj).map((message): RawFinding => ({ object: `${m.path} ${describeObject(m.obj)}`, message })),
    );
}

const KIND_RE = /^[A-Z][A-Za-z0-9]*$/;

/**
 * crdChecks are the Kubernetes CRD validation errors operator-framework/api reports
 * (pkg/validation/internal/crd.go, validateInternalCRD: apiextensions' ValidateCustomResourceDefinition),
 * excluding errors whose field path contains openAPIV3Schema or status, as upstream does.
 */
export const crdChecks: CheckDefinition[] = [
  {
    name: 'crd-name',
    validator: 'crd',
    severity: 'error',
    run: perCrd((crd) => {
      const want = `${String(crd.spec?.names?.plural)}.${String(crd.spec?.group)}`;
      return nameOf(crd) === want ? [] : [`metadata.name must be spec.names.plural+"."+spec.group: "${want}"`];
    }),
  },
  {
    name: 'crd-group',
    validator: 'crd',
    severity: 'error',
    run: perCrd((crd) => {
      const g = String(crd.spec?.group ?? '');
      return g.includes('.') && isDns1123Subdomain(g)
        ? []
        : [`spec.group "${g}" must be a DNS subdomain with at least one dot`];
    }),
  },
  {
    name: 'crd-names',
    validator: 'crd',
    severity: 'error',
    run: perCrd((crd) => {
      const n: Obj = isObj(crd.spec?.names) ? crd.spec.names : {};
      const out: string[] = [];
      if (!isDns1123Label(String(n.plural ?? '')))
        out.push(`spec.names.plural "${String(n.plural ?? '')}" must be a lowercase DNS-1123 label`);
      if (n.singular !== undefined && !isDns1123Label(String(n.singular)))
        out.push(`spec.names.singular "${String(n.singular)}" must be a lowercase DNS-1123 label`);
      if (!KIND_RE.test(String(n.kind ?? '')))
        out.push(`spec.names.kind "${String(n.kind ?? '')}" must be a CamelCase identifier`);
      if (n.listKind !== undefined && (!KIND_RE.test(String(n.listKind)) || n.listKind === n.kind))
        out.push(`spec.names.listKind "${String(n.listKind)}" is invalid`);
      return out;
    }),
  },
  {
    name: 'crd-scope',
    validator: 'crd',
    severity: 'error',
    run: perCrd((crd) =>
      ['Namespaced', 'Cluster'].includes(String(crd.spec?.scope))
        ? []
        : [`spec.scope must be Namespaced or Cluster, not "${String(crd.spec?.scope)}"`],
    ),
  },
  {
    name: 'crd-versions',
    validator: 'crd',
    severity: 'error',
    run: perCrd((crd) => {
      const versions = asObjArray(crd.spec?.versions);
      if (versions.length === 0) return ['spec.versions must list at least one version'];
      const out: string[] = [];
      const seen = new Set<string>();
      for (const v of versions) {
        const name = String(v.name ?? '');
        if (!isDns1123Label(name)) out.push(`version name "${name}" must be a DNS-1123 label`);
        if (seen.has(name)) out.push(`version "${name}" is listed twice`);
        seen.add(name);
      }
      return out;
    }),
  },
  {
    name: 'crd-storage-version',
    validator: 'crd',
    severity: 'error',
    run: perCrd((crd) => {
      const n = asObjArray(crd.spec?.versions).filter((v) => v.storage === true).length;
      return n === 1 || asObjArray(crd.spec?.versions).length === 0
        ? []
        : [`exactly one version must be the storage version, found ${n}`];
    }),
  },
  {
    name: 'crd-conversion-review-versions',
    validator: 'crd',
    severity: 'error',
    run: perCrd((crd) => {
      const c: Obj | undefined = crd.spec?.conversion;
      if (c?.strategy !== 'Webhook') return [];
      const wh: Obj = isObj(c.webhook) ? c.webhook : {};
      const out: string[] = [];
      if (!Array.isArray(wh.conversionReviewVersions) || wh.conversionReviewVersions.length === 0)
        out.push('spec.conversion.webhook.conversionReviewVersions is required for the Webhook strategy');
      if (!isObj(wh.clientConfig))
        out.push('spec.conversion.webhook.clientConfig is required for the Webhook strategy');
      return out;
    }),
  },
];
